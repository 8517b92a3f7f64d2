import type { KnownPaymentSubStatus, PaymentMetadata } from '@tessera/core';
import type { SandboxContext } from './context.js';
import { invalidState, type PublishedErrorCode, SandboxHttpError } from '../errors/http-error.js';
import { addMovement, type PaymentMoney, type LedgerEntry, ledger } from '../state/ledger.js';
import { keyChanged } from '../state/ordered.js';
import type { WebhookEventType } from './webhooks.js';
import { PAYMENT_STATUS_GROUPS, type PaymentAttempt, type PaymentRecord, type PaymentRecordStatus, paymentStatusKey, payments, topLevelAction } from './payment-records.js';

/** The fields of a payment that {@link transition} derives. */
type DerivedField = 'requireAction' | 'capturedAmount' | 'refundedAmount';

/** The money a transition moves: its ledger kind, and how much at most (also the amount when none is given). */
interface Movement {
  kind: LedgerEntry['kind'];
  upTo(payment: PaymentRecord, money: PaymentMoney): number;
  /** 422 answer for a given amount above `upTo`; absent where no amount may be given (the full amount moves). */
  tooMuch?: { code: string; message(amount: number, upTo: number): string };
}

/**
 * What a payment reports after a transition, as the vendor's published examples do: `status` and `subStatus`
 * (`succeeded` / `approved`, a void `failed` / `voided`; `null` while there is no outcome yet).
 */
export interface ReportedStatus {
  status: PaymentRecordStatus;
  subStatus: KnownPaymentSubStatus | null;
}

/** One row of the lifecycle: the guards of a transition and what it does. */
export interface PaymentTransition {
  /** Statuses it may start from; from any other it is refused (409 `invalid_state`). */
  from: readonly PaymentRecordStatus[];
  /** Only for payments of this mode. */
  mode?: PaymentRecord['mode'];
  /** The status and subStatus after it, from the amounts after its movement; `processing` fires no event. */
  to: ReportedStatus | ((money: PaymentMoney) => ReportedStatus);
  movement?: Movement;
  /** Ends the 409 message `Payment <id> is <status>; <refusal>`. */
  refusal: string;
  /** The vendor's published code for the refusal (the body's top-level `code`), where one is published. */
  refusedAs?: PublishedErrorCode;
  /** The event it fires; default `payment/<status>`. */
  event?: WebhookEventType;
  /** The time field it sets on the payment (the transition's time). */
  stamps?: 'voidedAt';
}

/** A status reported with the same subStatus (`authorized` / `authorized`, `declined` / `declined`, …). */
const same = <S extends PaymentRecordStatus & KnownPaymentSubStatus>(status: S): ReportedStatus => ({ status, subStatus: status });
const beingRouted = ['processing'] as const;
const routedOrChallenged = ['processing', 'pending'] as const;
const fullAmount = (payment: PaymentRecord): number => payment.amount;

/**
 * Every change of a payment's status, the one place that sets `status` and `subStatus`. Routing starts each payment
 * in `processing`: each decline followed by a fallback processor is a `cascade`, and the last attempt ends in
 * `purchase` or `authorize` (approved), `decline`, `fail` or `challenge` (any action the customer must take). An
 * action passed is `purchase` or `authorize` from `pending`, or `nextAction` when the payment asks for another (a
 * radar check, then a 3DS challenge); a challenge failed is `fail` from `pending`. Captures and refunds may be full or
 * partial. What each reports (the published examples: a purchase `succeeded` / `approved`, a void `failed` /
 * `voided`; the others are our choice, documented in the README):
 *
 * | transition | status | subStatus |
 * |---|---|---|
 * | cascade | processing | null |
 * | purchase, capture | succeeded | approved |
 * | authorize | authorized | authorized |
 * | decline | declined | declined |
 * | fail | failed | failed |
 * | challenge, nextAction | pending | null |
 * | void | failed | voided (event `payment/voided`, `voidedAt` set) |
 * | refund | partially_refunded or refunded | the same as status |
 */
