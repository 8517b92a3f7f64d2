import type { CaptureRequest, PaymentMetadata } from '@tessera/core';
import type { OperationInput } from '@tessera/core/internal';
import { authenticateBtSession, completeBtChallenge, findBtThreeDSSession, type BtThreeDSSessionRecord } from '../emulations/bt-threeds.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { customers, customerFields } from './customers.js';
import { notFound, validationError } from '../errors/http-error.js';
import { requireInstrument, instruments } from './instruments.js';
import { threedsSessions } from './threeds-sessions.js';
import { movementsOf, type LedgerEntry, ledger } from '../state/ledger.js';
import { assertCanTransition, canTransition, openPayment, transition, type PaymentTransitionName } from './lifecycle.js';
import { PAYMENT_STATUS_GROUPS, paymentStatusKey, requirePayment, type PaymentRecord, challenges, payments } from './payment-records.js';
import { customerAction, threeDSChallengeAction } from './payment-actions.js';
import { resolveFlow, routePayment } from './processor-choice.js';
import { changingGroups, countWalk, groupFor, hasMore, pageOf, positionOfId, recordAt, walk, walkGroups } from '../state/ordered.js';
import { anyGiven, passes, passesDate } from './lists.js';
import { hasRadarSession } from './radar-sessions.js';
import type { RecordMap } from '../state/record-map.js';
import { requireStore } from './stores.js';
import { declineReasons } from './test-cards.js';
import { blockingRule } from './block-rules.js';
import { refunds, type RefundRecord } from './refunds.js';

/** The published name of each money movement, as a payment's `transactions` show it (`purchase` for a charge). */
const transactionTypes: Readonly<Record<LedgerEntry['kind'], string>> = { charge: 'purchase', authorize: 'auth', capture: 'capture', void: 'void', refund: 'refund' };

/** A payment as the API answers it: the record's fields, and the published `customer`, `paymentInstrument` and `transactions`. */
export type PaymentView = PaymentRecord & {
  customer: Record<string, unknown>;
  paymentInstrument: Record<string, unknown>;
  transactions: { id: string; type: string; status: 'succeeded'; amount: number; currency: string; createdAt: string }[];
};

/**
 * A payment as the published GET and list answers give it: the record's fields, with its `customer { id, email,
 * firstName, lastName }`, its `paymentInstrument { id, type, card }` and its `transactions` (one per money movement
 * of the ledger: `purchase`, `auth`, `capture`, `void`, `refund`). The process, void and refund answers, whose
 * published examples show none of these, give the record alone (the money path stays as fast as the bare record).
 */
export function publicPayment(ctx: SandboxContext, payment: PaymentRecord): PaymentView {
  const customer = customers.of(ctx).get(payment.customerId);
  const instrument = instruments.of(ctx).get(payment.paymentInstrumentId);
  return {
    ...payment,
    customer: customer ? customerFields(customer) : { id: payment.customerId },
    paymentInstrument: instrument ? { id: instrument.id, type: instrument.type, card: instrument.card } : { id: payment.paymentInstrumentId },
    transactions: movementsOf(ledger.of(ctx), payment.id).map((entry) => ({
      id: entry.id,
      type: transactionTypes[entry.kind],
      status: 'succeeded',
      amount: entry.amount,
      currency: entry.currency,
      createdAt: entry.at,
    })),
  };
}

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
  /**
   * The published request's fields: `orderId` and `subscriptionId` are kept on the payment; a `customerId` naming
   * another customer of the sandbox than the instrument's is refused (400), one it does not know is ignored.
   */
  orderId?: string | undefined;
  customerId?: string | undefined;
  subscriptionId?: string | undefined;
  /** The merchant's own keys, kept on the payment and answered with it. */
  metadata?: PaymentMetadata | undefined;
  /** Where the redirect page sends the customer back (the published process field). */
  returnUrl?: string | undefined;
}

// An approval (by the processor, or by the customer on the challenge page) takes the money of a purchase, or
// holds it for an authorization.
const approval = (payment: PaymentRecord): PaymentTransitionName => (payment.mode === 'purchase' ? 'purchase' : 'authorize');

/** How {@link charge} runs a payment besides its input. */
export interface ChargeOptions {
  /** `false` skips 3DS and the customer's actions (checkout completion without a 3DS session, renewals). */
  threeDs: boolean;
  /** Called with the new payment before it is routed (before any approval): what it pays for links it here. */
  opened?: ((payment: PaymentRecord) => void) | undefined;
}

