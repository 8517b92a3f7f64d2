import { CHECKOUT_PAYMENT_TOKEN_HEADER, normalizePaymentStatus, toConfirmablePayment, TesseraValidationError, type CheckoutPaymentAnswer, type Payment } from '@tessera/core';
import { parseOrThrow } from '@tessera/core/internal';
import type { Tessera } from '../client/tessera.js';
import { CheckoutFailure } from './checkout-failure.js';
import { checkoutRadarSessionRequest } from './checkout-requests.js';
import { radarSessionKey } from './idempotency-keys.js';
import type { PaymentTokens } from './payment-token.js';
import { serverFailure, serviceFailure } from './service-failure.js';

/** What the payment routes need of the handler. */
export interface PaymentRouteContext {
  tessera: Tessera;
  tokens: PaymentTokens;
  report: (error: unknown) => void;
}

const forbiddenPayment = () =>
  new CheckoutFailure(403, 'forbidden_payment', 'This page may not act on this payment: use the payment token the payment’s own answer gave, or start a new payment.');

/**
 * Refuses a request whose payment token does not name `paymentId` (missing, another payment's, altered or expired),
 * before any service call: the answer is the same whether the payment exists or not.
 */
async function requireToken(tokens: PaymentTokens, request: Request, paymentId: string): Promise<string> {
  const token = request.headers.get(CHECKOUT_PAYMENT_TOKEN_HEADER);
  if (!(await tokens.verify(token, paymentId))) throw forbiddenPayment();
  return token!;
}

async function call<T>(report: (error: unknown) => void, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    report(error);
    throw error instanceof TesseraValidationError ? serverFailure() : serviceFailure(error, 'payment');
  }
}

function paymentAnswer(payment: Payment, paymentToken: string): Response {
  const answer: CheckoutPaymentAnswer = { payment: toConfirmablePayment(payment), paymentToken };
  return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
}

/** `GET {base}/payments/{id}`: the payment as it is now. */
export async function retrieve(context: PaymentRouteContext, request: Request, paymentId: string): Promise<Response> {
  const token = await requireToken(context.tokens, request, paymentId);
  return paymentAnswer(await call(context.report, () => context.tessera.payments.retrieve(paymentId)), token);
}

/**
 * `POST {base}/payments/{id}/continue`: reads the payment first, and continues it only while it waits on the customer
 * (`requires_action`); otherwise answers it as it is. So a replayed continue, once the first moved the payment on, is
 * answered without a second continue; one retrieve per continue at most.
 */
export async function continuePayment(context: PaymentRouteContext, request: Request, paymentId: string): Promise<Response> {
  const token = await requireToken(context.tokens, request, paymentId);
  const current = await call(context.report, () => context.tessera.payments.retrieve(paymentId));
  if (normalizePaymentStatus(current) !== 'requires_action') return paymentAnswer(current, token);
  return paymentAnswer(await call(context.report, () => context.tessera.payments.continue({ paymentId })), token);
}

/**
 * `POST {base}/radar-sessions`: the page's radar session for the payment its token names (`paymentId` required; a
 * Stripe session by `orderId` alone is refused, as nothing ties an order to the token). Replayed, it is the same
 * save: its idempotency key is derived from the payment and the session.
 */
export async function saveRadarSession(context: PaymentRouteContext, request: Request, body: Record<string, unknown>): Promise<Response> {
  let session;
  try {
    session = parseOrThrow(checkoutRadarSessionRequest, body);
  } catch (error) {
    if (!(error instanceof TesseraValidationError)) throw error;
    throw new CheckoutFailure(400, 'invalid_request', 'The radar session is not complete: send paymentId with the Airwallex or Stripe session, as the checkout client does.', error.fields);
  }
  await requireToken(context.tokens, request, session.paymentId);
  const key = await radarSessionKey(session.paymentId, session);
  const { radarSession } = await call(context.report, () => context.tessera.radarSessions.create(session, { idempotencyKey: key }));
  return Response.json({ radarSessionId: radarSession?.radarSessionId ?? null }, { headers: { 'cache-control': 'no-store' } });
}
