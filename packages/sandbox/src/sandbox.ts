import type { HttpHandler } from 'msw';
import { createTestClock, type ClockMode, type TestClock } from './state/clock.js';
import type { SandboxContext } from './service/context.js';
import { createFaults, type SandboxFaults } from './http/faults.js';
import { createIdempotencyStore, forgetOlderCardData } from './state/idempotency.js';
import { SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { SANDBOX_API_KEY } from './http/keys.js';
import { isCharge, movementsOf } from './state/ledger.js';
import { mswHandlers } from './http/msw-adapter.js';
import { assertSupportedNode } from './node-version.js';
import { sandboxChallenges, type SandboxChallenges } from './service/challenges.js';
import { serviceTokenHelpers, type ServiceTokenHelpers } from './emulations/service-token.js';
import { seedDefaults, type SandboxDefaults } from './service/default-stores.js';
import { seedShop } from './service/shop-store.js';
import { completePaidCheckout } from './service/checkout.js';
import { recordViews } from './state/records.js';
import { type ErrorFormat, errorAnswer, type RouteAnswer, type SandboxAnswer } from './wire/answer.js';
import { SandboxHttpError } from './errors/http-error.js';
import { createRouter, type Router, type RouterEntry } from './http/router.js';
import { notFoundAnswer, routeTable } from './http/route-table.js';
import { memoryOnlyAnswerRoutes } from './http/memory-only-answers.js';
import { createOverrideTable, type RouteOverride, type RouteOverrides } from './http/override.js';
import type { RouteName } from './http/route-name.js';
import { openSandboxStorage, type SandboxStorage, type StoredClock } from './state/persistence.js';
import { resetDataFile } from './state/sqlite-file.js';
import { collections, createState, type SandboxRecords, type SandboxState } from './sandbox-state.js';
import { deriveLoadedPeriodEnds, rebillDueSubscriptions } from './service/subscriptions.js';
import { testClockHelper, type SandboxTestClocks } from './service/test-clock-helper.js';
import { scopedNowIso } from './service/test-clock-scope.js';
import { createWebhookDispatcher } from './service/webhook-dispatcher.js';
import type { WebhookDeliveryOptions } from './service/webhook-delivery.js';
import { webhookDeliveries } from './service/webhooks.js';

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** Secret API key the API routes accept. Default {@link SANDBOX_API_KEY}. */
  apiKey?: string;
  /** Public key the vault accepts. Default: the sandbox vault key (`SANDBOX_VAULT_KEY` of `@tessera/tokenizer`). */
  vaultKey?: string;
  /** Seed of the fault generator. Default 1. */
  seed?: number;
  /** Start time of the test clock. Default: the real time when the sandbox is created. */
  now?: Date | number;
  /**
   * `'real'` (default): the clock moves with real time from `now`, so records get distinct `createdAt`/`updatedAt`;
   * `'frozen'`: it stays at `now` until `clock.advance(ms)` (for tests that assert exact times). Both advance.
   */
  clock?: ClockMode;
  /** Webhook delivery: fetch, attempts and retry delay. */
  webhooks?: WebhookDeliveryOptions;
  /**
   * Keep the whole state in this SQLite file (Node.js 22.13 or later: `node:sqlite`), written after each request,
   * and start from what it holds. Default: none, the sandbox lives in memory only. A file in use by another sandbox,
   * corrupt or not a sandbox's throws a `SandboxDataFileError` and is left as it was. Call `sandbox.close()` to
   * release it. A file that holds data keeps its clock and defaults (`now` and `clock` only apply to a new one), the
   * answers kept for `Idempotency-Key`s (a retry after a restart is replayed, never charged twice), and the webhook
   * deliveries still being retried (resumed when the sandbox starts again). Fault rules are not kept: they are a
   * test's setup, made in code each run (a fault left over from yesterday would fail an app for no visible reason).
   */
  dataFile?: string;
  /** With `dataFile`: empty the file first (refused while another sandbox holds it). */
  resetData?: boolean;
  /**
   * Operations replaced from the start, by route name (`{ retrievePayment: () => ({ status: 503, json: {} }) }`); the
   * same as calling {@link Sandbox.override} for each. A name the sandbox does not serve is refused.
   */
  overrides?: RouteOverrides;
}

