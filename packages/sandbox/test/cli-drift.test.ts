import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { operations, routes } from '@tessera/core/internal';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIFT_MARKER, liveOriginRefusal, readOnlyOperations, runDrift, testSafeWrites } from '../src/cli/cli-drift.js';
import { startSandboxServer, type SandboxServer } from '../src/index.js';
import { purchase } from './fixtures.js';
import { client } from './support.js';

// `tessera-sandbox drift` against local stand-ins for the live service (node:http on 127.0.0.1): one answering the
// vendor's published examples (`@tessera/test-support/vendor-examples.json`), one mirroring a sandbox.

const LIVE_KEY = 'live_dev_key_must_never_be_printed';
type Examples = Record<string, { response: unknown }>;
const published = JSON.parse(readFileSync(new URL(import.meta.resolve('@tessera/test-support/vendor-examples.json')), 'utf8')) as Examples;

/** The published examples with one deliberate drift: a renamed key (retrievePayment's `currency`) and a number as a string (each listed payment's `amount`). */
function drifted(): Examples {
  const copy = structuredClone(published) as Record<string, { response: any }>;
  const { currency, ...payment } = copy.retrievePayment!.response;
  copy.retrievePayment!.response = { ...payment, currencyCode: currency };
  for (const item of copy.listPayments!.response.payments) item.amount = String(item.amount);
  return copy;
}

const patternOf = (path: string): RegExp => new RegExp(`^/api/public/v1${path.replace(/\{id\}/g, '[^/]+')}$`);

/** A stand-in answering each read-only operation with its example, and 401 without the key. */
function examplesHandler(examples: Examples, key: string) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    request.resume();
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const name = readOnlyOperations.find((candidate) => operations[candidate].method === request.method && patternOf(operations[candidate].path).test(path));
    const [status, body] =
      request.headers.authorization !== `Bearer ${key}`
        ? [401, { error: { code: 'unauthorized', message: 'Invalid API key' } }]
        : name === undefined || examples[name] === undefined
          ? [404, { error: { code: 'not_found', message: 'Not found' } }]
          : [200, examples[name].response];
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