/**
 * Creates a purchase or an authorization and runs it through the store's flow. `origin` is the sandbox origin the
 * ACS challenge URL points at.
 */
export function charge(ctx: SandboxContext, input: ChargeInput, origin: string, options: ChargeOptions = { threeDs: true }): PaymentRecord {
  const store = requireStore(ctx, input.storeId);
  const instrument = requireInstrument(ctx, input.paymentInstrumentId);
  // A customer of the sandbox other than the instrument's is a contradiction; an id the sandbox does not know (the
  // published example's `cus_456`) is ignored, so that the published example runs as is.
  if (input.customerId !== undefined && input.customerId !== instrument.customerId && customers.of(ctx).has(input.customerId)) {
    throw validationError([{ field: 'customerId', code: 'instrument_mismatch', message: 'is not the customer of the payment instrument' }]);
  }
  let btSession: BtThreeDSSessionRecord | undefined;
  if (input.threedsSessionId !== undefined) {
    const session = threedsSessions.of(ctx).get(input.threedsSessionId);
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
    orderId: input.orderId,
    subscriptionId: input.subscriptionId,
    metadata: input.metadata,
    returnUrl: input.returnUrl,
    processorId: routing.processorId,
  });
  options.opened?.(payment);
  // A block rule declines the payment before any processor sees it, naming the rule and what it matched.
  const blocked = blockingRule(ctx, { instrument, ipAddress: ipAddressOf(input.metadata) });
  if (blocked) {
    const { rule, matched } = blocked;
    payment.requireActionData = { type: 'error', errorCode: 'blocked_by_rule', message: `Declined by block rule "${rule.name}"`, blockRule: { id: rule.id, name: rule.name, operator: rule.operator, matched } };
    transition(ctx, payment, 'decline');
    return payment;
  }
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
    case 'failed':
      // Why, as the vendor's code reads it (an `error` action's message and code): the issuer's answer, else the processor's.
      payment.requireActionData = { type: 'error', ...(instrument.outcome === 'issuer_decline' ? declineReasons.issuer_decline : routing.outcome === 'failed' ? declineReasons.fail : declineReasons.decline) };
      transition(ctx, payment, routing.outcome === 'failed' ? 'fail' : 'decline', { attempt: last });
      break;
    case 'challenge':
      payment.requireActionData = threeDSChallengeAction(ctx, payment, btSession, instrument.card.brand, origin);
      transition(ctx, payment, 'challenge', { attempt: last });
      break;
    case 'redirect':
    case 'processor_auth':
    case 'airwallex_radar':
    case 'stripe_radar':
    case 'airwallex_radar_then_challenge':
      payment.requireActionData = customerAction(payment, routing.outcome, origin);
      transition(ctx, payment, 'challenge', { attempt: last });
      break;
  }
  return payment;
}

/**
 * Captures an authorization once, for at most the authorized amount (all of it when `amount` is omitted). The
 * published API sends `amount`, `currency` and `storeId` with every mode: a `currency` other than the
 * authorization's is a 400 on `currency`, a `storeId` of another store a 404.
 */
export function capture(ctx: SandboxContext, input: CaptureRequest): PaymentRecord {
  const payment = requirePayment(ctx, input.paymentId, input.storeId);
  if (input.currency !== undefined && input.currency !== payment.currency) {
    throw validationError([{ field: 'currency', code: 'currency_mismatch', message: `must be the authorization's currency, ${payment.currency}` }]);
  }
  return transition(ctx, payment, 'capture', { amount: input.amount });
}

/** The customer's IP a payment's `metadata.ipAddress` names (no published request carries it otherwise). */
function ipAddressOf(metadata: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const ip = metadata?.ipAddress;
  return typeof ip === 'string' ? ip : undefined;
}

/** `POST /payments/process` → `{ payment }` (published). */
export function processPayment(ctx: SandboxContext, input: OperationInput<'processPayment'>, origin: string): { payment: PaymentRecord } {
  return { payment: input.mode === 'capture' ? capture(ctx, input) : charge(ctx, input, origin) };
}

