import { byId } from '../state/collection.js';
import type { SandboxContext } from '../state/context.js';
import { notFound, SandboxHttpError, validationError } from '../http/http-error.js';
import { customers } from './customers.js';
import { instruments, threedsSessions } from './instruments.js';
import { challenges, payments } from './lifecycle.js';
import { orders } from './orders.js';
import { refunds } from './payments.js';
import { checkoutSessions } from './checkout.js';
import { rebillDueSubscriptions, subscriptions } from './subscriptions.js';
import type { TestClockAdvanceRequest, TestClockCreateRequest } from './test-clock-requests.js';

/**
 * A scoped test clock, as Stripe's test clocks are: frozen at `frozenTime` until advanced. The customers created
 * under it (a request with the `Tessera-Test-Clock` header) and everything made for them (instruments, payments,
 * refunds, orders, subscriptions and their events) are dated by it, and their subscriptions renew when it is
 * advanced; everything else keeps the sandbox's clock.
 */
export interface TestClockRecord {
  /** `clock_<sandbox tag>_000001`: the tag is the sandbox's own, so a clock id of another sandbox is none of this one's. */
  id: string;
  /** The name given at creation, or `null`. */
  name: string | null;
  /** The clock's time (ISO): what its records are dated; it moves only when advanced, never back. */
  frozenTime: string;
  /** When it was made, on the sandbox's clock. */
  createdAt: string;
}

/** Scoped test clocks by id. */
export const testClocks = byId<TestClockRecord>()('testClocks');

/** The request header that puts an API request under a test clock (sandbox only; the live service ignores it). */
export const TEST_CLOCK_HEADER = 'Tessera-Test-Clock';

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

/**
 * The time of the test clock `customerId` was created under, or else of the clock the request runs under (its
 * `Tessera-Test-Clock` header), as an ISO string; `undefined` when neither: the sandbox's clock dates the record. A
 * customer the sandbox does not know (the published example's `cus_456`) has no clock. Reads without noting a read
 * (`peek`): it runs for every record stamped.
 */
export function scopedNowIso(ctx: SandboxContext, customerId: string | undefined): string | undefined {
  const clocks = testClocks.of(ctx);
  if (clocks.size === 0) return undefined;
  const customer = customerId === undefined ? undefined : customers.of(ctx).peek(customerId);
  const clockId = customer === undefined ? ctx.requestTestClockId : customer.testClockId;
  return clockId === undefined ? undefined : clocks.peek(clockId)?.frozenTime;
}

/** Runs `run` with the request under the clock `clockId` (what it dates without a customer takes that clock's time). */
export function underTestClock<T>(ctx: SandboxContext, clockId: string | undefined, run: () => T): T {
  const outer = ctx.requestTestClockId;
  ctx.requestTestClockId = clockId;
  try {
    return run();
  } finally {
    ctx.requestTestClockId = outer;
  }
}

/**
 * Runs an API request's operation under the clock its `Tessera-Test-Clock` header names (as is without one). A name
 * that is no clock of this sandbox is a 400 naming the header, before the operation runs.
 */
export function underRequestedTestClock<T>(ctx: SandboxContext, header: string | null, run: () => T): T {
  if (header === null) return run();
  if (!testClocks.of(ctx).has(header)) {
    throw validationError([
      {
        field: `headers.${TEST_CLOCK_HEADER}`,
        code: 'unknown_test_clock',
        message: 'names no test clock of this sandbox: create one with POST /sandbox/test-clocks (sandbox.testClocks.create()) and send its id',
      },
    ]);
  }
  return underTestClock(ctx, header, run);
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

/**
 * A request under a test clock (its `Tessera-Test-Clock` header) that names an existing customer: the customer must
 * have been created under that clock (a 400 on `customerId` otherwise: a customer is attached to a clock when it is
 * created, and keeps it).
 */
export function requireSameTestClock(ctx: SandboxContext, customer: { id: string; testClockId?: string }): void {
  const requested = ctx.requestTestClockId;
  if (requested === undefined || customer.testClockId === requested) return;
  throw validationError([
    {
      field: 'customerId',
      code: 'test_clock_mismatch',
      message: `is ${customer.testClockId === undefined ? 'on the sandbox clock' : `under test clock ${customer.testClockId}`}, not ${requested}: a customer takes its clock when it is created; create the customer with the ${TEST_CLOCK_HEADER} header, or send the header of its own clock (or none)`,
    },
  ]);
}
