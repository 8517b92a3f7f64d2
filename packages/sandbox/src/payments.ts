import type { CaptureRequest, OperationInput } from '@tessera/core';
import { ACS_MESSAGE_VERSION, authenticateBtSession, completeBtChallenge, findBtThreeDSSession, newBtThreeDSSession } from './bt-threeds.js';
import type { SandboxContext } from './context.js';
import { invalidState, notFound, SandboxHttpError, validationError } from './http-error.js';
import { requireInstrument, requireStore } from './instruments.js';
import { resolveFlow, routePayment } from './payment-routing.js';
import { sandboxRoutes } from './sandbox-routes.js';
import type { BtThreeDSSessionRecord, LedgerEntry, PaymentRecord } from './state.js';

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

function addLedger(ctx: SandboxContext, payment: PaymentRecord, kind: LedgerEntry['kind'], amount: number): void {
  ctx.state.ledger.push({ paymentId: payment.id, kind, amount, currency: payment.currency, at: ctx.nowIso() });
}

function setStatus(ctx: SandboxContext, payment: PaymentRecord, status: string): void {
  payment.status = status;
  payment.updatedAt = ctx.nowIso();
  ctx.webhooks.emit(`payment.${status}`, payment.storeId, payment);
}

function approve(ctx: SandboxContext, payment: PaymentRecord): void {
  if (payment.mode === 'purchase') {
    payment.capturedAmount = payment.amount;
    addLedger(ctx, payment, 'charge', payment.amount);
    setStatus(ctx, payment, 'succeeded');
  } else {
    addLedger(ctx, payment, 'authorize', payment.amount);
    setStatus(ctx, payment, 'authorized');
  }
}

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
  const now = ctx.nowIso();
  const payment: PaymentRecord = {
    id: ctx.nextId('pay'),
    amount: input.amount,
    currency: input.currency,
    status: 'processing',
    requireAction: 'none',
    requireActionData: null,
    mode: input.mode,
    initiatedBy: input.initiatedBy,
    ...(input.reasonType !== undefined ? { reasonType: input.reasonType } : {}),
    storeId: store.id,
    paymentInstrumentId: instrument.id,
    customerId: instrument.customerId,
    paymentFlowId: flow?.id ?? null,
    ...(input.threedsSessionId !== undefined ? { threedsSessionId: input.threedsSessionId } : {}),
    capturedAmount: 0,
    refundedAmount: 0,
    processorId: routing.processorId,
    attempts: routing.attempts,
    createdAt: now,
    updatedAt: now,
  };
  ctx.state.payments.set(payment.id, payment);
  switch (routing.outcome) {
    case 'approved':
      // Frictionless: the service authenticates the BT session it was given, and no challenge is needed.
      if (btSession) authenticateBtSession(btSession, false, '');
      approve(ctx, payment);
      break;
    case 'declined':
    case 'failed':
      setStatus(ctx, payment, routing.outcome);
      break;
    case 'challenge': {
      // The service authenticates the BT session (one the sandbox makes when the payment named none, or named one
      // that was already used): BT answers `challenge` with the ACS URL and transaction id the page needs.
      const session = btSession?.authenticationStatus === 'pending' ? btSession : newBtThreeDSSession(ctx, null, instrument.card.brand);
      authenticateBtSession(session, true, `${origin}${sandboxRoutes.acsChallenge}`);
      const acsTransID = session.acsTransID;
      payment.requireAction = 'threeds_auth';
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
      setStatus(ctx, payment, 'pending');
      break;
    }
  }
  return payment;
}

/** Captures an authorization once, for at most the authorized amount (all of it when `amount` is omitted). */
export function capture(ctx: SandboxContext, input: CaptureRequest): PaymentRecord {
  const payment = requirePayment(ctx, input.paymentId, input.storeId);
  if (payment.status !== 'authorized') throw invalidState(`Payment ${payment.id} is ${payment.status}; only an authorized payment can be captured`);
  const amount = input.amount ?? payment.amount;
  if (amount > payment.amount) {
    throw new SandboxHttpError(422, 'amount_exceeds_capturable', `Capture amount ${amount} is above the authorized ${payment.amount}`);
  }
  payment.capturedAmount = amount;
  addLedger(ctx, payment, 'capture', amount);
  setStatus(ctx, payment, 'succeeded');
  return payment;
}

