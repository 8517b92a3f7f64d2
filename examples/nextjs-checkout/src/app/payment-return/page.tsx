import { normalizePaymentStatus } from '@tessera/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PaymentResult } from '@/components/checkout';
import { getTessera } from '@/lib/tessera';

/**
 * Where a redirect action's page (the bank's, the processor's) sends the customer back: the order's `returnUrl`, with
 * `paymentId` in the query. The server continues the payment and shows where it stands (only its status, amount and
 * currency reach the page).
 */
export default async function PaymentReturn({ searchParams }: { searchParams: Promise<{ paymentId?: string | string[] }> }) {
  const { paymentId } = await searchParams;
  if (typeof paymentId !== 'string' || paymentId === '') notFound();
  const payment = await getTessera().payments.continue({ paymentId });
  return (
    <main className="checkout">
      <PaymentResult result={{ status: normalizePaymentStatus(payment), payment: { amount: payment.amount, currency: payment.currency } }}>
        <Link href="/">Back to the shop</Link>
      </PaymentResult>
    </main>
  );
}
