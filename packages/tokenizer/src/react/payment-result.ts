import { formatAmount, type NormalizedPaymentStatus } from '@tessera/core';
import { createElement, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import type { PayResult } from './use-pay.js';

/**
 * Where a payment ended, as the customer reads it; `redirecting`: the page is leaving for the bank's; `pending`: the
 * payment may still go through (nothing to retry); `refunded`: paid, then refunded.
 */
export type PaymentDescriptionKind = 'succeeded' | 'declined' | 'failed' | 'cancelled' | 'redirecting' | 'pending' | 'refunded';

/** What {@link describePayment} answers: the outcome, a heading and a sentence saying what happened and what next. */
export interface PaymentDescription {
  kind: PaymentDescriptionKind;
  /** The heading (`Payment succeeded`). */
  title: string;
  /** What happened and what to do next (`$19.99 paid. Thank you!`); never card data. */
  message: string;
}

/**
 * What {@link describePayment} reads: `pay()`'s result, or on your return page the payment your server continued
 * (`{ status: normalizePaymentStatus(payment), payment: { amount, currency } }`).
 */
export interface DescribablePayment {
  status: NormalizedPaymentStatus;
  payment: { readonly amount: number; readonly currency: string };
  /** Set when a 3DS challenge ran: a `requires_action` then means the customer closed it. */
  challenge?: PayResult['challenge'];
  /** `navigate`: the page is leaving for the bank's page. */
  redirect?: PayResult['redirect'];
}

/**
 * The outcome of a payment in the customer's words (English): paid (`succeeded`, `authorized`), declined, a 3DS
 * challenge or bank page the customer closed (`cancelled`: nothing charged), on the way to the bank's page
 * (`redirecting`), not completed (`failed`, `voided`: nothing charged), refunded, else still being confirmed
 * (`pending`: `processing`, `unknown`, an action not run), which says not to pay again, since the payment may still
 * go through. Pass your own `describe` to {@link PaymentResult} for other words.
 */
export function describePayment(result: DescribablePayment): PaymentDescription {
  const { status, payment } = result;
  const amount = formatAmount(payment.amount, payment.currency, 'en-US');
  if (result.redirect === 'navigate') return { kind: 'redirecting', title: 'Taking you to your bank…', message: 'Approve the payment on your bank’s page.' };
  if (status === 'succeeded' || status === 'authorized') return { kind: 'succeeded', title: 'Payment succeeded', message: `${amount} paid. Thank you!` };
  if (status === 'declined') return { kind: 'declined', title: 'Payment declined', message: 'Your bank declined the payment. Try another card.' };
  if (status === 'failed' || status === 'voided') return { kind: 'failed', title: 'Payment not completed', message: 'The payment was not completed. You have not been charged. Try again.' };
  if (status === 'refunded' || status === 'partially_refunded') return { kind: 'refunded', title: 'Payment refunded', message: `This payment of ${amount} was refunded.` };
  if (status === 'requires_action' && (result.challenge || result.redirect === 'closed')) {
    return { kind: 'cancelled', title: 'Verification cancelled', message: 'You closed the verification. You have not been charged.' };
  }
  return { kind: 'pending', title: 'Confirming your payment…', message: 'Your payment is still being confirmed. Do not pay again: the shop will tell you when it is done.' };
}

// The outcomes after which paying again cannot charge twice.
const retryable: ReadonlySet<PaymentDescriptionKind> = new Set(['succeeded', 'declined', 'failed', 'cancelled']);

/** Props of {@link PaymentResult}. */
export interface PaymentResultProps {
  /** `pay()`'s result (`usePay`'s `result`), or the payment your return page continued. */
  result: DescribablePayment;
  /**
   * Shows a button (`Pay again` after a payment, else `Try again`) that calls this: `usePay`'s `reset`. None while
   * redirecting, while the payment is still being confirmed (`pending`: it may still go through) or after a refund.
   */
  onRetry?: () => void;
  /** Your words for the outcome (another language, your tone). Default {@link describePayment}. */
  describe?: (result: DescribablePayment) => PaymentDescription;
  /** Class of the `<section>`; it also has `data-outcome` (`succeeded`, `declined`, …) to style each outcome. */
  className?: string;
  /** Shown after the message (a link back to the shop, the order number). */
  children?: ReactNode;
}

/**
 * The end of a payment, accessible as WCAG 2.2 asks: a status region with a heading and the message, which takes
 * the keyboard focus when it appears (the form it replaces is gone, so focus would fall to the page's start), so a
 * screen reader reads it at once. When it goes (`Pay again`), the focus returns to what had it before (the Pay
 * button), when that can take it again.
 *
 * ```tsx
 * const { pay, result, reset } = usePay(tessera);
 * return result ? <PaymentResult result={result} onRetry={reset} /> : <form>…</form>;
 * ```
 */
export function PaymentResult(props: PaymentResultProps): ReactElement {
  const { result, onRetry, describe = describePayment, className, children } = props;
  const outcome = describe(result);
  const section = useRef<HTMLElement>(null);
  // What had the focus before (the Pay button): it gets it back when the result goes (Pay again), if it can take it.
  // Read at the first render, before the page hides it in the same commit.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(() => {
    section.current?.focus();
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || section.current?.contains(active) === true;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);
  const retry = onRetry && retryable.has(outcome.kind) ? createElement('button', { type: 'button', onClick: onRetry }, outcome.kind === 'succeeded' ? 'Pay again' : 'Try again') : undefined;
  return createElement(
    'section',
    { ref: section, className, role: 'status', tabIndex: -1, 'data-outcome': outcome.kind },
    createElement('h2', null, outcome.title),
    createElement('p', null, outcome.message),
    children,
    retry,
  );
}
