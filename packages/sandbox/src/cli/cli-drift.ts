// `tessera-sandbox drift`: calls the catalog's read-only operations on the live service and on the sandbox, with the
// same inputs, over HTTP through the sandbox's own one request (../control/transport.ts: the key as a bearer token, a
// time limit, no redirect followed; each request sent once), and prints where the two answers differ in shape
// (./drift-shape.ts). It needs nothing but the sandbox and `@tessera/core`: `@tessera/server` is not imported, so the
// sandbox does not depend on the package whose tests run against it. It prints operation names, paths, keys, JSON
// types and status-like values: never an id, a card fact or a key (the live key goes into the request's header and
// nowhere else).
import { parseArgs } from 'node:util';
import { TesseraConnectionError, TesseraTimeoutError } from '@tessera/core';
import { API_PREFIX, operations, type OperationName, SANDBOX_API_KEY } from '@tessera/core/internal';
import { describeDrift, shapeDrift } from './drift-shape.js';
import { type ControlTransport, controlTransport } from '../control/transport.js';
import { SandboxControlError } from '../errors/control-error.js';
import { isLoopbackHostname } from '../http/loopback.js';

export const driftUsage = `Drift check (the sandbox against the live service):
  tessera-sandbox drift --live-origin <origin> [--live-key <key>] [--sandbox <url>] [--allow-writes]
      calls the read-only operations of the catalog on the live service (a development origin, e.g.
      https://app.tagadapay.dev, with a development key: --live-key or TESSERA_LIVE_API_KEY) and on a running
      sandbox (--sandbox, TESSERA_SANDBOX_URL, default http://localhost:4010), with the same inputs, and prints per
      operation where the answers differ in shape: keys on one side only, other JSON types, and status, subStatus,
      requireAction and type values one side never shows. Ids, card facts and keys are never printed.
      --allow-writes also calls the test-safe writes, on each side's first store: createWebhookEndpoint (to
      https://tessera-drift-check.invalid, a name that never resolves) and createProduct (inactive), both named
      "Tessera drift check (test; safe to delete)"; never a payment. Refused unless the key looks like a
      development or test key (a test, dev or sandbox part, no live or prod part) and the origin is not the
      production one (https://app.tagadapay.com).
      Exit code 0: no drift; 1: drift; 2: usage or connection error.`;

const DEFAULT_SANDBOX_URL = 'http://localhost:4010';

/** Time limit of each request, on either side. */
const TIMEOUT_MS = 20_000;

/**
 * The read-only POSTs, called first, in this order: the lists and the key check. Every other POST changes something.
 * Their answers give the ids of the GETs ({@link publishedGets}) and the store of the products list.
 */
const READ_ONLY_POSTS: readonly DriftOperation[] = [
  { name: 'testAuth', body: () => ({}) },
  { name: 'listPayments', body: () => ({ pagination: { page: 1, pageSize: 20 } }) },
  { name: 'listEvents', body: () => ({ pagination: { page: 1, pageSize: 20 } }) },
  { name: 'listRecentEvents', body: () => ({ limit: 10 }) },
  { name: 'listPaymentInstruments', body: () => ({ page: 1, pageSize: 20 }) },
  { name: 'listCustomers', body: () => ({ page: 1, pageSize: 20 }) },
  { name: 'listBlockRules', body: () => ({ pagination: { page: 1, pageSize: 20 } }) },
  { name: 'listSubscriptions', body: () => ({ page: 1, per_page: 20 }) },
  { name: 'listPromotionCodes', body: () => ({ page: 1, limit: 20 }) },
  // The products list needs a store: the first one an earlier answer of that side names.
  { name: 'listProducts', body: (context) => (context.storeId === undefined ? undefined : { storeId: context.storeId, page: 1, per_page: 20 }) },
];

/** Where a GET by id takes its id instead of the list under its first path segment: no list of orders is published. */
const ID_SOURCES: Partial<Record<OperationName, Pick<DriftOperation, 'from' | 'idField'>>> = {
  retrieveOrder: { from: 'listCustomers', idField: 'lastOrderId' },
};

