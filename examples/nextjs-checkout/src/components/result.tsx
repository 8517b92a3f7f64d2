import type { ReactNode } from 'react';
import { formatPrice } from '@/lib/cart';

/** Where a payment ended, as the customer reads it: on the checkout page and on the return page alike. */
export type Outcome = { kind: 'succeeded' | 'declined' | 'failed' | 'cancelled' | 'redirecting'; title: string; text: string };

/** The outcome of a payment's status (`normalizePaymentStatus`); `challenged`: the customer was shown a 3DS challenge. */
export function outcomeOf(status: string, payment: { amount: number; currency: string }, challenged = false): Outcome {
  if (status === 'succeeded' || status === 'authorized') return { kind: 'succeeded', title: 'Payment succeeded', text: `${formatPrice(payment.amount, payment.currency)} paid. Thank you!` };
  if (status === 'declined') return { kind: 'declined', title: 'Payment declined', text: 'Your bank declined the payment. Try another card.' };
  if (status === 'requires_action' && challenged) return { kind: 'cancelled', title: 'Verification cancelled', text: 'You closed the verification. You have not been charged.' };
  return { kind: 'failed', title: 'Payment not completed', text: 'The payment was not completed. You have not been charged.' };
}

export function Result({ outcome, children }: { outcome: Outcome; children?: ReactNode }) {
  return (
    <section className={`result ${outcome.kind}`} role="status" data-outcome={outcome.kind}>
      <h2>{outcome.title}</h2>
      <p>{outcome.text}</p>
      {children}
    </section>
  );
}
