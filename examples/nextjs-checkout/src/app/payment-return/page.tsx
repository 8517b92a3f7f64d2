import { normalizePaymentStatus } from '@tessera/server';
import Link from 'next/link';
import { outcomeOf, Result } from '@/components/result';
import { getTessera } from '@/lib/tessera';

/**
 * Where a redirect action's page (the bank's, the processor's) sends the customer back: the order's `returnUrl`, with
 * `paymentId` in the query. The server continues the payment and shows where it stands.
 */
export default async function PaymentReturn({ searchParams }: { searchParams: Promise<{ paymentId?: string | string[] }> }) {
  const { paymentId } = await searchParams;
  const payment = typeof paymentId === 'string' && paymentId !== '' ? await getTessera().payments.continue({ paymentId }) : undefined;
  const outcome = payment ? outcomeOf(normalizePaymentStatus(payment), payment) : { kind: 'failed', title: 'No payment to show', text: 'This page shows a payment when your bank sends you back.' } as const;
  return (
    <main className="checkout">
      <Result outcome={outcome}><Link href="/">Back to the shop</Link></Result>
    </main>
  );
}
