// `tessera-sandbox token | fault | challenge`: the test helpers of a running sandbox from the command line, through
// `connectSandbox` (the `/sandbox/*` helper routes, secret key). They print ids, outcomes and service tokens, never
// an API key, a card number or a CVC.
import { parseArgs } from 'node:util';
import { TesseraError, TesseraValidationError } from '@tessera/core';
import { connectSandbox, type SandboxConnection } from '../control/connect.js';
import { faultKinds, type FaultKind, type FaultRule } from '../http/faults.js';
import type { RouteName } from '../http/route-name.js';
import { testCardNumbers } from '../service/test-card-names.js';
import { clockCommands } from './cli-clock.js';
import { connection, UsageError } from './cli-webhooks.js';

export const helperUsage = `Test helpers (against a running sandbox, as the webhook commands: --sandbox <url>, TESSERA_API_KEY):
  tessera-sandbox token <card> [--exp-month <1-12>] [--exp-year <yyyy>]
      prints the service token the tokenizer would make for a test card (for createFromToken), and nothing else
      on stdout; <card> is a name (${Object.keys(testCardNumbers).join(', ')}) or a number
  tessera-sandbox fault add --kind <kind> [--route <name>] [--times <n>] [--probability <0-1>]
                            [--latency-ms <ms>] [--status <500-599>] [--retry-after <s>]
      adds a fault rule (kinds: ${faultKinds.map((kind) => kind.replace(/_/g, '-')).join(', ')}; route: an operation
      such as processPayment, or a sandbox route; without one, every route) and prints its id
  tessera-sandbox fault list | fault remove <id> | fault clear
      the active rules and what fired; remove one; remove all (a restart clears them too: never kept)
  tessera-sandbox challenge approve <id> | challenge fail <id>
      settles a 3DS challenge as the customer would on the ACS page, by the payment's id (pay_…), its 3DS session
      id or its ACS transaction id, and prints the payment's status`;

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, options: { ...spec, sandbox: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) throw new UsageError(`Invalid --${name} "${value}": expected an integer from ${min} to ${max}`);
  return parsed;
}

function remote(sandbox: string | undefined): SandboxConnection {
  const { base, key } = connection(sandbox);
  return connectSandbox(base, { apiKey: key });
}

async function token(args: string[]): Promise<void> {
  const { values, positionals } = options(args, { 'exp-month': { type: 'string' }, 'exp-year': { type: 'string' } });
  const [card, extra] = positionals;
  if (card === undefined || extra !== undefined) throw new UsageError('token needs one card: a test card name (visa_3ds, …) or a card number');
  const expMonth = integer('exp-month', values['exp-month'], 1, 12);
  const expYear = integer('exp-year', values['exp-year'], 2000, 2200);
  const number = Object.hasOwn(testCardNumbers, card) ? testCardNumbers[card as keyof typeof testCardNumbers] : card.replace(/[\s-]/g, '');
  const given = expMonth === undefined && expYear === undefined ? (number as `${number}`) : { number, ...(expMonth === undefined ? {} : { expMonth }), ...(expYear === undefined ? {} : { expYear }) };
  const { serviceToken, card: facts } = await remote(values.sandbox).createServiceTokenWithFacts(given);
  console.log(serviceToken);
  console.error(`${facts.brand} ending ${facts.last4}, expires ${String(facts.expMonth).padStart(2, '0')}/${facts.expYear}${facts.scaRequired ? ', asks for 3DS' : ''} (vault token ${facts.tokenId})`);
}

const describeRule = (rule: FaultRule & { id: number }): string =>
  `${rule.id}  ${rule.kind}  ${rule.route ?? 'every route'}${rule.times === undefined ? '' : `  times ${rule.times}`}${rule.probability === undefined ? '' : `  probability ${rule.probability}`}` +
  `${rule.latencyMs === undefined ? '' : `  ${rule.latencyMs} ms`}${rule.status === undefined ? '' : `  status ${rule.status}`}${rule.retryAfterSeconds === undefined ? '' : `  retry after ${rule.retryAfterSeconds} s`}`;