const firstSegment = (path: string): string | undefined => path.split('/')[1];

/**
 * Every GET of the catalog that answers JSON on a published path and takes no input but its path's id, in the
 * catalog's order. Left out: `initCheckout` (it opens a checkout session and answers a redirect), and `listOrders` and
 * `listWebhookEvents` (`assumed` paths the service has not published). A published GET with a query would be left out too:
 * a test fails until it is given an entry with its input. A GET by id takes the id of the first item of the list
 * under the same first path segment (`GET /customers/{id}` from `POST /customers/list`), or of its
 * {@link ID_SOURCES} entry; with neither it is skipped.
 */
function publishedGets(): DriftOperation[] {
  return (Object.keys(operations) as OperationName[])
    .filter((name) => {
      const operation = operations[name];
      return operation.method === 'GET' && operation.answer !== 'redirect' && !operation.assumed && operation.request === undefined;
    })
    .map((name) => {
      const segment = firstSegment(operations[name].path);
      const list = READ_ONLY_POSTS.find((entry) => entry.name !== 'testAuth' && firstSegment(operations[entry.name].path) === segment);
      return { name, ...(ID_SOURCES[name] ?? (list === undefined ? {} : { from: list.name })) };
    });
}

/**
 * The catalog's read-only operations, in the order they are called: {@link READ_ONLY_POSTS}, then
 * {@link publishedGets}. `from` names the list whose first item gives the id of a GET by id, on each side (its `id`,
 * or the field `idField` names). The test-safe writes are in {@link TEST_SAFE_WRITES}, called only with
 * `--allow-writes`.
 */
const READ_ONLY: readonly DriftOperation[] = [...READ_ONLY_POSTS, ...publishedGets()];

/** The names of {@link READ_ONLY}, for the tests. */
export const readOnlyOperations: readonly OperationName[] = READ_ONLY.map((entry) => entry.name);

/** What every record a write makes is named (and described) by: found and deleted by hand on the live account. */
export const DRIFT_MARKER = 'Tessera drift check (test; safe to delete)';

/**
 * The writes `--allow-writes` adds, after the reads, on the first store each side's answers named: what a development
 * account can take without harm. A webhook endpoint to a `.invalid` URL (RFC 6761: never resolves, so no event goes
 * anywhere) and an inactive product, both named {@link DRIFT_MARKER}. Never a payment, a refund, a subscription or a
 * processor: nothing that moves money or changes how a store is paid.
 */
const TEST_SAFE_WRITES: readonly DriftOperation[] = [
  {
    name: 'createWebhookEndpoint',
    body: (context) =>
      context.storeId === undefined ? undefined : { storeId: context.storeId, url: 'https://tessera-drift-check.invalid/webhooks', eventTypes: ['payment/succeeded'], description: DRIFT_MARKER },
  },
  {
    name: 'createProduct',
    body: (context) =>
      context.storeId === undefined
        ? undefined
        : {
            storeId: context.storeId,
            name: DRIFT_MARKER,
            description: DRIFT_MARKER,
            active: false,
            variants: [
              { name: DRIFT_MARKER, sku: 'tessera-drift-check', active: false, default: true, prices: [{ currencyOptions: { USD: { amount: 100 } }, recurring: false, default: true }] },
            ],
          },
  },
];

/** The names of {@link TEST_SAFE_WRITES}, for the tests. */
export const testSafeWrites: readonly OperationName[] = TEST_SAFE_WRITES.map((entry) => entry.name);

/** One operation the check calls: its input, or the list whose first item gives its id. */
interface DriftOperation {
  readonly name: OperationName;
  readonly from?: OperationName;
  readonly idField?: string;
  readonly body?: (context: SideContext) => unknown;
}

/** The production origin: writes are never sent there. */
const PRODUCTION_ORIGIN = 'https://app.tagadapay.com';