/** An in-memory Tessera service, vault and ACS; `createServiceToken('visa_3ds')` makes a test card's service token. */
export interface Sandbox extends ServiceTokenHelpers {
  /** msw handlers: `setupServer(...sandbox.handlers)` or `setupWorker(...sandbox.handlers)`. They match any origin. */
  handlers: HttpHandler[];
  /** Everything the sandbox holds, read-only: `records.payments.get(id)`, `.count`, `.list()`. */
  records: SandboxRecords;
  /**
   * The sandbox's test clock (real time by default, see {@link SandboxOptions.clock}); `clock.advance(ms)` bills the
   * due subscriptions of every customer not under a scoped clock ({@link Sandbox.testClocks}).
   */
  clock: TestClock;
  /**
   * Scoped test clocks: a customer created with the `Tessera-Test-Clock: <id>` request header, and everything made for
   * it, is dated by its clock, and only advancing that clock renews its subscriptions.
   */
  testClocks: SandboxTestClocks;
  /** Fault injection, per route or global, deterministic from the seed. */
  faults: SandboxFaults;
  /** 3DS challenges approved or failed as the customer would on the ACS page, by payment id, session id or ACS transaction id. */
  challenges: SandboxChallenges;
  /**
   * Replaces one route's operation by name (core's operation name such as `processPayment`, or a sandbox route's),
   * through every adapter (msw, `startSandboxServer`): the override runs in the operation's place, after the key
   * check, idempotency and faults; when it returns `undefined` the sandbox's own operation answers. `undefined` as
   * the override removes it. Returns a function that puts back what was there before.
   */
  override(name: RouteName, override: RouteOverride | undefined): () => void;
  /** The seeded stores, processors and flows. */
  defaults: SandboxDefaults;
  /** The secret API key the API accepts. */
  apiKey: string;
  /** The public key the vault accepts. */
  vaultKey: string;
  /** How many times money was taken for a payment (purchases and captures), or in total without an id. */
  countCharges(paymentId?: string): number;
  /** Resolves when every webhook delivery started so far has finished (delivered or out of attempts). */
  webhooksIdle(): Promise<void>;
  /** The data file the state is kept in (`dataFile`), or `undefined` in memory. */
  dataFile: string | undefined;
  /** How many records the data file held when the sandbox opened it (0 in memory or on a new file). */
  loadedRecords: number;
  /** Writes what is left to the data file and closes it, releasing its lock. Nothing to do in memory. */
  close(): void;
}

const ID_PAD = 6;

/**
 * Prefixes whose ids carry the sandbox's tag (`evt_<tag>_000001`): a webhook receiver dedupes on the event id, so a
 * new sandbox (in memory, or on a reset file) must never send an id an earlier one sent; a test clock's id
 * (`clock_<tag>_000001`) names a clock of this sandbox only, so a test that kept one from another sandbox gets a 404
 * (a 400 on the header), never another test's clock. Other ids stay
 * `<prefix>_<counter>` (the seeded `store_000001` is in users' `.env` files); on a data file every sequence resumes
 * where it stopped, so none is handed out twice.
 */
const TAGGED_PREFIXES: ReadonlySet<string> = new Set(['evt', 'clock']);

/** A new random tag: 8 characters of base 36 (about 41 bits), made once per sandbox or data file. */
function newIdTag(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => (byte % 36).toString(36)).join('');
}

// The router of a sandbox made by createSandbox, for the node:http and in-process adapters. Not enumerable: a copy
// (`{ ...sandbox }`) has none.
const routerKey = Symbol('@tessera/sandbox router');

interface OwnRouter {
  router: Router;
  handler: HttpHandler | undefined;
}

/**
 * The router of a sandbox (every adapter's one dispatch), for the adapters that serve it without msw
 * (`startSandboxServer`, `answerInProcess`, named by `caller`). A copy of the sandbox, or one whose `handlers` were replaced or had msw
 * handlers put in front, is refused rather than served without them: a route is replaced by name with
 * `sandbox.override` (msw handlers in front still work in the caller's own msw `setupServer`).
 */
export function servedRouter(sandbox: Sandbox, caller: string): Router {
  const own = (sandbox as Sandbox & { [routerKey]?: OwnRouter })[routerKey];
  const { handlers } = sandbox;
  if (own === undefined || handlers.length !== 1 || handlers[0] !== own.handler) {
    throw new TypeError(`${caller} serves a sandbox made by createSandbox with its own handlers: replace a route with sandbox.override(name, override)`);
  }
  return own.router;
}

