import { TesseraValidationError } from '@tessera/core';
import { faultRuleErrors, type FaultRule, type FiredFault } from '../http/faults.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { ControlTransport } from './transport.js';

/** A fault rule a running sandbox holds: the rule as added, and its id. */
export type SandboxFaultRule = FaultRule & { id: number };

/** The fault rules of a running sandbox: `sandbox.faults` over HTTP (`/sandbox/faults`). */
export interface RemoteFaults {
  /**
   * Adds a rule (the shape of `sandbox.faults.add`); resolves it with its id. A bad rule is a
   * `TesseraValidationError` naming each bad field, before any request.
   */
  add(rule: FaultRule): Promise<SandboxFaultRule>;
  /** The active rules, and every fault that fired since the last `clear`, in order. */
  list(): Promise<{ rules: SandboxFaultRule[]; fired: FiredFault[] }>;
  /** Removes one rule by its id. */
  remove(id: number): Promise<void>;
  /** Removes every rule and the history; resolves how many rules there were. */
  clear(): Promise<number>;
}

/** The fault controls of `connectSandbox`. */
export function remoteFaults(transport: ControlTransport): RemoteFaults {
  return {
    async add(rule) {
      const errors = faultRuleErrors(rule);
      if (errors.length > 0) throw new TesseraValidationError(errors);
      return (await transport.request<{ rule: SandboxFaultRule }>('POST', sandboxRoutes.addFaultRule, rule)).rule;
    },
    list: () => transport.request('GET', sandboxRoutes.listFaultRules),
    async remove(id) {
      if (!Number.isSafeInteger(id) || id < 1) throw new TesseraValidationError([{ field: 'id', code: 'invalid_value', message: 'must be the id faults.add or faults.list gave (a whole number from 1)' }]);
      await transport.request('DELETE', sandboxRoutes.removeFaultRule.replace('{id}', String(id)));
    },
    clear: async () => (await transport.request<{ cleared: number }>('DELETE', sandboxRoutes.clearFaultRules)).cleared,
  };
}
