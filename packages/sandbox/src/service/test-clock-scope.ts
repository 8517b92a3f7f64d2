import type { SandboxContext } from './context.js';
import { validationError } from '../errors/http-error.js';
import { customers } from './customers.js';
import { testClocks } from './test-clock-records.js';

// What the service's records need of a scoped test clock: the request header that puts a request under one, and the
// time a record is dated by. Its records and table are in test-clock-records.ts; the clocks' own operations (create,
// advance, delete) in test-clocks.ts.

/** The request header that puts an API request under a test clock (sandbox only; the live service ignores it). */
export const TEST_CLOCK_HEADER = 'Tessera-Test-Clock';

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