/**
 * `POST /payments/continue` → `{ payment }`, as process answers. The sandbox settles a challenge or a page when the
 * customer completes it (the ACS page, the redirect page), so continuing answers the payment as it now is: final once
 * the customer acted, still `pending` (with its `requireAction`) before. A radar check is the one action continuing
 * settles, once its session was saved (`POST /radar-sessions`): the card's outcome then applies (approved, or the
 * 3DS challenge of the radar-then-3DS card, settled by the ACS page); before, the payment stays `pending` on it,
 * unchanged. A payment that does not exist is a 404 `PAYMENT_NOT_FOUND`.
 */
export function continuePayment(ctx: SandboxContext, input: OperationInput<'continuePayment'>, origin: string): { payment: PaymentRecord } {
  const payment = requirePayment(ctx, input.paymentId);
  if (payment.requireAction === 'radar' && hasRadarSession(ctx, payment)) passRadar(ctx, payment, origin);
  return { payment };
}

/** A radar check passed: the radar-then-3DS card asks for its challenge next, any other is approved. */
function passRadar(ctx: SandboxContext, payment: PaymentRecord, origin: string): void {
  if (payment.attempts.at(-1)?.outcome !== 'airwallex_radar_then_challenge') {
    transition(ctx, payment, approval(payment));
    return;
  }
  const session = payment.threedsSessionId === undefined ? undefined : threedsSessions.of(ctx).get(payment.threedsSessionId);
  const btSession = session === undefined ? undefined : findBtThreeDSSession(ctx, session.externalSessionId);
  payment.requireActionData = threeDSChallengeAction(ctx, payment, btSession, requireInstrument(ctx, payment.paymentInstrumentId).card.brand, origin);
  transition(ctx, payment, 'nextAction');
}

/** `GET /payments/{id}` → the payment at the top level (published), or a 404 `PAYMENT_NOT_FOUND`. */
export function retrievePayment(ctx: SandboxContext, id: string): PaymentView {
  return publicPayment(ctx, requirePayment(ctx, id));
}

/**
 * A payment's fields at the top level of an answer, as the published void and refund answers give them, with
 * `extra` (a refund's `refund`), and the payment again under `payment`, the sandbox's earlier answer.
 */
function paymentAnswer(payment: PaymentRecord, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...payment, ...extra, payment };
}

/**
 * `POST /payments/void`: cancels an authorization → as published, the payment at the top level with `status:
 * 'failed'`, `subStatus: 'voided'` and `voidedAt`. Only an `authorized` payment: else 409
 * `TRANSACTION_NOT_AUTHORIZE`; a payment not found (or of another store, when `storeId` is given) is a 404
 * `PAYMENT_NOT_FOUND`.
 */
export function voidPayment(ctx: SandboxContext, input: OperationInput<'voidPayment'>): Record<string, unknown> {
  return paymentAnswer(transition(ctx, requirePayment(ctx, input.paymentId, input.storeId), 'void'));
}

/** A refund as the published refund answer shows it (`id, amount, currency, status, createdAt`), with its payment and metadata. */
function publicRefund(refund: RefundRecord): Record<string, unknown> {
  return { ...refund };
}

/** Refunds one payment (all that is left when `amount` is undefined) and records the refund. */
function refundOne(ctx: SandboxContext, payment: PaymentRecord, amount: number | undefined, metadata: Record<string, unknown> | undefined): RefundRecord {
  const id = ctx.nextId('ref');
  transition(ctx, payment, 'refund', { amount, refundId: id });
  const entry = ledger.of(ctx).at(-1);
  const refund: RefundRecord = {
    id,
    paymentId: payment.id,
    amount: entry?.amount ?? 0,
    currency: payment.currency,
    status: 'succeeded',
    ...(metadata !== undefined ? { metadata } : {}),
    createdAt: ctx.nowIso(payment.customerId),
  };
  refunds.of(ctx).set(id, refund);
  return refund;
}

/**
 * `POST /payments/refund`: refunds part or all of what was captured, summed across refunds, of `paymentId` or of
 * each of `paymentIds` (`amount`, or all that is left: `refundAll`, the default without an amount). Answers as
 * published: the (first) payment's fields at the top level (`id`, `refundedAmount`, `status`, `subStatus`, …) with
 * `refund: { id: 'ref_…', amount, currency, status: 'succeeded', createdAt }`, and `refunds` (one per payment)
 * when several were refunded. Every payment is checked before any is refunded. Several ids with an `amount` are
 * refused (400 on `amount`): the published page does not say whether the amount is per payment or in total.
 */
