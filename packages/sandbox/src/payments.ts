import type { CaptureRequest, OperationInput } from '@tessera/core';
import { ACS_MESSAGE_VERSION, authenticateBtSession, completeBtChallenge, findBtThreeDSSession, newBtThreeDSSession } from './bt-threeds.js';
import type { SandboxContext } from './context.js';
import { notFound, validationError } from './http-error.js';
import { requireInstrument, requireStore } from './instruments.js';
import { canTransition, openPayment, transition, type PaymentTransitionName } from './lifecycle.js';
import { resolveFlow, routePayment } from './payment-routing.js';
import { sandboxRoutes } from './sandbox-routes.js';
import type { BtThreeDSSessionRecord, PaymentRecord } from './state.js';

/** A purchase or authorization, validated. */
export interface ChargeInput {
  mode: 'purchase' | 'auth';
  amount: number;
  currency: string;
  storeId: string;
  paymentInstrumentId: string;
  initiatedBy: 'customer' | 'merchant';
  reasonType?: PaymentRecord['reasonType'] | undefined;
  threedsSessionId?: string | undefined;
  paymentFlowId?: string | undefined;
}

// An approval (by the processor, or by the customer on the challenge page) takes the money of a purchase, or
// holds it for an authorization.
const approval = (payment: PaymentRecord): PaymentTransitionName => (payment.mode === 'purchase' ? 'purchase' : 'authorize');

/** The payment, or a 404 (also when `storeId` is given and the payment belongs to another store). */
export function requirePayment(ctx: SandboxContext, id: string, storeId?: string): PaymentRecord {
  const payment = ctx.state.payments.get(id);
  if (!payment || (storeId !== undefined && payment.storeId !== storeId)) throw notFound('payment', id);
  return payment;
}

/**
 * Creates a purchase or an authorization and runs it through the store's flow. `origin` is the sandbox origin the
 * ACS challenge URL points at. `threeDs: false` skips 3DS (checkout completion, renewals).
 */
export function charge(ctx: SandboxContext, input: ChargeInput, origin: string, options: { threeDs: boolean } = { threeDs: true }): PaymentRecord {
  const store = requireStore(ctx, input.storeId);
  const instrument = requireInstrument(ctx, input.paymentInstrumentId);
  let btSession: BtThreeDSSessionRecord | undefined;
  if (input.threedsSessionId !== undefined) {
    const session = ctx.state.threedsSessions.get(input.threedsSessionId);
    if (!session) throw notFound('3DS session', input.threedsSessionId);
    if (session.paymentInstrumentId !== instrument.id) {
      throw validationError([{ field: 'threedsSessionId', code: 'instrument_mismatch', message: 'belongs to another payment instrument' }]);
    }
    btSession = findBtThreeDSSession(ctx, session.externalSessionId);
  }
  const flow = resolveFlow(ctx, store.selectedPaymentFlowId, input.paymentFlowId);
  // Merchant-initiated payments are exempt from SCA: only a customer can complete a challenge.
  const routing = routePayment(ctx, flow, input.currency, instrument.outcome, { threeDs: options.threeDs && input.initiatedBy === 'customer' });
  const payment = openPayment(ctx, {
    amount: input.amount,
    currency: input.currency,
    mode: input.mode,
    initiatedBy: input.initiatedBy,
    reasonType: input.reasonType,
    storeId: store.id,
    paymentInstrumentId: instrument.id,
    customerId: instrument.customerId,
    paymentFlowId: flow?.id ?? null,
    threedsSessionId: input.threedsSessionId,
    processorId: routing.processorId,
  });
  // Each decline that a fallback processor followed is a cascade; the last attempt settles the payment.
  const last = routing.attempts.at(-1);
  for (const attempt of routing.attempts) if (attempt !== last) transition(ctx, payment, 'cascade', { attempt });
  switch (routing.outcome) {
    case 'approved':
      // Frictionless: the service authenticates the BT session it was given, and no challenge is needed.
      if (btSession) authenticateBtSession(btSession, false, '');
      transition(ctx, payment, approval(payment), { attempt: last });
      break;
    case 'declined':
      transition(ctx, payment, 'decline', { attempt: last });
      break;
    case 'failed':
      transition(ctx, payment, 'fail', { attempt: last });
      break;
    case 'challenge': {
      // The service authenticates the BT session (one the sandbox makes when the payment named none, or named one
      // that was already used): BT answers `challenge` with the ACS URL and transaction id the page needs.
      const session = btSession?.authenticationStatus === 'pending' ? btSession : newBtThreeDSSession(ctx, null, instrument.card.brand);
      authenticateBtSession(session, true, `${origin}${sandboxRoutes.acsChallenge}`);
      const acsTransID = session.acsTransID;
      payment.requireActionData = {
        type: 'threeds_auth',
        metadata: {
          threedsSession: {
            externalSessionId: session.id,
            acsChallengeUrl: session.acsChallengeUrl,
            acsTransID,
            messageVersion: ACS_MESSAGE_VERSION,
          },
        },
      };
      ctx.state.challenges.set(acsTransID, payment.id);
      transition(ctx, payment, 'challenge', { attempt: last });
      break;
    }
  }
  return payment;
}