/**
 * Why `--allow-writes` is refused for this key and origin, or `undefined`. The vendor publishes no test or live key
 * prefix, so a key must say it is one: a `test`, `dev` or `sandbox` part (`sk_test_…`, `tgd_dev_…`) and no `live` or
 * `prod` part.
 */
export function writesRefusal(liveKey: string, liveOrigin: string): string | undefined {
  if (new URL(liveOrigin).origin === PRODUCTION_ORIGIN) {
    return `--allow-writes is refused against the production origin ${PRODUCTION_ORIGIN}: use the development origin (https://app.tagadapay.dev) with a development key, or run without --allow-writes (reads only)`;
  }
  const parts = liveKey.toLowerCase().split(/[^a-z0-9]+/);
  const testLike = parts.some((part) => part === 'test' || part === 'dev' || part === 'sandbox');
  const liveLike = parts.some((part) => part === 'live' || part === 'prod' || part === 'production');
  if (!testLike || liveLike) {
    return '--allow-writes needs a development or test key (one with a test, dev or sandbox part, and no live or prod part, e.g. sk_test_…): this key does not look like one, so no write was sent. Run without --allow-writes (reads only), or use a development key';
  }
  return undefined;
}

/**
 * Why the live key may not be sent to this origin, or `undefined`: only https carries it, or plain http to this
 * machine (`localhost`, 127.x.x.x, `[::1]`: a local stand-in). Plain http to any other host would hand
 * the development key to whoever is on the path, so nothing is sent.
 */
export function liveOriginRefusal(liveOrigin: string): string | undefined {
  const url = new URL(liveOrigin);
  // Not `*.localhost`: Node resolves a name through the system's resolver, which need not map those to this machine.
  if (url.protocol === 'https:' || (isLoopbackHostname(url.hostname) && !url.hostname.endsWith('.localhost'))) return undefined;
  return `--live-origin must be an https URL (plain http only to localhost, 127.x.x.x or [::1]): over http the live key would be sent in clear, so nothing was sent. Use https://${url.host}`;
}

/** What one side's earlier answers gave: the first item of each list, the first store id seen. */
interface SideContext {
  firstItems: Map<OperationName, unknown>;
  storeId: string | undefined;
}

type Answer = { ok: true; body: unknown } | { ok: false; status: number; code: string } | { skipped: string };

/** A failure that stops the check: printed, exit code 2. */
class StopError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items of a list answer: under one of the operation's `unwrap` keys, or the answer itself when it is an array. */
function itemsOf(name: OperationName, body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  for (const key of operations[name].unwrap) {
    const items = body[key];
    if (Array.isArray(items)) return items;
  }
  return [];
}

