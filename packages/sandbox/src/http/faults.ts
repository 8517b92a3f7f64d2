import type { FieldError } from '@tessera/core';
import { toFieldErrors, z } from '@tessera/core/internal';
import { seededRandom } from '../state/random.js';
import { isRouteName, type RouteName } from './route-name.js';

/** The kinds of injected fault, in the order the README lists them. */
export const faultKinds = ['latency', 'server_error', 'rate_limit', 'drop_before_commit', 'drop_after_commit'] as const;

/** Kinds of injected fault. */
export type FaultKind = (typeof faultKinds)[number];

/** The longest injected latency, in ms (a minute: longer would outlast any client's time limit). */
export const MAX_FAULT_LATENCY_MS = 60_000;

/** One fault rule. */
export interface FaultRule {
  /**
   * Route name (core's operation name such as `processPayment`, or a sandbox route such as `vaultTokenizeCard`);
   * omit for every route. A name the sandbox does not serve is refused.
   */
  route?: RouteName;
  /** What happens. `drop_after_commit` applies the change, then drops the connection (what double-charges naive clients). */
  kind: FaultKind;
  /** Chance in [0, 1] that the rule fires on a matching request, drawn from the seeded generator. Default 1. */
  probability?: number;
  /** Fire at most this many times, then stop. Default: no limit. */
  times?: number;
  /** Added delay for `latency`, in ms. Default 100. */
  latencyMs?: number;
  /** Status for `server_error` (500–599). Default 503. */
  status?: number;
  /** `Retry-After` seconds for `rate_limit`. Default 1. */
  retryAfterSeconds?: number;
}

/** A fault that fired. */
export interface FiredFault {
  route: RouteName;
  kind: FaultKind;
}

/** What to do with one request. */
export interface FaultDecision {
  latencyMs: number;
  /** The one fault that ends or alters the request, if any (the first matching rule wins). */
  fault?: Required<Pick<FaultRule, 'kind'>> & FaultRule;
}

/**
 * Fault controls. Deterministic: the same seed and the same sequence of requests give the same faults. Never kept in a
 * data file: a sandbox starts with no fault rules, whatever the file holds.
 */
export interface SandboxFaults {
  /** Adds a rule; returns its id. */
  add(rule: FaultRule): number;
  /** Removes one rule. */
  remove(id: number): void;
  /** Removes every rule and the history. */
  clear(): void;
  /** Restarts the generator from `seed`. */
  reseed(seed: number): void;
  /** The active rules. */
  rules(): readonly (FaultRule & { id: number })[];
  /** Every fault that fired, in order. */
  readonly fired: FiredFault[];
  /** Decides the faults of one request to `route`. Internal to the handlers. */
  decide(route: RouteName): FaultDecision;
}

/**
 * A fault rule as it comes from outside the type system (`POST /sandbox/faults`, `connectSandbox().faults.add`, the
 * CLI): every field checked, none unknown. The one check of a rule: `faults.add` runs it too.
 */
const faultRuleSchema = z.strictObject({
  route: z.optional(z.string().check(z.refine((name) => isRouteName(name), 'is not a route of the sandbox: use one of core\'s operation names (processPayment, …) or a key of sandboxRoutes'))),
  kind: z.enum(faultKinds),
  probability: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  times: z.optional(z.int().check(z.minimum(1))),
  latencyMs: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_FAULT_LATENCY_MS))),
  status: z.optional(z.int().check(z.minimum(500), z.maximum(599))),
  retryAfterSeconds: z.optional(z.int().check(z.minimum(0), z.maximum(3600))),
});

/** What is wrong with a fault rule, field by field (`[]` for a valid one). */
export function faultRuleErrors(rule: unknown): FieldError[] {
  const result = z.safeParse(faultRuleSchema, rule);
  return result.success ? [] : toFieldErrors(result.error.issues);
}

/** Creates the fault controls from a seed. */
export function createFaults(seed: number): SandboxFaults {
  let random = seededRandom(seed);
  let nextId = 1;
  let active: (FaultRule & { id: number; remaining: number })[] = [];
  const fired: FiredFault[] = [];
  return {
    fired,
    add(rule) {
      const errors = faultRuleErrors(rule);
      if (errors.length > 0) throw new RangeError(`Invalid fault rule: ${errors.map(({ field, message }) => `${field || '(rule)'} ${message}`).join('; ')}`);
      const id = nextId++;
      active.push({ ...rule, id, remaining: rule.times ?? Number.POSITIVE_INFINITY });
      return id;
    },
    remove(id) {
      active = active.filter((rule) => rule.id !== id);
    },
    clear() {
      active = [];
      fired.length = 0;
    },
    reseed(newSeed) {
      random = seededRandom(newSeed);
    },
    rules: () => active.map(({ remaining: _remaining, ...rule }) => rule),
    decide(route) {
      const decision: FaultDecision = { latencyMs: 0 };
      for (const rule of active) {
        if ((rule.route !== undefined && rule.route !== route) || rule.remaining <= 0) continue;
        if (rule.kind !== 'latency' && decision.fault) continue;
        const probability = rule.probability ?? 1;
        if (probability < 1 && random() >= probability) continue;
        rule.remaining--;
        fired.push({ route, kind: rule.kind });
        if (rule.kind === 'latency') decision.latencyMs += rule.latencyMs ?? 100;
        else decision.fault = rule;
      }
      return decision;
    },
  };
}
