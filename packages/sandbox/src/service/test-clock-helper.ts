import { TesseraValidationError } from '@tessera/core';
import type { SandboxContext } from './context.js';
import { SandboxControlError } from '../errors/control-error.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { advanceBodyOf, createBodyOf, type DeletedTestClock, type SandboxTestClock, type TestClockCreate, type TestClockMove } from './test-clock-requests.js';
import { advanceTestClock, createTestClock, deleteTestClock, listTestClocks, retrieveTestClock } from './test-clocks.js';

/**
 * `sandbox.testClocks`: scoped test clocks in code, as Stripe's test clocks are. A customer created by a request with
 * the `Tessera-Test-Clock: <clock id>` header is under the clock, and so is everything made for it (instruments,
 * payments, refunds, orders, subscriptions, their events): they are dated by the clock, and advancing it renews their
 * subscriptions; nothing else moves. Out of process: `connectSandbox(url).testClocks`, `/sandbox/test-clocks`, or
 * `tessera-sandbox clock`. Bad input is a `TesseraValidationError` naming the field; an unknown clock id, a
 * `SandboxControlError` (404 `not_found`).
 */
export interface SandboxTestClocks {
  /** A new clock, frozen at `frozenTime` (default: the sandbox clock's time). */
  create(input?: TestClockCreate): SandboxTestClock;
  /** Every clock of this sandbox, oldest first. */
  list(): SandboxTestClock[];
  /** The clock `id`. */
  retrieve(id: string): SandboxTestClock;
  /**
   * Moves the clock to a time (`{ to }`, not before its own) or by a duration (`{ by: '31d' }`, or milliseconds),
   * then bills the renewals of its customers' subscriptions that became due, dated by it. Returns the clock.
   */
  advance(id: string, move: TestClockMove): SandboxTestClock;
  /** Deletes the clock with its customers and everything made for them (the ledger and events keep their history). */
  delete(id: string): DeletedTestClock;
}

/**
 * The service's answer; its refusal of a field as a `TesseraValidationError` naming it, any other (an unknown clock:
 * 404 `not_found`) as a `SandboxControlError`, as `connectSandbox` throws it.
 */
function inCode<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof SandboxHttpError)) throw error;
    if (error.fields) throw new TesseraValidationError(error.fields);
    throw new SandboxControlError(error.message, { status: error.status, code: error.code, fields: [], requestId: undefined });
  }
}

/** The `sandbox.testClocks` helper over a sandbox's context. */
export function testClockHelper(ctx: SandboxContext): SandboxTestClocks {
  return {
    create: (input) => inCode(() => createTestClock(ctx, createBodyOf(input))),
    list: () => listTestClocks(ctx).data,
    retrieve: (id) => inCode(() => retrieveTestClock(ctx, id)),
    advance: (id, move) => inCode(() => advanceTestClock(ctx, id, advanceBodyOf(move))),
    delete: (id) => inCode(() => deleteTestClock(ctx, id)),
  };
}