export function refundPayment(ctx: SandboxContext, input: OperationInput<'refundPayment'>): Record<string, unknown> {
  const ids = input.paymentIds;
  if (new Set(ids).size !== ids.length) throw validationError([{ field: 'paymentIds', code: 'duplicate', message: 'names a payment more than once' }]);
  if (ids.length > 1 && input.amount !== undefined) {
    throw validationError([
      { field: 'amount', code: 'ambiguous', message: 'cannot be given with several paymentIds (per payment or in total is not published): refund each payment on its own' },
    ]);
  }
  if (input.amount === undefined && input.refundAll === false) {
    throw validationError([{ field: 'amount', code: 'required', message: 'is required when refundAll is false' }]);
  }
  const payments = ids.map((id) => requirePayment(ctx, id, input.storeId));
  for (const payment of payments) assertCanTransition(payment, 'refund');
  const refunds = payments.map((payment) => refundOne(ctx, payment, input.amount, input.metadata));
  const [first] = refunds;
  const payment = payments[0];
  if (!first || !payment) throw validationError([{ field: 'paymentIds', code: 'too_small', message: 'must name a payment' }]);
  return paymentAnswer(payment, { refund: publicRefund(first), ...(refunds.length > 1 ? { refunds: refunds.map(publicRefund) } : {}) });
}

/**
 * Settles the payment waiting on the challenge `acsTransID`: approve → succeeded (authorized for mode auth),
 * fail → failed. A second completion changes nothing. Returns `undefined` for an unknown challenge.
 */
export function settleChallenge(ctx: SandboxContext, acsTransID: string, approved: boolean): PaymentRecord | undefined {
  const paymentId = challenges.of(ctx).get(acsTransID);
  const payment = paymentId === undefined ? undefined : payments.of(ctx).get(paymentId);
  if (!payment) return undefined;
  // Passed: the approval of its mode; failed: `fail`. Only a payment waiting on its challenge, once.
  if (payment.status !== 'pending') return payment;
  const outcome = approved ? approval(payment) : 'fail';
  if (!canTransition(payment, outcome)) return payment;
  const btSession = findBtThreeDSSession(ctx, payment.requireActionData?.type === 'threeds_auth' ? payment.requireActionData.metadata.threedsSession.externalSessionId : '');
  if (btSession) completeBtChallenge(btSession, approved);
  if (payment.threedsSessionId !== undefined) {
    const session = threedsSessions.of(ctx).get(payment.threedsSessionId);
    if (session) session.status = approved ? 'authenticated' : 'failed';
  }
  return transition(ctx, payment, outcome);
}

/**
 * Settles a payment waiting on its page (test cards 4000 0000 0000 3063, `redirect`, and 4000 0000 0000 3089,
 * `processor_auth`): approve → succeeded (authorized for mode auth), decline → failed (as a failed challenge). Only
 * once, and only a payment pending on a page; otherwise it is answered as is.
 */
export function settleRedirect(ctx: SandboxContext, paymentId: string, approved: boolean): PaymentRecord | undefined {
  const payment = payments.of(ctx).get(paymentId);
  if (!payment || payment.status !== 'pending' || (payment.requireAction !== 'redirect' && payment.requireAction !== 'processor_auth')) return payment;
  const outcome = approved ? approval(payment) : 'fail';
  return canTransition(payment, outcome) ? transition(ctx, payment, outcome) : payment;
}

/** The page list payments answers without `pagination` (the published convention: page 1 of 20). */
export const DEFAULT_PAYMENTS_PAGE = { page: 1, pageSize: 20 } as const;

/**
 * List payments (`POST /payments`): newest first, filtered by every filter core's catalog types (all must pass):
 * `storeIds`, `status` (on `status` or `subStatus`: `['voided']` finds the voids), `currency`, `date` (on
 * `createdAt`, see `passesDate`), `orderId`, `customerId`, `paymentInstrumentId`, and `processorTransactionId`
 * (the sandbox's processors give no transaction ids: it finds none); `pagination` optional (page 1 of 20) → the
 * published `{ payments, total, pageCount }` with the document's `data` (the same items), `page` and `pageSize`. With
 * the published `useCursor: true`, `cursor` (a `nextCursor` answered before) says where the page starts instead of
 * `page`, and the answer adds `nextCursor`: the last payment's id while more follow, else `null`.
 */