/** `POST /payments/process` → `{ payment }`. */
export function processPayment(ctx: SandboxContext, input: OperationInput<'processPayment'>, origin: string): { payment: PaymentRecord } {
  if (input.mode === 'capture') return { payment: capture(ctx, input) };
  return { payment: charge(ctx, input, origin) };
}

/** `POST /payments/void`: cancels an authorization → `{ payment }` with status `voided`. */
export function voidPayment(ctx: SandboxContext, input: OperationInput<'voidPayment'>): { payment: PaymentRecord } {
  const payment = requirePayment(ctx, input.paymentId, input.storeId);
  if (payment.status !== 'authorized') throw invalidState(`Payment ${payment.id} is ${payment.status}; only an authorized payment can be voided`);
  addLedger(ctx, payment, 'void', payment.amount);
  setStatus(ctx, payment, 'voided');
  return { payment };
}

/** `POST /payments/refund`: refunds part or all of what was captured, summed across refunds → `{ payment }`. */
export function refundPayment(ctx: SandboxContext, input: OperationInput<'refundPayment'>): { payment: PaymentRecord } {
  const payment = requirePayment(ctx, input.paymentId, input.storeId);
  if (payment.status !== 'succeeded' && payment.status !== 'partially_refunded') {
    throw invalidState(`Payment ${payment.id} is ${payment.status}; only a captured payment can be refunded`);
  }
  const refundable = payment.capturedAmount - payment.refundedAmount;
  const amount = input.amount ?? refundable;
  if (amount > refundable) {
    throw new SandboxHttpError(422, 'amount_exceeds_refundable', `Refund amount ${amount} is above the ${refundable} still refundable`);
  }
  payment.refundedAmount += amount;
  addLedger(ctx, payment, 'refund', amount);
  setStatus(ctx, payment, payment.refundedAmount === payment.capturedAmount ? 'refunded' : 'partially_refunded');
  return { payment };
}

/**
 * Settles the payment waiting on the challenge `acsTransID`: approve → succeeded (authorized for mode auth),
 * fail → failed. A second completion changes nothing. Returns `undefined` for an unknown challenge.
 */
export function settleChallenge(ctx: SandboxContext, acsTransID: string, approved: boolean): PaymentRecord | undefined {
  const paymentId = ctx.state.challenges.get(acsTransID);
  const payment = paymentId === undefined ? undefined : ctx.state.payments.get(paymentId);
  if (!payment || payment.status !== 'pending') return payment;
  payment.requireAction = 'none';
  const btSession = findBtThreeDSSession(ctx, payment.requireActionData?.metadata.threedsSession.externalSessionId ?? '');
  if (btSession) completeBtChallenge(btSession, approved);
  if (payment.threedsSessionId !== undefined) {
    const session = ctx.state.threedsSessions.get(payment.threedsSessionId);
    if (session) session.status = approved ? 'authenticated' : 'failed';
  }
  if (approved) approve(ctx, payment);
  else setStatus(ctx, payment, 'failed');
  return payment;
}

/** List payments (`POST /payments`): newest first, filtered by `filters.storeIds` → `{ data, total, page, pageSize }`. */
export function listPayments(ctx: SandboxContext, input: OperationInput<'listPayments'>): { data: PaymentRecord[]; total: number; page: number; pageSize: number } {
  const storeIds = input.filters?.storeIds;
  const matching = [...ctx.state.payments.values()].filter((payment) => !storeIds || storeIds.includes(payment.storeId)).reverse();
  const { page, pageSize } = input.pagination;
  return { data: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
}
