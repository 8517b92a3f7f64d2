import type { TestClock } from './clock.js';
import type { StateHolder } from './collection.js';
import type { WebhookDispatcher } from '../service/webhooks.js';

/** What every sandbox operation works on. Internal. */
export interface SandboxContext extends StateHolder {
  clock: TestClock;
  webhooks: WebhookDispatcher;
  /** A new id with the given prefix, e.g. `pay_000001` (`evt_<tag>_000001` for events): counted per sandbox, never handed out twice. */
  nextId(prefix: string): string;
  /** The clock's time as an ISO string. */
  nowIso(): string;
}
