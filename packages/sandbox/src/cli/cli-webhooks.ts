// `tessera-sandbox listen | trigger | resend`: webhook commands that talk to a running sandbox over HTTP, through
// its `/sandbox/*` helper routes, with the sandbox's key. They print ids, secrets of endpoints and delivery lines,
// never an API key, a card number or a CVC.
import { parseArgs } from 'node:util';
import { SANDBOX_API_KEY } from '@tessera/core/internal';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { isTriggerable, triggerableEvents } from '../service/trigger-types.js';

/**
 * The store `listen` and `trigger` use without `--store`: the gateway store (`defaults.gateway.storeId`), the one the
 * quick start pays in, so that `listen` shows the events of those payments and `trigger` fires where `listen` listens.
 * Every sandbox seeds its stores first, in the same order, so their ids are the same everywhere (the start-up
 * lines print them).
 */
const DEFAULT_WEBHOOK_STORE_ID = 'store_000002';

/** A command-line mistake: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const webhookUsage = `Webhook commands (against a running sandbox; TESSERA_SANDBOX_URL or --sandbox <url>, default
http://localhost:4010; the key from TESSERA_API_KEY, default the sandbox's own):
  tessera-sandbox listen --forward-to <url> [--webhook-secret <whsec_…>] [--store <id>]
                         [--duplicates | --out-of-order | --delay <ms> | --fail-first <n>]
      registers (or reuses) an endpoint for every event type of the store (default ${DEFAULT_WEBHOOK_STORE_ID}, the gateway
      store the quick start pays in) at <url>, prints its secret, then one line per delivery attempt until
      stopped. The secret stays the same across restarts with the data file; a fixed one
      (--webhook-secret, or TESSERA_WEBHOOK_SECRET) is kept by the endpoint, so a .env survives --reset too.
      Modes: --duplicates (each event twice), --out-of-order (batches of up to 3 events, newest first),
      --delay <ms> (each delivery that much later), --fail-first <n> (the first n attempts of each delivery reach
      your handler but count as failed, so it gets the same event n + 1 times). Without one: normal.
  tessera-sandbox trigger <event-type> [--store <id>]
      does what causes the event (${Object.keys(triggerableEvents).join(', ')}) on the store (default
      ${DEFAULT_WEBHOOK_STORE_ID}) and prints the ids
  tessera-sandbox resend <eventId> [--endpoint <wh_…>]
      delivers the event again (same id, signed anew) to the endpoint, or to every endpoint subscribed to it`;

const DEFAULT_SANDBOX_URL = 'http://localhost:4010';
/** How often `listen` reads the delivery log. */
const POLL_MS = 250;
/** `listen` gives up when the sandbox has not answered for this long. */
const UNREACHABLE_LIMIT_MS = 30_000;
/** The most deliveries one page of the delivery log holds (`GET /sandbox/webhook-deliveries`). */
const DELIVERY_PAGE = 500;
/** Time limit of one request to the sandbox. */
const REQUEST_TIMEOUT_MS = 5_000;

/** A failure to report (exit code 1), with what to do. */
class CommandError extends Error {}

/** A running sandbox the commands talk to: its origin and the secret key. */
export interface Connection {
  base: string;
  key: string;
}

/** The sandbox of a command: `--sandbox <url>`, else TESSERA_SANDBOX_URL, else http://localhost:4010; the key from TESSERA_API_KEY. */
export function connection(sandbox: string | undefined): Connection {
  const base = (sandbox ?? process.env.TESSERA_SANDBOX_URL ?? DEFAULT_SANDBOX_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(base)) throw new UsageError(`Invalid --sandbox "${base}": expected the sandbox's origin, as http://localhost:4010`);
  return { base, key: process.env.TESSERA_API_KEY || SANDBOX_API_KEY };
}