/**
 * The answer of a request whose turn could not be written to the data file, in its route's error format: never the
 * operation's answer (an answer received is on file). The operation was carried out: what it changed is visible and
 * stays in memory, and is written by the next commit that succeeds. So a 500, which clients read as "outcome
 * unknown" (`@tessera/server` retries it with the same key), never a 503, which says the service did not act (a client
 * without a key would then pay twice). A retry with the same `Idempotency-Key` gets the operation's answer back.
 */
function unwritten(answer: SandboxAnswer, format: ErrorFormat): SandboxAnswer {
  const error = new SandboxHttpError(
    500,
    'data_file_unwritable',
    'The sandbox could not write its data file (its stderr says why). This request was carried out: its change is kept in memory and will be written to the file once the file is writable. Retry it with the same Idempotency-Key to get its answer, or read the resource; do not repeat it without a key',
    { headers: { 'retry-after': '1' } },
  );
  return errorAnswer(error, answer.headers['x-request-id'] ?? '', format, corsOf(answer));
}

// The CORS headers of an answer, kept on its 500 so that a page can read it.
const corsOf = (answer: SandboxAnswer): Record<string, string> => Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name.startsWith('access-control-')));

/**
 * The route table's entries, each answering once what its request changed is in the data file: the requests answered
 * in one turn of the event loop are committed together, in one transaction (each of them whole: the handlers change
 * the state synchronously). When that write fails, each of them is answered 500 in its entry's error format
 * ({@link unwritten}).
 */
function committing(entries: RouterEntry[], storage: SandboxStorage<SandboxState> | undefined): RouterEntry[] {
  if (storage === undefined) return entries;
  return entries.map((entry) => {
    const format = entry.errorFormat ?? 'api';
    const after = (answer: RouteAnswer): Promise<RouteAnswer> => storage.commitSoon().then((written) => (written || answer === 'dropped' ? answer : unwritten(answer, format)));
    return {
      ...entry,
      answer(request) {
        const answer = entry.answer(request);
        return answer instanceof Promise ? answer.then(after) : after(answer);
      },
    };
  });
}

/** Creates a sandbox: one in-memory state machine behind msw handlers (and `startSandboxServer`). */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  assertSupportedNode();
  if (options.dataFile !== undefined && options.resetData === true) resetDataFile(options.dataFile);
  const storage = options.dataFile === undefined ? undefined : openSandboxStorage(options.dataFile, collections);
  try {
    return sandboxOn(options, storage);
  } catch (error) {
    storage?.close();
    throw error;
  }
}

/**
 * The sandbox's id maker: `prefix_000001`, one sequence per prefix (`pay`, `evt`, …) counted in `counters`, the ids
 * of `TAGGED_PREFIXES` tagged with the data file's `idTag`; each move noted to `storage` (ids never handed out twice).
 */
function idSequences(counters: Map<string, number>, idTag: string, storage: SandboxStorage<SandboxState> | undefined): (prefix: string) => string {
  return (prefix) => {
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    storage?.sequenceMoved(prefix, next);
    const number = String(next).padStart(ID_PAD, '0');
    return TAGGED_PREFIXES.has(prefix) ? `${prefix}_${idTag}_${number}` : `${prefix}_${number}`;
  };
}

/** Where the clock starts: as the data file left it (a real clock keeps its distance from real time), else `now`, else now. */
function clockStartMs(stored: StoredClock | undefined, now: SandboxOptions['now']): number {
  if (stored !== undefined) return stored.mode === 'real' ? Date.now() + stored.offsetMs : stored.atMs;
  if (now === undefined) return Date.now();
  return typeof now === 'number' ? now : now.getTime();
}

