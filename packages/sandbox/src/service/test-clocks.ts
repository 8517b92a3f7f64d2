import type { SandboxContext } from './context.js';
import { notFound, SandboxHttpError, validationError } from '../errors/http-error.js';
import { customers } from './customers.js';
import { testClocks, type TestClockRecord } from './test-clock-records.js';
import { underTestClock } from './test-clock-scope.js';
import { instruments } from './instruments.js';
import { threedsSessions } from './threeds-sessions.js';
import { challenges, payments } from './payment-records.js';
import { orders } from './orders.js';
import { refunds } from './refunds.js';
import { checkoutSessions } from './checkout.js';
import { rebillDueSubscriptions, subscriptions } from './subscriptions.js';
import type { TestClockAdvanceRequest, TestClockCreateRequest } from './test-clock-requests.js';

/** A test clock as the helpers answer it (a copy). */
export type TestClockView = Readonly<TestClockRecord>;

const viewOf = (clock: TestClockRecord): TestClockView => ({ id: clock.id, name: clock.name, frozenTime: clock.frozenTime, createdAt: clock.createdAt });

/** The test clock, or a 404 that says how to list them. */
function requireTestClock(ctx: SandboxContext, id: string): TestClockRecord {
  const clock = testClocks.of(ctx).get(id);
  if (!clock) {
    const error = notFound('test clock', id);
    throw new SandboxHttpError(404, error.code, `${error.message} in this sandbox: list its clocks with GET /sandbox/test-clocks (a clock of another sandbox is none of this one's)`);
  }
  return clock;
}

/** `POST /sandbox/test-clocks` → 201, the clock: frozen at `frozenTime` (default: the sandbox clock's time). */
export function createTestClock(ctx: SandboxContext, input: TestClockCreateRequest | undefined): TestClockView {
  const createdAt = ctx.clock.now().toISOString();
  const clock: TestClockRecord = {
    id: ctx.nextId('clock'),
    name: input?.name ?? null,
    frozenTime: input?.frozenTime === undefined ? createdAt : new Date(input.frozenTime).toISOString(),
    createdAt,
  };
  testClocks.of(ctx).set(clock.id, clock);
  return viewOf(clock);
}

/** `GET /sandbox/test-clocks` → `{ data }`: every clock of the sandbox, oldest first. */
export function listTestClocks(ctx: SandboxContext): { data: TestClockView[] } {
  return { data: [...testClocks.of(ctx).values()].map(viewOf) };
}

/** `GET /sandbox/test-clocks/{id}` → the clock, or a 404. */
export function retrieveTestClock(ctx: SandboxContext, id: string): TestClockView {
  return viewOf(requireTestClock(ctx, id));
}

/**
 * `POST /sandbox/test-clocks/{id}/advance` → the clock, moved to `frozenTime` or by `ms`, after the renewals that
 * became due for the subscriptions of its customers ran (dated by it). A time before the clock's is a 400 on
 * `frozenTime`: a clock only moves forward. Nothing outside the clock changes.
 */
export function advanceTestClock(ctx: SandboxContext, id: string, input: TestClockAdvanceRequest): TestClockView {
  const clock = requireTestClock(ctx, id);
  const fromMs = Date.parse(clock.frozenTime);
  const toMs = input.frozenTime === undefined ? fromMs + (input.ms ?? 0) : Date.parse(input.frozenTime);
  if (toMs < fromMs) {
    throw validationError([
      { field: 'frozenTime', code: 'before_clock', message: `is before the clock's time (${clock.frozenTime}): a test clock only moves forward; create another clock to start earlier` },
    ]);
  }
  if (!Number.isFinite(toMs) || Math.abs(toMs) > 8.64e15) throw validationError([{ field: 'ms', code: 'too_big', message: 'moves the clock past the last time a Date holds' }]);
  clock.frozenTime = new Date(toMs).toISOString();
  underTestClock(ctx, id, () => rebillDueSubscriptions(ctx, toMs, id));
  return viewOf(clock);
}

/**
 * `DELETE /sandbox/test-clocks/{id}` → `{ id, deleted: true }`: the clock and what was made under it go, as a
 * Stripe test clock's: its customers, their instruments and 3DS sessions, payments, refunds, pending challenges,
 * orders (and the checkout sessions that made them) and subscriptions. The ledger, the events and the webhook
 * deliveries keep their entries: they are the history of what happened (money that moved, events sent), read by
 * position, never shortened.
 */
export function deleteTestClock(ctx: SandboxContext, id: string): { id: string; deleted: true } {
  requireTestClock(ctx, id);
  const customerIds = new Set<string>();
  for (const customer of customers.of(ctx).values()) if (customer.testClockId === id) customerIds.add(customer.id);
  const ofCustomer = <T extends { id: string; customerId: string }>(records: Map<string, T>): Set<string> => {
    const ids = new Set<string>();
    for (const record of records.values()) if (customerIds.has(record.customerId)) ids.add(record.id);
    return ids;
  };
  const removeAll = <T>(records: Map<string, T>, keep: (record: T, key: string) => boolean): void => {
    const gone = [...records.entries()].filter(([key, record]) => !keep(record, key)).map(([key]) => key);
    for (const key of gone) records.delete(key);
  };
  if (customerIds.size > 0) {
    const instrumentIds = ofCustomer(instruments.of(ctx));
    const paymentIds = ofCustomer(payments.of(ctx));
    const orderIds = ofCustomer(orders.of(ctx));
    removeAll(threedsSessions.of(ctx), (session) => !instrumentIds.has(session.paymentInstrumentId));
    removeAll(refunds.of(ctx), (refund) => !paymentIds.has(refund.paymentId));
    removeAll(challenges.of(ctx), (paymentId) => !paymentIds.has(paymentId));
    removeAll(checkoutSessions.of(ctx), (session) => session.orderId === undefined || !orderIds.has(session.orderId));
    removeAll(subscriptions.of(ctx), (subscription) => !customerIds.has(subscription.customerId));
    removeAll(orders.of(ctx), (order) => !orderIds.has(order.id));
    removeAll(payments.of(ctx), (payment) => !paymentIds.has(payment.id));
    removeAll(instruments.of(ctx), (instrument) => !instrumentIds.has(instrument.id));
    removeAll(customers.of(ctx), (customer) => !customerIds.has(customer.id));
  }
  testClocks.of(ctx).delete(id);
  return { id, deleted: true };
}