/** A request to the sandbox; its JSON answer, typed as the helper route answers it. */
async function call<T>(conn: Connection, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response;
  try {
    response = await fetch(`${conn.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${conn.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CommandError(`No sandbox answers at ${conn.base}: start it with \`tessera-sandbox\` (or give --sandbox <url>)`, { cause: error });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? {} : JSON.parse(text);
  } catch {
    json = {};
  }
  if (response.status === 401) throw new CommandError(`The sandbox at ${conn.base} refused the API key (TESSERA_API_KEY): it takes its own key, printed at start-up`);
  if (!response.ok) {
    const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
    throw new CommandError(typeof message === 'string' ? message : `The sandbox answered ${response.status}`);
  }
  return json as T;
}

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, options: { ...spec, sandbox: { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function integer(name: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) throw new UsageError(`Invalid --${name} "${value}": expected an integer from ${min} to ${max}`);
  return parsed;
}

interface Attempt {
  attempt: number;
  at: string;
  status: number | null;
  error?: string;
  detail?: string;
  durationMs: number;
}
interface LoggedDelivery {
  index: number;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  reason?: string;
  history: Attempt[];
}
interface DeliveryLog {
  deliveries: LoggedDelivery[];
  total: number;
}

/** One line per finished attempt: time, event id and type, HTTP status (or why none), attempt, duration. */
export function deliveryLine(delivery: LoggedDelivery, attempt: Attempt): string {
  const answer =
    attempt.error === 'fail_first'
      ? `${attempt.status} (counted as failed: --fail-first)`
      : attempt.status !== null
        ? String(attempt.status)
        : `${attempt.error ?? 'no answer'}${attempt.detail ? ` (${attempt.detail})` : ''}`;
  const failed = attempt.error !== undefined || attempt.status === null || attempt.status < 200 || attempt.status > 299;
  const gaveUp = delivery.status === 'failed' && attempt.attempt === delivery.history.length;
  const outcome = failed ? (gaveUp ? '  gave up' : '  retrying') : '';
  const reason = delivery.reason ? `  [${delivery.reason}]` : '';
  return `${attempt.at}  ${delivery.eventId}  ${delivery.eventType}  -> ${answer}  attempt ${attempt.attempt}  ${attempt.durationMs}ms${outcome}${reason}`;
}

async function listen(args: string[]): Promise<void> {
  const { values, positionals } = options(args, {
    'forward-to': { type: 'string' },
    'webhook-secret': { type: 'string' },
    store: { type: 'string' },
    duplicates: { type: 'boolean' },
    'out-of-order': { type: 'boolean' },
    delay: { type: 'string' },
    'fail-first': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`listen takes no argument "${positionals[0]}"`);
  const url = values['forward-to'];
  if (!url) throw new UsageError('listen needs --forward-to <url>, the URL of your webhook handler');
  const modes = [
    values.duplicates ? { kind: 'duplicates' } : undefined,
    values['out-of-order'] ? { kind: 'out-of-order' } : undefined,
    values.delay === undefined ? undefined : { kind: 'delay', ms: integer('delay', values.delay, 0, 60_000) },
    values['fail-first'] === undefined ? undefined : { kind: 'fail-first', attempts: integer('fail-first', values['fail-first'], 1, 9) },
  ].filter((mode) => mode !== undefined);
  if (modes.length > 1) throw new UsageError('Give one delivery mode at most: --duplicates, --out-of-order, --delay <ms> or --fail-first <n>');
  const mode = modes[0] ?? { kind: 'normal' };
  const conn = connection(values.sandbox);
  const secret = values['webhook-secret'] ?? (process.env.TESSERA_WEBHOOK_SECRET || undefined);
  const added = await call<{ storeId: string; endpoint: { id: string; secret: string } }>(conn, 'POST', sandboxRoutes.addWebhookEndpoint, {
    url,
    mode,
    storeId: values.store ?? DEFAULT_WEBHOOK_STORE_ID,
    ...(secret === undefined ? {} : { secret }),
  });
  const { endpoint } = added;
  console.log(`Forwarding every event of store ${added.storeId} to ${url}`);
  console.log(`Endpoint:      ${endpoint.id} (mode ${mode.kind}${'ms' in mode ? ` ${mode.ms} ms` : ''}${'attempts' in mode ? ` ${mode.attempts}` : ''})`);
  console.log(`Secret:        ${endpoint.secret}${secret === undefined ? ' (kept in the data file; --webhook-secret or TESSERA_WEBHOOK_SECRET to fix it)' : ' (fixed)'}`);
  console.log('Ready: one line per delivery attempt (Ctrl-C to stop)');

  // Everything before now is history: print what happens from here on.
  let since = Number((await call<DeliveryLog>(conn, 'GET', `${sandboxRoutes.listWebhookDeliveries}?endpointId=${endpoint.id}&since=${Number.MAX_SAFE_INTEGER}`)).total ?? 0);
  const printed = new Map<number, number>();
  let stopped = false;
  const stop = (): void => {
    stopped = true;
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let lastAnswer = Date.now();
  while (!stopped) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (stopped) break;
    let log;
    try {
      log = await call<DeliveryLog>(conn, 'GET', `${sandboxRoutes.listWebhookDeliveries}?endpointId=${endpoint.id}&since=${since}`);
      lastAnswer = Date.now();
    } catch (error) {
      if (Date.now() - lastAnswer > UNREACHABLE_LIMIT_MS) throw error;
      continue;
    }
    let firstOpen: number | undefined;
    for (const delivery of log.deliveries) {
      const done = delivery.history.filter((attempt) => attempt.status !== null || attempt.error !== undefined);
      for (const attempt of done.slice(printed.get(delivery.index) ?? 0)) {
        console.log(deliveryLine(delivery, attempt));
      }
      printed.set(delivery.index, done.length);
      if (delivery.status === 'pending') firstOpen ??= delivery.index;
      else printed.delete(delivery.index);
    }
    const lastSeen = log.deliveries.at(-1)?.index;
    // Read again from the first delivery still going, unless the page is full: a delivery left pending by an
    // earlier run of the sandbox (stopped mid-delivery) must not hold the listener back for ever.
    const full = log.deliveries.length >= DELIVERY_PAGE;
    since = (full ? undefined : firstOpen) ?? (lastSeen === undefined ? since : lastSeen + 1);
  }
}

async function triggerCommand(args: string[]): Promise<void> {
  const { values, positionals } = options(args, { store: { type: 'string' } });
  const [type, extra] = positionals;
  const supported = Object.entries(triggerableEvents)
    .map(([name, what]) => `  ${name.padEnd(22)}${what}`)
    .join('\n');
  if (type === undefined || extra !== undefined || !isTriggerable(type)) {
    throw new UsageError(`${type === undefined ? 'trigger needs an event type' : `Cannot trigger "${positionals.join(' ')}"`}. Supported event types:\n${supported}`);
  }
  const conn = connection(values.sandbox);
  const result = await call<{ storeId: string; ids: Record<string, string>; events: { id: string; type: string }[] }>(conn, 'POST', sandboxRoutes.triggerEvent, { type, storeId: values.store ?? DEFAULT_WEBHOOK_STORE_ID });
  console.log(`Triggered ${type} on store ${result.storeId}`);
  for (const [name, id] of Object.entries(result.ids)) console.log(`  ${name.padEnd(20)} ${id}`);
  console.log('Events:');
  for (const event of result.events) console.log(`  ${event.id}  ${event.type}`);
}

async function resend(args: string[]): Promise<void> {
  const { values, positionals } = options(args, { endpoint: { type: 'string' } });
  const [eventId, extra] = positionals;
  if (eventId === undefined || extra !== undefined) throw new UsageError('resend needs one event id (evt_…)');
  const conn = connection(values.sandbox);
  const result = await call<{ deliveries: { endpointId: string; url: string }[] }>(conn, 'POST', sandboxRoutes.resendWebhookEvent.replace('{id}', encodeURIComponent(eventId)), values.endpoint === undefined ? {} : { endpointId: values.endpoint });
  const { deliveries } = result;
  if (deliveries.length === 0) console.log(`No endpoint takes ${eventId}: nothing resent (register one with \`tessera-sandbox listen\`)`);
  for (const delivery of deliveries) console.log(`Resent ${eventId} to ${delivery.endpointId} (${delivery.url})`);
}

/** The webhook commands by name. */
export const webhookCommands: Record<string, (args: string[]) => Promise<void>> = { listen, trigger: triggerCommand, resend };

/** Runs a webhook command; a sandbox that cannot be reached or refuses is an error (exit code 1) naming what to do. */
export async function runWebhookCommand(name: string, args: string[]): Promise<void> {
  const command = webhookCommands[name];
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  try {
    await command(args);
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}