export const paymentTransitions = {
  cascade: { from: beingRouted, to: { status: 'processing', subStatus: null }, refusal: 'only a payment being routed can fall back to another processor' },
  purchase: {
    from: routedOrChallenged,
    mode: 'purchase',
    to: { status: 'succeeded', subStatus: 'approved' },
    movement: { kind: 'charge', upTo: fullAmount },
    refusal: 'only a purchase being routed or challenged can be approved',
  },
  authorize: {
    from: routedOrChallenged,
    mode: 'auth',
    to: same('authorized'),
    movement: { kind: 'authorize', upTo: fullAmount },
    refusal: 'only an authorization being routed or challenged can be approved',
  },
  decline: { from: beingRouted, to: same('declined'), refusal: 'only a payment being routed can be declined' },
  fail: { from: routedOrChallenged, to: same('failed'), refusal: 'only a payment being routed or challenged can fail' },
  challenge: { from: beingRouted, to: { status: 'pending', subStatus: null }, refusal: 'only a payment being routed can be challenged' },
  nextAction: { from: ['pending'], to: { status: 'pending', subStatus: null }, refusal: 'only a payment waiting on an action can ask for the next one' },
  capture: {
    from: ['authorized'],
    to: { status: 'succeeded', subStatus: 'approved' },
    movement: {
      kind: 'capture',
      upTo: fullAmount,
      tooMuch: { code: 'amount_exceeds_capturable', message: (amount, upTo) => `Capture amount ${amount} is above the authorized ${upTo}` },
    },
    refusal: 'only an authorized payment can be captured',
  },
  void: {
    from: ['authorized'],
    to: { status: 'failed', subStatus: 'voided' },
    movement: { kind: 'void', upTo: fullAmount },
    refusal: 'only payments with authorized status can be voided',
    refusedAs: 'TRANSACTION_NOT_AUTHORIZE',
    event: 'payment/voided',
    stamps: 'voidedAt',
  },
  refund: {
    from: ['succeeded', 'partially_refunded'],
    to: (money) => same(money.refunded === money.captured ? 'refunded' : 'partially_refunded'),
    movement: {
      kind: 'refund',
      upTo: (_payment, money) => money.captured - money.refunded,
      tooMuch: { code: 'amount_exceeds_refundable', message: (amount, upTo) => `Refund amount ${amount} is above the ${upTo} still refundable` },
    },
    refusal: 'only a captured payment can be refunded',
  },
} as const satisfies Record<string, PaymentTransition>;

/** Name of a payment transition. */
export type PaymentTransitionName = keyof typeof paymentTransitions;

/** What a new payment is made of (routing has chosen its processor). */
export interface PaymentFacts extends Pick<PaymentRecord, 'amount' | 'currency' | 'mode' | 'initiatedBy' | 'storeId' | 'paymentInstrumentId' | 'customerId' | 'paymentFlowId' | 'processorId'> {
  reasonType?: PaymentRecord['reasonType'] | undefined;
  threedsSessionId?: string | undefined;
  orderId?: string | undefined;
  subscriptionId?: string | undefined;
  metadata?: PaymentMetadata | undefined;
  returnUrl?: string | undefined;
}

/**
 * Stores a new payment in `processing`, for routing to move on with {@link transition}, which keeps its
 * `requireAction`, `capturedAmount` and `refundedAmount` up to date. Built field by field, in the order its answers
 * show them: plain data fields (no getters), so V8 keeps every payment on one shape and JSON.stringify and the
 * event snapshot take their fast path.
 */
export function openPayment(ctx: SandboxContext, facts: PaymentFacts): PaymentRecord {
  const id = ctx.nextId('pay');
  const now = ctx.nowIso(facts.customerId);
  const payment = { id, amount: facts.amount, currency: facts.currency, status: 'processing', subStatus: null } as Record<string, unknown>;
  payment.requireAction = 'none';
  payment.requireActionData = null;
  payment.mode = facts.mode;
  payment.initiatedBy = facts.initiatedBy;
  if (facts.reasonType !== undefined) payment.reasonType = facts.reasonType;
  payment.storeId = facts.storeId;
  payment.paymentInstrumentId = facts.paymentInstrumentId;
  payment.customerId = facts.customerId;
  payment.paymentFlowId = facts.paymentFlowId;
  if (facts.threedsSessionId !== undefined) payment.threedsSessionId = facts.threedsSessionId;
  if (facts.orderId !== undefined) payment.orderId = facts.orderId;
  if (facts.returnUrl !== undefined) payment.returnUrl = facts.returnUrl;
  if (facts.subscriptionId !== undefined) payment.subscriptionId = facts.subscriptionId;
  if (facts.metadata !== undefined) payment.metadata = { ...facts.metadata };
  payment.capturedAmount = 0;
  payment.refundedAmount = 0;
  payment.processorId = facts.processorId;
  payment.attempts = [];
  payment.createdAt = now;
  payment.updatedAt = now;
  const record = payment as unknown as PaymentRecord;
  payments.of(ctx).set(id, record);
  return record;
}

/** The transitions that take an amount (a partial capture or refund); the others move their full amount. */
export type PartialTransitionName = {
  [K in PaymentTransitionName]: (typeof paymentTransitions)[K] extends { movement: { tooMuch: object } } ? K : never;
}[PaymentTransitionName];

