import { normalizePaymentStatus } from '@tessera/server';
import { formatAmount } from '@tessera/core';
import Link from 'next/link';
import { getTessera } from '@/lib/tessera';

/**
 * Where a redirect action's page (the bank's, the processor's) sends the customer back: the `returnUrl` the payment
 * route gives the payment, with `paymentId` in the query. The server continues the payment and shows where it stands.
 */
export default async function PaymentReturn({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { paymentId } = await searchParams;
  if (typeof paymentId !== 'string' || paymentId === '') return <Result outcome="error" title="No payment to show" />;
  const payment = await getTessera().payments.continue({ paymentId });
  const status = normalizePaymentStatus(payment);
  if (status === 'succeeded' || status === 'authorized') return <Result outcome="succeeded" title="Payment succeeded" text={`${formatAmount(payment.amount, payment.currency, 'en-US')} paid. Thank you!`} />;
  if (status === 'declined') return <Result outcome="declined" title="Payment declined" text="Your bank declined the payment. Try another card." />;
  return <Result outcome="failed" title="Payment not completed" text="The payment was not completed. You have not been charged." />;
}

function Result({ outcome, title, text }: { outcome: string; title: string; text?: string }) {
  return (
    <main className="checkout">
      <section className={`result ${outcome}`} role="status" data-outcome={outcome}>
        <h2>{title}</h2>
        {text && <p>{text}</p>}
        <Link href="/">Back to the shop</Link>
      </section>
    </main>
  );
}
