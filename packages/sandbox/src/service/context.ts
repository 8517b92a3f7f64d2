import type { OperationInput, OperationName } from '@tessera/core/internal';
import type { TestClock } from '../state/clock.js';
import type { StateHolder } from '../state/collection.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

/** What every sandbox operation works on. Internal. */
export interface SandboxContext extends StateHolder {
  clock: TestClock;
  webhooks: WebhookDispatcher;
  /** A new id with the given prefix, e.g. `pay_000001` (`evt_<tag>_000001` for events): counted per sandbox, never handed out twice. */
  nextId(prefix: string): string;
  /**
   * The time a record is dated, as an ISO string: the test clock's when `customerId` (the customer the record is
   * made for) was created under one, else that of the clock the request runs under ({@link requestTestClockId}), else
   * the sandbox's clock's.
   */
  nowIso(customerId?: string): string;
  /**
   * The scoped test clock the running request is under (its `Tessera-Test-Clock` header, or the clock being advanced),
   * set for the length of one synchronous operation; `undefined`: the sandbox's clock.
   */
  requestTestClockId?: string | undefined;
  /**
   * Called with a payment's id each time one is approved (a purchase succeeded or an authorization held, at once or
   * after its customer acted): the sandbox completes the checkout session it pays (service/checkout.ts). Set by
   * `createSandbox`; the lifecycle (service/lifecycle.ts) calls it, so no state module depends on an operation.
   */
  paymentApproved?: ((paymentId: string) => void) | undefined;
}

/**
 * The operations of core's catalog a service module serves, each as what it answers (as JSON) for the operation's
 * checked input, or for the `{id}` of its path when that is its only input: declared beside the behaviour, as
 * `export const fooOperations = { createFoo: (ctx, input) => …, retrieveFoo: (ctx, id) => … } satisfies
 * ServedOperations`, and spread into the sandbox's one handler table (`http/operation-handlers.ts`).
 */
export type ServedOperations = {
  readonly [K in OperationName]?: OperationInput<K> extends undefined ? (ctx: SandboxContext, id: string) => unknown : (ctx: SandboxContext, input: OperationInput<K>) => unknown;
};
