import { createThreeDSSessionRequest } from '@tessera/core/schemas';
import { sessionPaymentIdRequest, sessionPaymentInstrumentRequest, sessionPayRequest, sessionThreeDSRequest } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { positionsWhere } from '../state/ordered.js';
import { notFound, validationError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import { vaultTokens } from '../emulations/vault.js';
import { type CheckoutPayment, payCheckoutSession } from './checkout.js';
import { type CmsSessionRecord, cmsSessions } from './cms-sessions.js';
import { type InstrumentRecord, instruments, publicInstrument } from './instruments.js';
import { orders } from './orders.js';
import { requirePayment, type PaymentRecord } from './payment-records.js';
import { publicPayment, type PaymentView } from './payments.js';
import { requireSessionCheckout } from './store-checkout.js';
import { createThreeDSSession, threedsSessions, type ThreeDSSessionRecord } from './threeds-sessions.js';

// What a browser session (`x-cms-token`) pays with and reads: its instruments, their 3DS sessions, pay-v2 on its own
// checkout sessions, and its own payments, in the shapes `@tagadapay/plugin-sdk@2.3.3` reads (`hooks/usePayment.js`,
// `hooks/useThreeds.js`, `hooks/usePaymentPolling.js`) and `@tagadapay/core-js@3.1.0` calls (`PaymentsClient`,
// the radar managers). Vendor code, not published (but pay-v2's path and body). Anything of another session is the
// same 404 as what does not exist.

/** The session's instrument, or a 404 (another session's included). */
function requireOwnInstrument(ctx: SandboxContext, session: CmsSessionRecord, id: string): InstrumentRecord {
  const instrument = session.instrumentIds.includes(id) ? instruments.of(ctx).get(id) : undefined;
  if (!instrument) throw notFound('payment instrument', id);
  return instrument;
}

/** A payment this session made, or a 404 `PAYMENT_NOT_FOUND` (another session's included). */
export function requireOwnPayment(ctx: SandboxContext, session: CmsSessionRecord, id: string): PaymentRecord {
  if (!session.paymentIds.includes(id)) throw notFound('payment', id, 'PAYMENT_NOT_FOUND');
  return requirePayment(ctx, id);
}

/**
 * A radar session's target on the session token: its `paymentId` (or the order of a payment) must be this session's.
 */
export function requireOwnRadarTarget(ctx: SandboxContext, session: CmsSessionRecord, target: { paymentId?: string | undefined; orderId?: string | undefined }): void {
  if (target.paymentId !== undefined) {
    requireOwnPayment(ctx, session, target.paymentId);
    return;
  }
  const order = target.orderId === undefined ? undefined : orders.of(ctx).get(target.orderId);
  if (!order || !session.paymentIds.includes(order.paymentId)) throw notFound('order', target.orderId ?? '');
}

/**
 * `POST /api/v1/payment/create-payment-instrument { paymentInstrumentData: { type, token } }` → the instrument as
 * create-from-token answers it, with `token` (the vault token's id: plugin-sdk reads `id` and `token`). The token must
 * be a vault token of that type that no other session used (else a 400 on `paymentInstrumentData.token` that never echoes
 * it); the card facts come
 * from the vault, never from the body. For the session's customer and store.
 */
export function createSessionInstrument(ctx: SandboxContext, session: CmsSessionRecord, body: unknown): Record<string, unknown> {
  const { paymentInstrumentData: data } = validate(sessionPaymentInstrumentRequest, body);
  const token = vaultTokens.of(ctx).get(data.token);
  // A vault token another session made an instrument of is not this one's (its id may have reached another page).
  const taken = token !== undefined && [...cmsSessions.of(ctx).values()].some((other) => other.id !== session.id && other.vaultTokenIds.includes(token.id));
  if (!token || token.type !== data.type || taken) {
    throw validationError([{ field: 'paymentInstrumentData.token', code: 'invalid_token', message: `is not a vault token of type ${data.type}: tokenize the card (or wallet payment) with the vault first and send its id` }]);
  }
  const instrument: InstrumentRecord = {
    id: ctx.nextId('pi'),
    type: data.type,
    customerId: session.customerId,
    storeId: session.storeId,
    isActive: true,
    isDefault: positionsWhere(instruments.of(ctx), 'customerId', session.customerId).length === 0,
    tokenizer: 'basistheory',
    card: { last4: token.last4, brand: token.brand, expMonth: token.expMonth, expYear: token.expYear },
    bin: token.bin,
    cardEnrichment: { funding: 'credit', segment: 'consumer' },
    outcome: token.outcome,
    createdAt: ctx.nowIso(session.customerId),
  };
  instruments.of(ctx).set(instrument.id, instrument);
  session.instrumentIds.push(instrument.id);
  if (!session.vaultTokenIds.includes(token.id)) session.vaultTokenIds.push(token.id);
  return { ...publicInstrument(instrument), token: token.id };
}

/**
 * `POST /api/v1/threeds/create-session { provider, paymentInstrumentId, sessionData }` → the 3DS session as `POST
 * /threeds/create-session` answers it, for an instrument of this session (else a 404).
 */
export function createSessionThreeDSSession(ctx: SandboxContext, session: CmsSessionRecord, body: unknown): ThreeDSSessionRecord {
  const input = validate(sessionThreeDSRequest, body);
  requireOwnInstrument(ctx, session, input.paymentInstrumentId);
  const request = validate(createThreeDSSessionRequest, { provider: input.provider, storeId: session.storeId, paymentInstrumentId: input.paymentInstrumentId, sessionData: input.sessionData });
  return createThreeDSSession(ctx, request);
}

/**
 * `POST /api/public/v1/checkout/pay-v2` on the session token: a checkout session and instrument of this session (else
 * a 404), customer-initiated only, no price or amount key; the payment runs through the store's flow (3DS with
 * `threedsSessionId`, challenges, radar checks, declines: the customer is there to act). A session already paid or
 * with a payment still pending is a 409 and nothing is charged. `body` is the request as sent.
 */
export function payAsSession(ctx: SandboxContext, session: CmsSessionRecord, body: unknown, origin: string): CheckoutPayment {
  const input = validate(sessionPayRequest, body);
  requireSessionCheckout(ctx, session, (candidate) => candidate.id === input.checkoutSessionId);
  requireOwnInstrument(ctx, session, input.paymentInstrumentId);
  // Another instrument's 3DS session is the same 404 as none: the page learns nothing of the ids others made.
  if (input.threedsSessionId !== undefined && threedsSessions.of(ctx).get(input.threedsSessionId)?.paymentInstrumentId !== input.paymentInstrumentId) {
    throw notFound('3DS session', input.threedsSessionId);
  }
  const paid = payCheckoutSession(
    ctx,
    { checkoutSessionId: input.checkoutSessionId, paymentInstrumentId: input.paymentInstrumentId, threedsSessionId: input.threedsSessionId, returnUrl: input.returnUrl, initiatedBy: 'customer' },
    origin,
    true,
  );
  session.paymentIds.push(paid.payment.id);
  return { ...paid, payment: pageView(paid.payment) };
}

/**
 * A payment as a page may see it: the block rule that declined it (which rule, what it matched) is for the merchant,
 * who reads it with the secret key; a page reads only that the payment was declined, so a shopper learns nothing of
 * the merchant's fraud rules.
 */
export function pageView<P extends Pick<PaymentRecord, 'requireActionData'>>(payment: P): P {
  const action = payment.requireActionData;
  if (action?.type !== 'error' || action.blockRule === undefined) return payment;
  const declined = { ...action };
  delete declined.blockRule;
  return { ...payment, requireActionData: { ...declined, message: 'The payment was declined: the customer may pay with another card.' } };
}

/** `GET /api/v1/payments/{id}`: a payment this session made, as `GET /payments/{id}` answers it (else a 404). */
export function sessionPayment(ctx: SandboxContext, session: CmsSessionRecord, id: string): PaymentView {
  return pageView(publicPayment(ctx, requireOwnPayment(ctx, session, id)));
}

/**
 * `POST /api/v1/payments/require-action/processed { paymentId }` → `{ success: true }`: the page took the payment's
 * action (plugin-sdk does this before it runs one, and skips an action marked processed). Own payments only.
 */
export function markActionProcessed(ctx: SandboxContext, session: CmsSessionRecord, body: unknown): { success: true } {
  const payment = requireOwnPayment(ctx, session, validate(sessionPaymentIdRequest, body).paymentId);
  if (payment.requireActionData !== null) payment.requireActionData.processed = true;
  return { success: true };
}