/** A stand-in that forwards everything to the sandbox, with the sandbox's key. */
function mirrorHandler(target: SandboxServer) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void fetch(`${target.url}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers: { authorization: `Bearer ${target.sandbox.apiKey}`, 'content-type': 'application/json' },
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      }).then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()));
    });
  };
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function drift(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDrift(args, { out: (line) => out.push(line), err: (line) => err.push(line) }, env);
  return { code, out, err };
}

const servers: Server[] = [];
let sandbox: SandboxServer;
let publishedUrl: string;
let driftedUrl: string;
let mirrorUrl: string;

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, host: '127.0.0.1', sandboxOptions: { seed: 1 } });
  const c = client(sandbox.url, sandbox.sandbox);
  const instrument = await c.instrument(sandbox.sandbox.defaults.storeId);
  const paid = await c.api(routes.processPayment, { body: purchase(sandbox.sandbox.defaults.storeId, instrument.id) });
  expect(paid.status).toBe(200);
  for (const [handler, set] of [
    [examplesHandler(published, sandbox.sandbox.apiKey), (url: string) => (publishedUrl = url)],
    [examplesHandler(drifted(), LIVE_KEY), (url: string) => (driftedUrl = url)],
    [mirrorHandler(sandbox), (url: string) => (mirrorUrl = url)],
  ] as const) {
    const started = await listen(handler);
    servers.push(started.server);
    set(started.url);
  }
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await sandbox.close();
});

describe('tessera-sandbox drift', () => {
  it('reports exactly the stand-in’s drifts (a renamed key, a number as a string) and exits 1, printing no key', async () => {
    // The "sandbox" side is the unchanged published examples, so only the deliberate drift can differ.
    const { code, out, err } = await drift(['--live-origin', driftedUrl, '--sandbox', publishedUrl], { TESSERA_LIVE_API_KEY: LIVE_KEY });
    expect(err).toEqual([]);
    expect(out.filter((line) => !line.startsWith('same  '))).toEqual([
      `Drift check: live ${driftedUrl} against sandbox ${publishedUrl}, ${readOnlyOperations.length} read-only operations (no writes)`,
      'DRIFT listPayments (POST /payments)',
      '      payments[].amount: string on live, number on sandbox',
      'DRIFT retrievePayment (GET /payments/{id})',
      '      currency: only on sandbox',
      '      currencyCode: only on live',
      `Drift in 2 of ${readOnlyOperations.length} operations (3 differences; 0 skipped).`,
    ]);
    expect(code).toBe(1);
    expect(out.join('\n')).not.toContain(LIVE_KEY);
    expect(out.join('\n')).not.toMatch(/pay_123|4242|john@example/);
  });

  it('exits 0 against a stand-in that mirrors the sandbox', async () => {
    const { code, out, err } = await drift(['--live-origin', mirrorUrl, '--live-key', LIVE_KEY, '--sandbox', sandbox.url]);
    expect(err).toEqual([]);
    expect(out.filter((line) => line.startsWith('DRIFT'))).toEqual([]);
    expect(out.some((line) => line.startsWith('same  retrievePayment'))).toBe(true);
    expect(out.at(-1)).toMatch(/^No drift: \d+ operations answer in the same shape/);
    expect(code).toBe(0);
  });

  it('exits 2 with a clear message on a refused key, an unreachable service and a missing flag', async () => {
    const refused = await drift(['--live-origin', driftedUrl, '--live-key', 'wrong_key_secret', '--sandbox', publishedUrl]);
    expect(refused.code).toBe(2);
    expect(refused.err.join('\n')).toMatch(/live service refused the key \(HTTP 401\)/);
    expect(refused.err.join('\n') + refused.out.join('\n')).not.toContain('wrong_key_secret');

    const closed = await listen(() => undefined);
    await new Promise((resolve) => closed.server.close(resolve));
    const unreachable = await drift(['--live-origin', closed.url, '--live-key', LIVE_KEY, '--sandbox', publishedUrl]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.err.join('\n')).toContain(`Cannot reach the live service at ${closed.url}`);

    const usage = await drift(['--live-origin', driftedUrl]);
    expect(usage.code).toBe(2);
    expect(usage.err[0]).toMatch(/^drift needs a development key of the live service: --live-key <key> or TESSERA_LIVE_API_KEY/);
    expect((await drift(['--live-origin', driftedUrl, '--live-key', LIVE_KEY, '--allow-writes'])).code).toBe(2);
  });

  it('calls only reads without --allow-writes: nothing sent changes the sandbox behind either side', async () => {
    const counts = () => Object.fromEntries(Object.entries(sandbox.sandbox.records).map(([name, view]) => [name, view.count]));
    const before = counts();
    const { code } = await drift(['--live-origin', mirrorUrl, '--live-key', 'sk_test_drift', '--sandbox', sandbox.url]);
    expect(code).toBe(0);
    expect(counts()).toEqual(before);
  });

  it('with --allow-writes and a test key, also makes the test-safe writes on each side (marked, to a .invalid URL, inactive), never a payment', async () => {
    const records = sandbox.sandbox.records;
    const payments = records.payments.count;
    const endpoints = records.webhookEndpoints.count;
    const products = records.products.count;
    const { code, out, err } = await drift(['--live-origin', mirrorUrl, '--live-key', 'sk_test_drift', '--sandbox', sandbox.url, '--allow-writes']);
    expect(err).toEqual([]);
    expect(out[0]).toBe(
      `Drift check: live ${mirrorUrl} against sandbox ${sandbox.url}, ${readOnlyOperations.length} read-only operations and 2 test-safe writes (createWebhookEndpoint, createProduct; named "${DRIFT_MARKER}")`,
    );
    expect(out).toContain('same  createWebhookEndpoint (POST /webhooks)');
    expect(out).toContain('same  createProduct (POST /products/create)');
    expect(out.filter((line) => testSafeWrites.some((name) => line.includes(name)))).toHaveLength(testSafeWrites.length + 1);
    expect(out.at(-1)).toMatch(/^No drift: \d+ operations answer in the same shape/);
    expect(code).toBe(0);
    // One of each per side (the stand-in mirrors the same sandbox), marked; no payment.
    expect(records.payments.count).toBe(payments);
    const madeEndpoints = records.webhookEndpoints.list().slice(endpoints);
    expect(madeEndpoints.map(({ url, description }) => ({ url, description }))).toEqual(Array.from({ length: 2 }, () => ({ url: 'https://tessera-drift-check.invalid/webhooks', description: DRIFT_MARKER })));
    const madeProducts = records.products.list().slice(products);
    expect(madeProducts.map(({ name, active }) => ({ name, active }))).toEqual(Array.from({ length: 2 }, () => ({ name: DRIFT_MARKER, active: false })));
  });

  it('refuses --allow-writes for a key that does not look like a development or test key, and against the production origin, sending nothing', async () => {
    const counts = () => Object.fromEntries(Object.entries(sandbox.sandbox.records).map(([name, view]) => [name, view.count]));
    const before = counts();
    for (const key of ['tgd_a1b2c3_secret', 'sk_live_test_mixed', LIVE_KEY]) {
      const refused = await drift(['--live-origin', mirrorUrl, '--live-key', key, '--sandbox', sandbox.url, '--allow-writes']);
      expect(refused.code).toBe(2);
      expect(refused.err[0]).toMatch(/^--allow-writes needs a development or test key .*no write was sent/);
      expect(refused.out).toEqual([]);
      expect(refused.err.join('\n')).not.toContain(key);
    }
    const production = await drift(['--live-origin', 'https://app.tagadapay.com', '--live-key', 'sk_test_drift', '--allow-writes']);
    expect(production.code).toBe(2);
    expect(production.err[0]).toMatch(/^--allow-writes is refused against the production origin https:\/\/app\.tagadapay\.com/);
    expect(counts()).toEqual(before);
  });

  it('covers every GET of the catalog that answers JSON on a published path, and the POST lists and key check', () => {
    const gets = Object.entries(operations)
      .filter(([, operation]) => operation.method === 'GET' && operation.answer !== 'redirect' && !operation.assumed)
      .map(([name]) => name);
    expect(readOnlyOperations).toEqual(expect.arrayContaining(gets));
    for (const name of readOnlyOperations) expect(operations[name].method === 'GET' || operations[name].answer === 'list' || name === 'testAuth').toBe(true);
  });
});

describe('tessera-sandbox drift: each side an origin', () => {
  it('takes the API base URL the sandbox prints as its origin, and refuses any other path before anything is sent', async () => {
    const { code, out } = await drift(['--live-origin', `${publishedUrl}/api/public/v1/`, '--sandbox', `${publishedUrl}/api/public/v1`], { TESSERA_LIVE_API_KEY: sandbox.sandbox.apiKey });
    expect(out[0]).toBe(`Drift check: live ${publishedUrl} against sandbox ${publishedUrl}, ${readOnlyOperations.length} read-only operations (no writes)`);
    expect(out.at(-1)).toMatch(/^No drift: /);
    expect(code).toBe(0);

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      for (const [flag, url] of [['--live-origin', `${publishedUrl}/tessera`], ['--sandbox', `${publishedUrl}/api/public/v1?x=1`]] as const) {
        const args = flag === '--live-origin' ? [flag, url, '--sandbox', publishedUrl] : ['--live-origin', publishedUrl, flag, url];
        const refused = await drift(args, { TESSERA_LIVE_API_KEY: LIVE_KEY });
        expect(refused.code).toBe(2);
        expect(refused.err[0]).toMatch(new RegExp(`^${flag} must be an origin, such as .*leave out any other path, query or user name`));
      }
      const spaced = await drift(['--live-origin', publishedUrl, '--live-key', 'sk_test two words']);
      expect(spaced.code).toBe(2);
      expect(spaced.err[0]).toMatch(/^the live key must be printable ASCII without whitespace or control characters/);
      expect(spaced.err.join('\n')).not.toContain('two words');
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('says what to do when the sandbox cannot be reached', async () => {
    const closed = await listen(() => undefined);
    await new Promise((resolve) => closed.server.close(resolve));
    const { code, err } = await drift(['--live-origin', publishedUrl, '--live-key', sandbox.sandbox.apiKey, '--sandbox', closed.url]);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain(`Cannot reach the sandbox service at ${closed.url}: the connection failed; start one with \`npx tessera-sandbox\`, or pass its origin as --sandbox`);
  });
});