/** Captures an authorization once, for at most the authorized amount (all of it when `amount` is omitted). */
export function capture(ctx: SandboxContext, input: CaptureRequest): PaymentRecord {
  return transition(ctx, requirePayment(ctx, input.paymentId, input.storeId), 'capture', { amount: input.amount });
}

/** `POST /payments/process` → `{ payment }`. */
export function processPayment(ctx: SandboxContext, input: OperationInput<'processPayment'>, origin: string): { payment: PaymentRecord } {
  if (input.mode === 'capture') return { payment: capture(ctx, input) };
  return { payment: charge(ctx, input, origin) };
}

/** `POST /payments/void`: cancels an authorization → `{ payment }` with status `voided`. */
export function voidPayment(ctx: SandboxContext, input: OperationInput<'voidPayment'>): { payment: PaymentRecord } {
  return { payment: transition(ctx, requirePayment(ctx, input.paymentId, input.storeId), 'void') };
}

/** `POST /payments/refund`: refunds part or all of what was captured, summed across refunds → `{ payment }`. */
export function refundPayment(ctx: SandboxContext, input: OperationInput<'refundPayment'>): { payment: PaymentRecord } {
  return { payment: transition(ctx, requirePayment(ctx, input.paymentId, input.storeId), 'refund', { amount: input.amount }) };
}

/**
 * Settles the payment waiting on the challenge `acsTransID`: approve → succeeded (authorized for mode auth),
 * fail → failed. A second completion changes nothing. Returns `undefined` for an unknown challenge.
 */
export function settleChallenge(ctx: SandboxContext, acsTransID: string, approved: boolean): PaymentRecord | undefined {
  const paymentId = ctx.state.challenges.get(acsTransID);
  const payment = paymentId === undefined ? undefined : ctx.state.payments.get(paymentId);
  if (!payment) return undefined;
  // Passed: the approval of its mode; failed: `fail`. Only a payment waiting on its challenge, once.
  if (payment.status !== 'pending') return payment;
  const outcome = approved ? approval(payment) : 'fail';
  if (!canTransition(payment, outcome)) return payment;
  const btSession = findBtThreeDSSession(ctx, payment.requireActionData?.metadata.threedsSession.externalSessionId ?? '');
  if (btSession) completeBtChallenge(btSession, approved);
  if (payment.threedsSessionId !== undefined) {
    const session = ctx.state.threedsSessions.get(payment.threedsSessionId);
    if (session) session.status = approved ? 'authenticated' : 'failed';
  }
  return transition(ctx, payment, outcome);
}

/** List payments (`POST /payments`): newest first, filtered by `filters.storeIds` → `{ data, total, page, pageSize }`. */
export function listPayments(ctx: SandboxContext, input: OperationInput<'listPayments'>): { data: PaymentRecord[]; total: number; page: number; pageSize: number } {
  const storeIds = input.filters?.storeIds;
  const matching = [...ctx.state.payments.values()].filter((payment) => !storeIds || storeIds.includes(payment.storeId)).reverse();
  const { page, pageSize } = input.pagination;
  return { data: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
}