/** What a transition may take besides its name. */
export interface TransitionInput<N extends PaymentTransitionName = PaymentTransitionName> {
  /** The amount to move (default: all it may move); only for a capture or a refund. */
  amount?: (N extends PartialTransitionName ? number : never) | undefined;
  /** The processor attempt that led to it (routing transitions), appended to `attempts`. */
  attempt?: PaymentAttempt | undefined;
  /** The refund it records (a refund), kept on its ledger entry. */
  refundId?: (N extends 'refund' ? string : never) | undefined;
}

/** True when the payment's status and mode allow the transition. */
export function canTransition(payment: PaymentRecord, name: PaymentTransitionName): boolean {
  const rule: PaymentTransition = paymentTransitions[name];
  return rule.from.includes(payment.status) && (rule.mode === undefined || rule.mode === payment.mode);
}

/** The payment's status as a refusal names it: `failed (voided)` for a void, else its status. */
export function describeStatus(payment: Pick<PaymentRecord, 'status' | 'subStatus'>): string {
  return payment.subStatus === 'voided' ? `${payment.status} (voided)` : payment.status;
}

/**
 * Checks a transition's guards without applying it: 409 `invalid_state` (with the published code where there is
 * one) when the payment's status or mode does not allow it.
 */
export function assertCanTransition(payment: PaymentRecord, name: PaymentTransitionName): void {
  const rule: PaymentTransition = paymentTransitions[name];
  if (!canTransition(payment, name)) throw invalidState(`Payment ${payment.id} is ${describeStatus(payment)}; ${rule.refusal}`, rule.refusedAs);
}

/**
 * Applies a transition: checks its guards (409 `invalid_state` from another status, 422 for an amount above what
 * may move), then records its movement in the ledger, sets the status and subStatus (and the time it stamps) and
 * fires its event (`payment/<status>`, `payment/voided` for a void) with the payment as it now is. Nothing changes
 * when a guard refuses.
 */
export function transition<N extends PaymentTransitionName>(ctx: SandboxContext, payment: PaymentRecord, name: N, input: TransitionInput<N> = {}): PaymentRecord {
  const rule: PaymentTransition = paymentTransitions[name];
  assertCanTransition(payment, name);
  const { movement } = rule;
  // What the payment's movements add up to, from its fields: transition() keeps them in step with the ledger, so the
  // ledger is not read back (nor indexed) on a payment's way through.
  const money: PaymentMoney = { captured: payment.capturedAmount, refunded: payment.refundedAmount };
  if (movement) {
    const upTo = movement.upTo(payment, money);
    const { tooMuch } = movement;
    const amount = tooMuch ? (input.amount ?? upTo) : upTo;
    if (tooMuch && amount > upTo) throw new SandboxHttpError(422, tooMuch.code, tooMuch.message(amount, upTo));
    const entry: LedgerEntry = { id: ctx.nextId('txn'), paymentId: payment.id, kind: movement.kind, amount, currency: payment.currency, at: ctx.nowIso(payment.customerId) };
    if (input.refundId !== undefined) entry.refundId = input.refundId;
    ledger.of(ctx).push(entry);
    addMovement(money, entry);
  }
  if (input.attempt) payment.attempts.push(input.attempt);
  const { status, subStatus } = typeof rule.to === 'function' ? rule.to(money) : rule.to;
  const derived = payment as { -readonly [K in DerivedField | 'status' | 'subStatus']: PaymentRecord[K] };
  const before = paymentStatusKey(payment);
  derived.status = status;
  derived.subStatus = subStatus;
  keyChanged(payments.of(ctx), PAYMENT_STATUS_GROUPS, payment, before, paymentStatusKey);
  // The derived fields, kept here with what they are derived from (the status, the challenge data, the ledger).
  const action = payment.requireActionData;
  derived.requireAction = action !== null && (status === 'pending' || action.type === 'error') ? topLevelAction[action.type] : 'none';
  derived.capturedAmount = money.captured;
  derived.refundedAmount = money.refunded;
  payment.updatedAt = ctx.nowIso(payment.customerId);
  if (rule.stamps) payment[rule.stamps] = payment.updatedAt;
  if (status !== 'processing') ctx.webhooks.emit(rule.event ?? `payment/${status}`, payment.storeId, payment);
  // An approval, however it came (at once, a challenge passed, a radar check continued): what the payment pays for follows.
  if (name === 'purchase' || name === 'authorize') ctx.paymentApproved?.(payment.id);
  return payment;
}