describe('tessera-sandbox drift over plain http', () => {
  it('refuses a live origin on plain http to another host before anything is sent, and says to use https', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const { code, out, err } = await drift(['--live-origin', 'http://app.tagadapay.dev', '--sandbox', mirrorUrl], { TESSERA_LIVE_API_KEY: LIVE_KEY });
      expect(code).toBe(2);
      expect(out).toEqual([]);
      expect(err.join('\n')).toContain('--live-origin must be an https URL (plain http only to localhost, 127.x.x.x or [::1])');
      expect(err.join('\n')).toContain('Use https://app.tagadapay.dev');
      expect(err.join('\n')).not.toContain(LIVE_KEY);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('sends the key over https, or over http to this machine only', () => {
    expect(liveOriginRefusal('https://app.tagadapay.dev')).toBeUndefined();
    for (const local of ['http://localhost:4010', 'http://127.0.0.1:8080', 'http://[::1]:4010']) expect(liveOriginRefusal(local), local).toBeUndefined();
    // `*.localhost` too: Node asks the system's resolver for it, which need not answer loopback.
    for (const remote of ['http://app.tagadapay.dev', 'http://10.0.0.5', 'http://localhost.rebound.example', 'http://127.0.0.1.nip.io', 'http://api.localhost', 'http://localhost@evil.example']) expect(liveOriginRefusal(remote), remote).toMatch(/must be an https URL/);
  });
});