export function listPayments(
  ctx: SandboxContext,
  input: OperationInput<'listPayments'>,
): { payments: PaymentView[]; data: PaymentView[]; total: number; pageCount: number; page: number; pageSize: number; nextCursor?: string | null } {
  const filters = input.filters ?? {};
  const storeIds = filters.storeIds;
  const statuses = filters.status;
  // Read newest first from the end of the creation order: a page costs its size, not the number of payments. With a
  // status filter, from the positions of the store-and-status groups that match (kept as statuses change), merged.
  // The other filters are applied while walking, and then the total is counted in one pass.
  const all = payments.of(ctx);
  const others = anyGiven(filters.currency, filters.date, filters.orderId, filters.customerId, filters.paymentInstrumentId, filters.processorTransactionId);
  const passesOthers = (payment: PaymentRecord): boolean =>
    passes(filters.currency, payment.currency) &&
    passesDate(filters.date, payment.createdAt) &&
    passes(filters.orderId, payment.orderId) &&
    passes(filters.customerId, payment.customerId) &&
    passes(filters.paymentInstrumentId, payment.paymentInstrumentId) &&
    filters.processorTransactionId === undefined;
  const listable = (payment: PaymentRecord): boolean =>
    (storeIds === undefined || storeIds.includes(payment.storeId)) &&
    (statuses === undefined || statuses.includes(payment.status) || (payment.subStatus !== null && statuses.includes(payment.subStatus))) &&
    passesOthers(payment);
  const { page, pageSize } = input.pagination ?? DEFAULT_PAYMENTS_PAGE;
  const after = input.useCursor === true ? cursorPosition(all, input.cursor, listable) : undefined;
  let total: number;
  let rest: Generator<PaymentRecord>;
  if (statuses === undefined) {
    const store = groupFor(all, 'storeId', storeIds);
    const matches = store.several || others ? listable : undefined;
    total = matches === undefined ? store.total! : countWalk(all, { positions: store.positions, matches });
    rest = walk(all, { positions: store.positions, matches, after });
  } else {
    const groups = [...changingGroups(all, PAYMENT_STATUS_GROUPS, paymentStatusKey)]
      .filter(([key]) => {
        const [storeId = '', status = '', subStatus = ''] = key.split('\n');
        return (storeIds === undefined || storeIds.includes(storeId)) && (statuses.includes(status) || (subStatus !== '' && statuses.includes(subStatus)));
      })
      .map(([, positions]) => positions);
    const grouped = (from?: number): Generator<PaymentRecord> => (others ? onlyPassing(walkGroups(all, groups, 'newest', from), passesOthers) : walkGroups(all, groups, 'newest', from));
    total = others ? countOf(grouped()) : groups.reduce((sum, positions) => sum + positions.length, 0);
    rest = grouped(after);
  }
  const start = input.useCursor === true ? 0 : (page - 1) * pageSize;
  const listed = pageOf(rest, start, pageSize);
  const onPage = listed.map((payment) => publicPayment(ctx, payment));
  const keyset = input.useCursor === true ? { nextCursor: listed.length === pageSize && hasMore(rest) ? (listed.at(-1)?.id ?? null) : null } : {};
  return { payments: onPage, data: onPage, total, pageCount: Math.ceil(total / pageSize), page, pageSize, ...keyset };
}

/** The records of `records` that pass. */
function* onlyPassing<T>(records: Iterable<T>, passing: (record: T) => boolean): Generator<T> {
  for (const record of records) if (passing(record)) yield record;
}

/** How many records an iterator gives. */
function countOf(records: Iterator<unknown>): number {
  let count = 0;
  while (records.next().done !== true) count++;
  return count;
}

/**
 * Where a keyset page starts: after the payment `cursor` names (the sandbox's cursor is a payment id), which must be
 * one of the list's; first without a cursor.
 */
function cursorPosition(all: RecordMap<PaymentRecord>, cursor: string | undefined, listable: (payment: PaymentRecord) => boolean): number | undefined {
  if (cursor === undefined) return undefined;
  const position = positionOfId(all, cursor);
  const payment = position === undefined ? undefined : recordAt(all, position);
  if (payment === undefined || !listable(payment)) {
    throw validationError([{ field: 'cursor', code: 'invalid_cursor', message: 'is not a nextCursor of this list' }]);
  }
  return position;
}

/** Payments (process and continue, which read the request's origin, are handlers of `http/operation-handlers.ts`): the operations this module serves. */
export const paymentOperations = {
  retrievePayment,
  voidPayment,
  refundPayment,
  listPayments,
} satisfies ServedOperations;
