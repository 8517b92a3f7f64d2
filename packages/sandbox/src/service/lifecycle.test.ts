import { describe, expect, it } from 'vitest';
import { createTestClock } from '../state/clock.js';
import type { SandboxContext } from './context.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { ledger } from '../state/ledger.js';
import { openPayment, paymentTransitions, transition, type PaymentTransitionName } from './lifecycle.js';
import { type PaymentAttempt, type PaymentRecord, type PaymentRecordStatus } from './payment-records.js';
import { createState } from '../sandbox-state.js';
import { createWebhookDispatcher } from './webhook-dispatcher.js';
import { webhookEvents } from './webhooks.js';

function context(): SandboxContext {
  const state = createState();
  let next = 0;
  const nextId = (prefix: string): string => `${prefix}_${++next}`;
  const clock = createTestClock(Date.parse('2030-01-01T00:00:00Z'), () => undefined, 'frozen');
  const nowIso = (): string => clock.now().toISOString();
  return { state, clock, webhooks: createWebhookDispatcher({ state }, nextId, nowIso), nextId, nowIso };
}

const attempt = (outcome: PaymentAttempt['outcome']): PaymentAttempt => ({ processorId: 'proc_1', processorType: 'simulated', outcome });

function open(ctx: SandboxContext, mode: PaymentRecord['mode']): PaymentRecord {
  return openPayment(ctx, {
    amount: 1000,
    currency: 'USD',
    mode,
    initiatedBy: 'customer',
    storeId: 'store_1',
    paymentInstrumentId: 'pi_1',
    customerId: 'cus_1',
    paymentFlowId: null,
    processorId: 'proc_1',
  });
}

// A payment's state as the tests name it: its status, or `voided` for a void (status `failed`, subStatus `voided`).
type PaymentState = PaymentRecordStatus | 'voided';
const stateOf = (payment: PaymentRecord): PaymentState => (payment.subStatus === 'voided' ? 'voided' : payment.status);

// What each state reports, as the vendor publishes it (succeeded / approved, failed / voided) and as we chose for
// the others: written out here, not read from the table.
const reported: Record<PaymentState, { status: PaymentRecordStatus; subStatus: string | null }> = {
  processing: { status: 'processing', subStatus: null },
  pending: { status: 'pending', subStatus: null },
  succeeded: { status: 'succeeded', subStatus: 'approved' },
  declined: { status: 'declined', subStatus: 'declined' },
  failed: { status: 'failed', subStatus: 'failed' },
  authorized: { status: 'authorized', subStatus: 'authorized' },
  voided: { status: 'failed', subStatus: 'voided' },
  partially_refunded: { status: 'partially_refunded', subStatus: 'partially_refunded' },
  refunded: { status: 'refunded', subStatus: 'refunded' },
};

// The requests that bring a payment of each mode to each state, through the table itself.
const paths: Record<PaymentState, { mode: PaymentRecord['mode']; steps: [PaymentTransitionName, number?][] }> = {
  processing: { mode: 'purchase', steps: [] },
  pending: { mode: 'purchase', steps: [['challenge']] },
  succeeded: { mode: 'purchase', steps: [['purchase']] },
  declined: { mode: 'purchase', steps: [['decline']] },
  failed: { mode: 'purchase', steps: [['fail']] },
  authorized: { mode: 'auth', steps: [['authorize']] },
  voided: { mode: 'auth', steps: [['authorize'], ['void']] },
  partially_refunded: { mode: 'purchase', steps: [['purchase'], ['refund', 300]] },
  refunded: { mode: 'purchase', steps: [['purchase'], ['refund']] },
};

function paymentIn(ctx: SandboxContext, state: PaymentState, mode = paths[state].mode): PaymentRecord {
  const payment = open(ctx, mode);
  for (const [name, amount] of paths[state].steps) transition(ctx, payment, name, amount === undefined ? {} : { amount });
  expect(stateOf(payment)).toBe(state);
  expect({ status: payment.status, subStatus: payment.subStatus }).toEqual(reported[state]);
  return payment;
}

const statuses = Object.keys(paths) as PaymentState[];

