import type { Payment } from '../resources/payment.js';

/**
 * What a page needs of a payment to run `confirmPayment` (the tokenizer's): its `id`, `amount`, `currency`, `status`
 * and `subStatus`, and the action it asks for (`requireAction`, `requireActionData`); the last three `null` when the
 * service left them out. No other field of the service's payment (its customer, instrument, metadata, …) is in it;
 * `requireActionData` is passed as the service sent it, since what it holds is what the page's next action needs (the
 * 3DS challenge, the redirect URL, the radar script's settings). A `Payment` too, so `confirmPayment` takes it as it is.
 */
export type ConfirmablePayment = {
  [F in 'id' | 'amount' | 'currency' | 'status' | 'subStatus' | 'requireAction' | 'requireActionData']-?: Exclude<Payment[F], undefined>;
};

/**
 * The part of a service payment a merchant server hands the browser for `confirmPayment`
 * ({@link ConfirmablePayment}): the fields it reads, and no other field (the service's payment may carry customer
 * data, which the page has no need of). A field the service left out is `null`, so it survives `JSON.stringify`.
 * @example
 * ```ts
 * // A merchant server's route, after `const payment = await tessera.payments.purchase(request)`:
 * return Response.json({ payment: toConfirmablePayment(payment) });
 * ```
 */
export function toConfirmablePayment(payment: Payment): ConfirmablePayment {
  const { id, amount, currency, status } = payment;
  return { id, amount, currency, status, subStatus: payment.subStatus ?? null, requireAction: payment.requireAction ?? null, requireActionData: payment.requireActionData ?? null };
}
