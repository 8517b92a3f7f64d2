import type { RouteResult } from '../wire/answer.js';
import type { SandboxRequest } from './request.js';
import { isRouteName, type RouteName } from './route-name.js';

/** The request as an override reads it: method, URL, path parameters, the parsed body and the headers. */
export type SandboxRouteRequest = Pick<SandboxRequest, 'method' | 'pathname' | 'origin' | 'url' | 'params' | 'body' | 'form' | 'header'>;

/**
 * What an override answers: `{ status?, json, headers? }` (JSON), `{ status?, html, headers? }`, `{ status?, script }`,
 * `{ status?, css }` or `{ status?, redirect }` (302 by default). The sandbox adds `x-request-id` and the route's CORS
 * headers, as it does to its own answers.
 */
export type SandboxRouteResult = RouteResult;

/**
 * Replaces one route's operation: called in its place, after the route's key check, idempotency and faults (an
 * answer given with an `Idempotency-Key` is replayed like the operation's). Synchronous, as the operations are.
 * Return `undefined` to let the sandbox's own operation answer this request.
 */
export type RouteOverride = (request: SandboxRouteRequest) => SandboxRouteResult | undefined;

/** Overrides by route name: core's operation name (`processPayment`) or a sandbox route's (`vaultTokenizeCard`). */
export type RouteOverrides = Partial<Record<RouteName, RouteOverride>>;

/** The overrides of one sandbox: what the route pipeline reads, and how `sandbox.override` changes it. */
export interface OverrideTable {
  readonly byName: ReadonlyMap<RouteName, RouteOverride>;
  /** Sets (or, with `undefined`, removes) the override of `name`; returns what puts the previous one back. */
  set(name: RouteName, override: RouteOverride | undefined): () => void;
}

/** The override table, starting from `initial`; a name the sandbox does not serve is refused, as fault rules do. */
export function createOverrideTable(initial: RouteOverrides = {}): OverrideTable {
  const byName = new Map<RouteName, RouteOverride>();
  const set = (name: RouteName, override: RouteOverride | undefined): (() => void) => {
    if (!isRouteName(name)) throw new RangeError(`override route "${String(name)}" is not a route of the sandbox`);
    const previous = byName.get(name);
    if (override === undefined) byName.delete(name);
    else byName.set(name, override);
    return () => {
      if (previous === undefined) byName.delete(name);
      else byName.set(name, previous);
    };
  };
  for (const [name, override] of Object.entries(initial) as [RouteName, RouteOverride | undefined][]) set(name, override);
  return { byName, set };
}