function firstStoreId(body: unknown, depth = 0): string | undefined {
  if (depth > 3 || typeof body !== 'object' || body === null) return undefined;
  if (Array.isArray(body)) return body.length > 0 ? firstStoreId(body[0], depth + 1) : undefined;
  if (typeof (body as Record<string, unknown>).storeId === 'string') return (body as Record<string, string>).storeId;
  for (const value of Object.values(body)) {
    const found = firstStoreId(value, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function call(client: ControlTransport, side: string, entry: DriftOperation, context: SideContext): Promise<Answer> {
  const operation = operations[entry.name];
  let path: string = operation.path;
  if (/\{\w+\}/.test(path)) {
    if (entry.from === undefined) return { skipped: 'no list of the check names its id' };
    const first = context.firstItems.get(entry.from);
    const idField = entry.idField ?? 'id';
    const id = isRecord(first) && typeof first[idField] === 'string' ? first[idField] : undefined;
    if (id === undefined) return { skipped: `no ${entry.from} item with ${idField === 'id' ? 'an id' : `a ${idField}`} on ${side}` };
    path = path.replace(/\{\w+\}/, encodeURIComponent(id));
  }
  const body = entry.body?.(context);
  if (entry.body !== undefined && body === undefined) return { skipped: `no store id in ${side}'s earlier answers` };
  try {
    const answer = await client.request<unknown>(operation.method, `${API_PREFIX}${path}`, operation.method === 'GET' ? undefined : body);
    return { ok: true, body: answer };
  } catch (error) {
    // The transport's messages speak of a sandbox (it is the control helpers' request too): only its status and code
    // are read here, and each failure that stops the check gets this command's own message.
    if (error instanceof SandboxControlError) {
      if (error.status === 401 || error.status === 403) {
        throw new StopError(`The ${side} service refused the key (HTTP ${error.status}): ${side === 'live' ? 'check --live-key or TESSERA_LIVE_API_KEY (a development key)' : 'is that a Tessera sandbox?'}`);
      }
      // A redirect is not followed (the key would go with it): the answer is compared by its status.
      return { ok: false, status: error.status, code: error.status >= 300 && error.status < 400 ? 'redirect_refused' : error.code };
    }
    if (error instanceof TesseraConnectionError || error instanceof TesseraTimeoutError) {
      const next = side === 'live' ? 'check --live-origin' : 'start one with `npx tessera-sandbox`, or pass its origin as --sandbox';
      throw new StopError(`Cannot reach the ${side} service at ${client.baseUrl}: ${error instanceof TesseraTimeoutError ? 'it did not answer in time' : 'the connection failed'}; ${next}`);
    }
    throw error;
  }
}

function remember(entry: DriftOperation, answer: Answer, context: SideContext): void {
  if (!('ok' in answer) || !answer.ok) return;
  if (operations[entry.name].answer === 'list') context.firstItems.set(entry.name, itemsOf(entry.name, answer.body)[0]);
  context.storeId ??= firstStoreId(answer.body);
}

function describeAnswer(answer: Answer): string {
  if ('skipped' in answer) return `skipped (${answer.skipped})`;
  return answer.ok ? 'answered' : `HTTP ${answer.status} ${answer.code}`;
}

interface DriftOptions {
  liveOrigin: string;
  liveKey: string;
  sandboxOrigin: string;
  allowWrites: boolean;
}

/**
 * The origin a `--live-origin` or `--sandbox` value names, or why it names none: an http(s) origin, which may end in
 * the API prefix (`http://localhost:4010/api/public/v1`, the API base URL the sandbox prints). Requests go to
 * `{origin}/api/public/v1{path}`.
 */
function originOf(flag: string, value: string): { origin: string } | { problem: string } {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || !/^https?:$/.test(url.protocol)) return { problem: `${flag} must be an http(s) URL, got "${value}"` };
  const path = url.pathname.replace(/\/+$/, '');
  if ((path !== '' && path !== API_PREFIX) || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return { problem: `${flag} must be an origin, such as ${flag === '--sandbox' ? DEFAULT_SANDBOX_URL : 'https://app.tagadapay.dev'} (requests go to its ${API_PREFIX}): leave out any other path, query or user name` };
  }
  return { origin: url.origin };
}

function parseDriftArgs(args: string[], env: NodeJS.ProcessEnv): DriftOptions | 'help' | { problem: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        'live-origin': { type: 'string' },
        'live-key': { type: 'string' },
        sandbox: { type: 'string' },
        'allow-writes': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return 'help';
  const liveOrigin = values['live-origin'];
  if (liveOrigin === undefined || liveOrigin === '') return { problem: 'drift needs --live-origin <origin>, the live service to compare with (e.g. https://app.tagadapay.dev)' };
  const liveKey = values['live-key'] ?? env.TESSERA_LIVE_API_KEY ?? '';
  if (liveKey === '') return { problem: 'drift needs a development key of the live service: --live-key <key> or TESSERA_LIVE_API_KEY' };
  // A header value cannot hold whitespace or control characters; the message never quotes the key.
  if (!/^[\x21-\x7e]+$/.test(liveKey)) return { problem: 'the live key must be printable ASCII without whitespace or control characters: check --live-key or TESSERA_LIVE_API_KEY' };
  const live = originOf('--live-origin', liveOrigin);
  if ('problem' in live) return live;
  const sandbox = originOf('--sandbox', values.sandbox ?? env.TESSERA_SANDBOX_URL ?? DEFAULT_SANDBOX_URL);
  if ('problem' in sandbox) return sandbox;
  const insecure = liveOriginRefusal(live.origin);
  if (insecure !== undefined) return { problem: insecure };
  const allowWrites = values['allow-writes'];
  const refusal = allowWrites ? writesRefusal(liveKey, live.origin) : undefined;
  if (refusal !== undefined) return { problem: refusal };
  return { liveOrigin: live.origin, liveKey, sandboxOrigin: sandbox.origin, allowWrites };
}

/** Where the report goes (the tests collect it). */
export interface DriftOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs `tessera-sandbox drift <args>`; resolves with the exit code (0 no drift, 1 drift, 2 usage or connection error). */
export async function runDrift(args: string[], output: DriftOutput, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const options = parseDriftArgs(args, env);
  if (options === 'help') {
    output.out(driftUsage);
    return 0;
  }
  if ('problem' in options) {
    output.err(`${options.problem}\n\n${driftUsage}`);
    return 2;
  }
  // Nothing of the requests is written anywhere: the key goes into each request's header and nowhere else.
  const live = controlTransport(options.liveOrigin, { apiKey: options.liveKey, timeoutMs: TIMEOUT_MS });
  const sandbox = controlTransport(options.sandboxOrigin, { apiKey: SANDBOX_API_KEY, timeoutMs: TIMEOUT_MS });
  const liveContext: SideContext = { firstItems: new Map(), storeId: undefined };
  const sandboxContext: SideContext = { firstItems: new Map(), storeId: undefined };
  const checked = options.allowWrites ? [...READ_ONLY, ...TEST_SAFE_WRITES] : READ_ONLY;
  output.out(
    `Drift check: live ${options.liveOrigin} against sandbox ${options.sandboxOrigin}, ${READ_ONLY.length} read-only operations ` +
      (options.allowWrites ? `and ${TEST_SAFE_WRITES.length} test-safe writes (${testSafeWrites.join(', ')}; named "${DRIFT_MARKER}")` : '(no writes)'),
  );
  let drifted = 0;
  let drifts = 0;
  let skipped = 0;
  try {
    for (const entry of checked) {
      const operation = operations[entry.name];
      const label = `${entry.name} (${operation.method} ${operation.path})`;
      const liveAnswer = await call(live, 'live', entry, liveContext);
      const sandboxAnswer = await call(sandbox, 'sandbox', entry, sandboxContext);
      remember(entry, liveAnswer, liveContext);
      remember(entry, sandboxAnswer, sandboxContext);
      if ('skipped' in liveAnswer || 'skipped' in sandboxAnswer) {
        skipped += 1;
        output.out(`skip  ${label}: live ${describeAnswer(liveAnswer)}, sandbox ${describeAnswer(sandboxAnswer)}`);
        continue;
      }
      let lines: string[];
      if (liveAnswer.ok && sandboxAnswer.ok) lines = shapeDrift(liveAnswer.body, sandboxAnswer.body).map(describeDrift);
      else if (!liveAnswer.ok && !sandboxAnswer.ok && liveAnswer.status === sandboxAnswer.status) lines = [];
      else lines = [`answer: live ${describeAnswer(liveAnswer)}, sandbox ${describeAnswer(sandboxAnswer)}`];
      if (lines.length === 0) {
        output.out(`same  ${label}`);
        continue;
      }
      drifted += 1;
      drifts += lines.length;
      output.out(`DRIFT ${label}`);
      for (const line of lines) output.out(`      ${line}`);
    }
  } catch (error) {
    if (!(error instanceof StopError)) throw error;
    output.err(error.message);
    return 2;
  }
  const compared = checked.length - skipped;
  output.out(drifted === 0 ? `No drift: ${compared} operations answer in the same shape (${skipped} skipped).` : `Drift in ${drifted} of ${compared} operations (${drifts} differences; ${skipped} skipped).`);
  return drifted === 0 ? 0 : 1;
}
