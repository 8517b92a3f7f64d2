import { byId } from '../state/collection.js';

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