async function fault(args: string[]): Promise<void> {
  const { values, positionals } = options(args, {
    kind: { type: 'string' },
    route: { type: 'string' },
    times: { type: 'string' },
    probability: { type: 'string' },
    'latency-ms': { type: 'string' },
    status: { type: 'string' },
    'retry-after': { type: 'string' },
  });
  const [action, id, extra] = positionals;
  const sandbox = remote(values.sandbox);
  if (action === 'add' && id === undefined) {
    if (values.kind === undefined) throw new UsageError(`fault add needs --kind (${faultKinds.map((kind) => kind.replace(/_/g, '-')).join(', ')})`);
    const probability = values.probability === undefined ? undefined : Number(values.probability);
    const rule = {
      kind: values.kind.replace(/-/g, '_') as FaultKind,
      ...(values.route === undefined ? {} : { route: values.route as RouteName }),
      ...(values.times === undefined ? {} : { times: integer('times', values.times, 1, 1_000_000)! }),
      ...(probability === undefined ? {} : { probability }),
      ...(values['latency-ms'] === undefined ? {} : { latencyMs: integer('latency-ms', values['latency-ms'], 0, 60_000)! }),
      ...(values.status === undefined ? {} : { status: integer('status', values.status, 500, 599)! }),
      ...(values['retry-after'] === undefined ? {} : { retryAfterSeconds: integer('retry-after', values['retry-after'], 0, 3600)! }),
    };
    const added = await sandbox.faults.add(rule);
    console.log(`Added fault rule ${describeRule(added)}`);
    return;
  }
  if (action === 'list' && id === undefined) {
    const { rules, fired } = await sandbox.faults.list();
    console.log(rules.length === 0 ? 'No fault rules' : `Fault rules (id, kind, route):\n${rules.map((rule) => `  ${describeRule(rule)}`).join('\n')}`);
    console.log(`Fired: ${fired.length}${fired.length === 0 ? '' : `\n${fired.map((one) => `  ${one.kind}  ${one.route}`).join('\n')}`}`);
    return;
  }
  if (action === 'remove' && id !== undefined && extra === undefined) {
    const ruleId = integer('id', id, 1, Number.MAX_SAFE_INTEGER);
    await sandbox.faults.remove(ruleId ?? 0);
    console.log(`Removed fault rule ${id}`);
    return;
  }
  if (action === 'clear' && id === undefined) {
    const cleared = await sandbox.faults.clear();
    console.log(`Cleared ${cleared} fault rule${cleared === 1 ? '' : 's'}`);
    return;
  }
  throw new UsageError('fault takes: add --kind <kind> [--route <name>] [--times <n>] …, list, remove <id> or clear');
}

async function challenge(args: string[]): Promise<void> {
  const { values, positionals } = options(args, {});
  const [action, id, extra] = positionals;
  if ((action !== 'approve' && action !== 'fail') || id === undefined || extra !== undefined) {
    throw new UsageError("challenge takes approve <id> or fail <id>: the payment's id (pay_…), its 3DS session id or its ACS transaction id");
  }
  const sandbox = remote(values.sandbox);
  const outcome = action === 'approve' ? await sandbox.challenges.approve(id) : await sandbox.challenges.fail(id);
  const what = outcome.paymentId === null ? 'a 3DS session without a payment' : `payment ${outcome.paymentId}`;
  console.log(`${action === 'approve' ? 'Approved' : 'Failed'} the 3DS challenge of ${what}: ${outcome.authenticated ? 'authenticated' : 'not authenticated'}${outcome.status === null ? '' : `, payment ${outcome.status}`}`);
  console.log(`  sessionId         ${outcome.sessionId}`);
  console.log(`  acsTransactionId  ${outcome.acsTransactionId}`);
}

/** The helper commands by name. */
export const helperCommands: Record<string, (args: string[]) => Promise<void>> = { token, fault, challenge, ...clockCommands };

/**
 * Runs a helper command. Input the client refuses is a usage error (exit code 2); a sandbox that cannot be reached
 * or refuses is an error (exit code 1) naming what to do.
 */
export async function runHelperCommand(name: string, args: string[]): Promise<void> {
  const command = helperCommands[name];
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  try {
    await command(args);
  } catch (error) {
    if (TesseraValidationError.isInstance(error)) throw new UsageError(error.message);
    if (TesseraError.isInstance(error)) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}