// Where each transition may start and where it ends (a refund without amount: the rest), written out here (not
// read from the table) so that a changed guard fails.
const allowed: Record<PaymentTransitionName, { from: PaymentState[]; mode?: PaymentRecord['mode']; to: PaymentState }> = {
  cascade: { from: ['processing'], to: 'processing' },
  purchase: { from: ['processing', 'pending'], mode: 'purchase', to: 'succeeded' },
  authorize: { from: ['processing', 'pending'], mode: 'auth', to: 'authorized' },
  decline: { from: ['processing'], to: 'declined' },
  fail: { from: ['processing', 'pending'], to: 'failed' },
  challenge: { from: ['processing'], to: 'pending' },
  nextAction: { from: ['pending'], to: 'pending' },
  capture: { from: ['authorized'], to: 'succeeded' },
  void: { from: ['authorized'], to: 'voided' },
  refund: { from: ['succeeded', 'partially_refunded'], to: 'refunded' },
};

const refusals: Record<PaymentTransitionName, string> = {
  cascade: 'only a payment being routed can fall back to another processor',
  purchase: 'only a purchase being routed or challenged can be approved',
  authorize: 'only an authorization being routed or challenged can be approved',
  decline: 'only a payment being routed can be declined',
  fail: 'only a payment being routed or challenged can fail',
  challenge: 'only a payment being routed can be challenged',
  nextAction: 'only a payment waiting on an action can ask for the next one',
  capture: 'only an authorized payment can be captured',
  void: 'only payments with authorized status can be voided',
  refund: 'only a captured payment can be refunded',
};

function refusal(run: () => unknown): SandboxHttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof SandboxHttpError) return error;
    throw error;
  }
  throw new Error('the transition was not refused');
}

describe('payment transitions table', () => {
  it('names exactly the transitions this test covers', () => {
    expect(Object.keys(paymentTransitions).sort()).toEqual(Object.keys(allowed).sort());
  });

  // Every transition from every status; from the statuses both modes reach, for each mode.
  const bothModes: PaymentState[] = ['processing', 'pending', 'declined', 'failed'];
  const cases = (Object.keys(allowed) as PaymentTransitionName[]).flatMap((name) =>
    statuses.flatMap((status) => (bothModes.includes(status) ? (['purchase', 'auth'] as const) : [paths[status].mode]).map((mode) => ({ name, status, mode }))),
  );

  it.each(cases)('$name from $status ($mode)', ({ name, status, mode }) => {
    const ctx = context();
    const payment = paymentIn(ctx, status, mode);
    const rule = allowed[name];
    const events = webhookEvents.of(ctx).length;
    const entries = ledger.of(ctx).length;
    if (rule.from.includes(status) && (rule.mode === undefined || rule.mode === mode)) {
      transition(ctx, payment, name);
      expect(stateOf(payment)).toBe(rule.to);
      expect({ status: payment.status, subStatus: payment.subStatus }).toEqual(reported[rule.to]);
      expect(webhookEvents.of(ctx).slice(events).map((event) => event.type)).toEqual(rule.to === 'processing' ? [] : [`payment/${rule.to}`]);
    } else {
      const error = refusal(() => transition(ctx, payment, name));
      expect({ status: error.status, code: error.code, message: error.message, publishedCode: error.publishedCode }).toEqual({
        status: 409,
        code: 'invalid_state',
        message: `Payment ${payment.id} is ${status === 'voided' ? 'failed (voided)' : status}; ${refusals[name]}`,
        // The published code of a void refused (POST-payments-void); none is published for the others.
        publishedCode: name === 'void' ? 'TRANSACTION_NOT_AUTHORIZE' : undefined,
      });
      expect(stateOf(payment)).toBe(status);
      expect(webhookEvents.of(ctx).length).toBe(events);
      expect(ledger.of(ctx).length).toBe(entries);
    }
  });
});

