import type { RouteResult } from '../wire/answer.js';
import { faultRuleErrors, type FaultRule, type SandboxFaults } from './faults.js';
import { notFound, validationError } from '../errors/http-error.js';

// The `/sandbox/faults` helpers: a running sandbox's `sandbox.faults`, over HTTP (secret key), for tests whose
// sandbox runs in another process (the CLI). The rules are never kept in the data file, as in code.

/** `POST /sandbox/faults` (a `FaultRule`): adds it; 201 `{ rule: { id, …rule } }`, or a 400 naming each bad field. */
export function addFaultRule(faults: SandboxFaults, body: unknown): RouteResult {
  const errors = faultRuleErrors(body);
  if (errors.length > 0) throw validationError(errors);
  const id = faults.add(body as FaultRule);
  return { status: 201, json: { rule: faults.rules().find((rule) => rule.id === id) } };
}

/** `GET /sandbox/faults`: `{ rules, fired }`, the active rules (with their ids) and every fault that fired, in order. */
export function listFaultRules(faults: SandboxFaults): RouteResult {
  return { json: { rules: faults.rules(), fired: faults.fired } };
}

/** `DELETE /sandbox/faults`: removes every rule and the history; `{ cleared }`, how many rules there were. */
export function clearFaultRules(faults: SandboxFaults): RouteResult {
  const cleared = faults.rules().length;
  faults.clear();
  return { json: { cleared } };
}

/** `DELETE /sandbox/faults/{id}`: removes one rule; `{ removed: id }`, or a 404 for an id no active rule has. */
export function removeFaultRule(faults: SandboxFaults, id: string): RouteResult {
  const rule = faults.rules().find((candidate) => String(candidate.id) === id);
  if (rule === undefined) throw notFound('fault rule', id);
  faults.remove(rule.id);
  return { json: { removed: rule.id } };
}