function sandboxOn(options: SandboxOptions, storage: SandboxStorage<SandboxState> | undefined): Sandbox {
  const state = storage?.state ?? createState();
  const stored = storage?.meta;
  const counters = storage?.sequences ?? new Map<string, number>();
  const idTag = stored?.idTag ?? newIdTag();
  const nextId = idSequences(counters, idTag, storage);
  const storedClock = stored?.clock;
  const clockMode = storedClock?.mode ?? options.clock ?? 'real';
  const startMs = clockStartMs(storedClock, options.now);
  const clockToStore = (nowMs: number): StoredClock => (clockMode === 'real' ? { mode: 'real', offsetMs: nowMs - Date.now() } : { mode: 'frozen', atMs: nowMs });
  // The clock needs the context to rebill and the context needs the clock; the callback only runs after both exist.
  const clock = createTestClock(
    startMs,
    (nowMs) => {
      rebillDueSubscriptions(ctx, nowMs);
      storage?.setMeta({ clock: clockToStore(nowMs) });
    },
    clockMode,
  );
  // One ISO string per instant, not one per call (several per payment, and a frozen clock has few instants).
  let isoMs = Number.NaN;
  let iso = '';
  const nowIso = (customerId?: string): string => {
    const scoped = scopedNowIso(ctx, customerId);
    if (scoped !== undefined) return scoped;
    const nowMs = clock.nowMs();
    if (nowMs !== isoMs) {
      isoMs = nowMs;
      iso = new Date(nowMs).toISOString();
    }
    return iso;
  };
  const webhooks = createWebhookDispatcher({ state }, nextId, nowIso, options.webhooks, storage && ((delivery) => storage.listItemChanged(webhookDeliveries.name, delivery)));
  const ctx: SandboxContext = { state, clock, webhooks, nextId, nowIso };
  const faults = createFaults(options.seed ?? 1);
  const keys = { apiKey: options.apiKey ?? SANDBOX_API_KEY, vaultKey: options.vaultKey ?? SANDBOX_VAULT_KEY };

  // A data file that holds a sandbox keeps its seeded stores (the ids users put in their .env files).
  const storedDefaults = stored?.defaults as (Omit<SandboxDefaults, 'shop'> & Partial<Pick<SandboxDefaults, 'shop'>>) | undefined;
  // An older file has no shop: it is seeded once, beside what the file holds.
  const defaults: SandboxDefaults =
    storedDefaults === undefined ? seedDefaults(ctx) : { ...storedDefaults, shop: storedDefaults.shop ?? seedShop(ctx, storedDefaults.gateway.paymentFlowId) };
  if (storage !== undefined && (stored === undefined || storedDefaults?.shop === undefined)) {
    storage.setMeta({ idTag, clock: clockToStore(clock.nowMs()), defaults });
    storage.commit();
  }
  // A payment approved (at once or after its customer acted) completes the checkout session it pays, once.
  ctx.paymentApproved = (paymentId) => completePaidCheckout(ctx, paymentId);

  // Deliveries the file holds as still being retried go on.
  if (storage !== undefined && stored !== undefined) webhooks.resumePending();
  // Subscriptions read back from the file derive their period end again (the file holds a value, not the getter).
  if (storage !== undefined && stored !== undefined) deriveLoadedPeriodEnds(ctx);
  // An older sandbox's card data and token answers, cleaned and scrubbed from the file before any request is answered.
  if (storage !== undefined && forgetOlderCardData({ state }, memoryOnlyAnswerRoutes)) storage.scrub();
  const overrides = createOverrideTable(options.overrides);
  const services = { keys, faults, idempotency: createIdempotencyStore({ state }, memoryOnlyAnswerRoutes), overrides: overrides.byName };
  const router = createRouter(committing(routeTable(ctx, services), storage), (request) => notFoundAnswer(ctx, request));
  const sandbox: Sandbox = {
    handlers: mswHandlers(router),
    records: recordViews(collections, state),
    clock,
    testClocks: testClockHelper(ctx),
    faults,
    challenges: sandboxChallenges(ctx),
    ...serviceTokenHelpers(ctx),
    override: (name, override) => overrides.set(name, override),
    defaults,
    apiKey: keys.apiKey,
    vaultKey: keys.vaultKey,
    countCharges: (paymentId) => (paymentId === undefined ? state.ledger : movementsOf(state.ledger, paymentId)).filter(isCharge).length,
    webhooksIdle: () => webhooks.idle(),
    dataFile: storage?.file,
    loadedRecords: storage?.loadedRecords ?? 0,
    close: () => storage?.close(),
  };
  const own: OwnRouter = { router, handler: sandbox.handlers[0] };
  Object.defineProperty(sandbox, routerKey, { value: own, enumerable: false });
  return sandbox;
}