describe('each transition', () => {
  const effects = (ctx: SandboxContext, payment: PaymentRecord) => ({
    status: payment.status,
    events: webhookEvents.of(ctx).map((event) => event.type),
    ledger: ledger.of(ctx).map((entry) => [entry.kind, entry.amount]),
    capturedAmount: payment.capturedAmount,
    refundedAmount: payment.refundedAmount,
    requireAction: payment.requireAction,
  });

  it('cascade records the declined attempt and fires nothing; the last attempt settles the payment', () => {
    const ctx = context();
    const payment = open(ctx, 'purchase');
    transition(ctx, payment, 'cascade', { attempt: attempt('declined') });
    expect(effects(ctx, payment)).toEqual({ status: 'processing', events: [], ledger: [], capturedAmount: 0, refundedAmount: 0, requireAction: 'none' });
    transition(ctx, payment, 'decline', { attempt: attempt('declined') });
    expect(payment.attempts.map((one) => one.outcome)).toEqual(['declined', 'declined']);
    expect(effects(ctx, payment)).toEqual({ status: 'declined', events: ['payment/declined'], ledger: [], capturedAmount: 0, refundedAmount: 0, requireAction: 'none' });
  });

  it('purchase charges the full amount; authorize holds it without capturing', () => {
    const ctx = context();
    const purchase = open(ctx, 'purchase');
    transition(ctx, purchase, 'purchase', { attempt: attempt('approved') });
    expect(effects(ctx, purchase)).toMatchObject({ status: 'succeeded', events: ['payment/succeeded'], ledger: [['charge', 1000]], capturedAmount: 1000 });
    const auth = open(ctx, 'auth');
    transition(ctx, auth, 'authorize');
    expect(auth).toMatchObject({ status: 'authorized', capturedAmount: 0, refundedAmount: 0 });
    expect(ledger.of(ctx).at(-1)).toMatchObject({ paymentId: auth.id, kind: 'authorize', amount: 1000, currency: 'USD' });
  });

  it('fail ends a payment with no money moved', () => {
    const ctx = context();
    const payment = open(ctx, 'purchase');
    transition(ctx, payment, 'fail', { attempt: attempt('failed') });
    expect(effects(ctx, payment)).toEqual({ status: 'failed', events: ['payment/failed'], ledger: [], capturedAmount: 0, refundedAmount: 0, requireAction: 'none' });
  });

  it('challenge waits with requireAction derived from the challenge data; passed charges, failed fails', () => {
    const ctx = context();
    const challenged = (): PaymentRecord => {
      const payment = open(ctx, 'purchase');
      payment.requireActionData = {
        type: 'threeds_auth',
        metadata: { threedsSession: { externalSessionId: '3ds_1', acsChallengeUrl: 'http://localhost/acs/challenge', acsTransID: 'acs_1', messageVersion: '2.2.0' } },
      };
      transition(ctx, payment, 'challenge', { attempt: attempt('challenge') });
      return payment;
    };
    const passed = challenged();
    expect(passed).toMatchObject({ status: 'pending', requireAction: 'threeds_auth', capturedAmount: 0 });
    expect(webhookEvents.of(ctx).at(-1)?.data).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
    transition(ctx, passed, 'purchase');
    expect(passed).toMatchObject({ status: 'succeeded', requireAction: 'none', capturedAmount: 1000 });
    const failed = challenged();
    transition(ctx, failed, 'fail');
    expect(failed).toMatchObject({ status: 'failed', requireAction: 'none', capturedAmount: 0 });
    expect(webhookEvents.of(ctx).map((event) => event.type)).toEqual(['payment/pending', 'payment/succeeded', 'payment/pending', 'payment/failed']);
  });

  it('both radar checks are requireAction radar; nextAction moves a pending payment to the next action, charging nothing', () => {
    const ctx = context();
    const payment = open(ctx, 'purchase');
    payment.requireActionData = { type: 'stripe_radar', metadata: { type: 'stripe_radar', radar: { publishableKey: 'pk_test_1' } } };
    transition(ctx, payment, 'challenge', { attempt: attempt('stripe_radar') });
    expect(payment).toMatchObject({ status: 'pending', requireAction: 'radar' });
    payment.requireActionData = { type: 'radar', metadata: { provider: 'airwallex', isTest: true } };
    expect(payment.requireAction).toBe('radar');
    payment.requireActionData = {
      type: 'threeds_auth',
      metadata: { threedsSession: { externalSessionId: '3ds_1', acsChallengeUrl: 'http://localhost/acs/challenge', acsTransID: 'acs_1', messageVersion: '2.2.0' } },
    };
    transition(ctx, payment, 'nextAction');
    expect(payment).toMatchObject({ status: 'pending', subStatus: null, requireAction: 'threeds_auth', capturedAmount: 0 });
    expect(ledger.of(ctx)).toEqual([]);
    expect(webhookEvents.of(ctx).map((event) => event.type)).toEqual(['payment/pending', 'payment/pending']);
  });

  it('a pending payment without challenge data requires no action', () => {
    const ctx = context();
    const payment = paymentIn(ctx, 'pending');
    expect(payment.requireAction).toBe('none');
  });

  it('capture takes all or part of the authorization, never more (422), once', () => {
    const ctx = context();
    const full = paymentIn(ctx, 'authorized');
    transition(ctx, full, 'capture');
    expect(full).toMatchObject({ status: 'succeeded', capturedAmount: 1000 });
    const part = paymentIn(ctx, 'authorized');
    const tooMuch = refusal(() => transition(ctx, part, 'capture', { amount: 1001 }));
    expect({ status: tooMuch.status, code: tooMuch.code, message: tooMuch.message }).toEqual({
      status: 422,
      code: 'amount_exceeds_capturable',
      message: 'Capture amount 1001 is above the authorized 1000',
    });
    expect(part).toMatchObject({ status: 'authorized', capturedAmount: 0 });
    transition(ctx, part, 'capture', { amount: 600 });
    expect(part).toMatchObject({ status: 'succeeded', capturedAmount: 600 });
    expect(ledger.of(ctx).filter((entry) => entry.paymentId === part.id).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['authorize', 1000],
      ['capture', 600],
    ]);
    expect(refusal(() => transition(ctx, part, 'capture')).code).toBe('invalid_state');
  });

  it('void releases the whole authorization, captures nothing and reports failed / voided with voidedAt (published)', () => {
    const ctx = context();
    const payment = paymentIn(ctx, 'authorized');
    expect(payment.voidedAt).toBeUndefined();
    ctx.clock.advance(60_000);
    transition(ctx, payment, 'void');
    expect(payment).toMatchObject({ status: 'failed', subStatus: 'voided', voidedAt: '2030-01-01T00:01:00.000Z', capturedAmount: 0, refundedAmount: 0 });
    expect(ledger.of(ctx).at(-1)).toMatchObject({ kind: 'void', amount: 1000 });
    expect(webhookEvents.of(ctx).map((event) => event.type)).toEqual(['payment/authorized', 'payment/voided']);
    expect(webhookEvents.of(ctx).at(-1)?.data).toMatchObject({ status: 'failed', subStatus: 'voided' });
    // A voided payment can be neither captured nor voided again.
    expect(refusal(() => transition(ctx, payment, 'capture')).message).toBe(`Payment ${payment.id} is failed (voided); only an authorized payment can be captured`);
    expect(refusal(() => transition(ctx, payment, 'void')).publishedCode).toBe('TRANSACTION_NOT_AUTHORIZE');
  });

  it('refund gives back part then the rest of what was captured, never more (422)', () => {
    const ctx = context();
    const payment = paymentIn(ctx, 'authorized');
    transition(ctx, payment, 'capture', { amount: 800 });
    transition(ctx, payment, 'refund', { amount: 300 });
    expect(payment).toMatchObject({ status: 'partially_refunded', capturedAmount: 800, refundedAmount: 300 });
    const tooMuch = refusal(() => transition(ctx, payment, 'refund', { amount: 501 }));
    expect({ status: tooMuch.status, code: tooMuch.code, message: tooMuch.message }).toEqual({
      status: 422,
      code: 'amount_exceeds_refundable',
      message: 'Refund amount 501 is above the 500 still refundable',
    });
    transition(ctx, payment, 'refund');
    expect(payment).toMatchObject({ status: 'refunded', capturedAmount: 800, refundedAmount: 800 });
    expect(webhookEvents.of(ctx).map((event) => event.type)).toEqual(['payment/authorized', 'payment/succeeded', 'payment/partially_refunded', 'payment/refunded']);
    expect(refusal(() => transition(ctx, payment, 'refund', { amount: 1 })).message).toBe(`Payment ${payment.id} is refunded; only a captured payment can be refunded`);
  });

  it('the derived fields serialize and snapshot like stored ones', () => {
    const ctx = context();
    const payment = paymentIn(ctx, 'partially_refunded');
    const json = JSON.parse(JSON.stringify(payment)) as Record<string, unknown>;
    expect(json).toMatchObject({ requireAction: 'none', capturedAmount: 1000, refundedAmount: 300 });
    expect(Object.keys(json).slice(0, 6)).toEqual(['id', 'amount', 'currency', 'status', 'subStatus', 'requireAction']);
    expect(webhookEvents.of(ctx).map((event) => event.data)).toMatchObject([
      { status: 'succeeded', capturedAmount: 1000, refundedAmount: 0 },
      { status: 'partially_refunded', capturedAmount: 1000, refundedAmount: 300 },
    ]);
  });

  it('takes an amount only for a capture or a refund (a compile error elsewhere)', () => {
    const ctx = context();
    const payment = paymentIn(ctx, 'authorized');
    // @ts-expect-error: a void moves the whole authorization.
    transition(ctx, payment, 'void', { amount: 1 });
    expect(ledger.of(ctx).at(-1)).toMatchObject({ kind: 'void', amount: 1000 });
  });
});
