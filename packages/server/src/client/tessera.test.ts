import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, API_KEY, BASE_URL, succeededPayment } from '../../test/fixtures.js';
import { useMockServer } from '../../test/recorder.js';
import { Tessera, TesseraAbortError, TesseraTimeoutError, TesseraValidationError, type Payment, type TesseraOptions } from '../index.js';
import { PRODUCTION_BASE_URL, SANDBOX_BASE_URL, VERSION } from '../internal.js';

const server = setupServer();
const recorder = useMockServer(server);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const tessera = (): Tessera => new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL });

describe('constructor', () => {
  it('names each invalid option without echoing the key', () => {
    vi.stubEnv('TESSERA_API_KEY', undefined);
    const error = (() => {
      try {
        new Tessera({ apiKey: '', baseUrl: 'ftp://x', maxRetries: 11, timeoutMs: 0 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((field) => field.field).sort()).toEqual(['apiKey', 'baseUrl', 'maxRetries', 'timeoutMs']);
  });

  it('an empty or missing API key, with no TESSERA_API_KEY, says to set apiKey or TESSERA_API_KEY', () => {
    vi.stubEnv('TESSERA_API_KEY', undefined);
    for (const options of [{ apiKey: '' }, {}, undefined] as Array<TesseraOptions | undefined>) {
      const error = (() => {
        try {
          new Tessera(options);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(TesseraValidationError);
      const message = 'is missing: pass your secret API key as the apiKey option, or set the TESSERA_API_KEY environment variable';
      expect((error as TesseraValidationError).fields).toEqual([{ field: 'apiKey', code: 'required', message }]);
      expect((error as Error).message).toBe(`Invalid input: apiKey ${message}`);
    }
  });

  it('takes the API key from TESSERA_API_KEY when apiKey is empty or left out, and never shows it', async () => {
    vi.stubEnv('TESSERA_API_KEY', API_KEY);
    const sent: Array<string | null> = [];
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init).headers.get('authorization'));
      return Promise.resolve(Response.json(succeededPayment));
    });
    await new Tessera({ baseUrl: BASE_URL, fetch }).payments.retrieve('pay_1');
    await new Tessera({ apiKey: '', baseUrl: BASE_URL, fetch }).payments.retrieve('pay_1');
    // A key passed wins over the environment's.
    await new Tessera({ apiKey: 'sk_test_passed', baseUrl: BASE_URL, fetch }).payments.retrieve('pay_1');
    expect(sent).toEqual([`Bearer ${API_KEY}`, `Bearer ${API_KEY}`, 'Bearer sk_test_passed']);
    const client = new Tessera({ baseUrl: BASE_URL });
    expect(`${inspect(client)} ${JSON.stringify(client)}`).not.toContain(API_KEY);
  });

  it('takes baseUrl from TESSERA_BASE_URL, and talks to the published production origin when there is none', () => {
    vi.stubEnv('TESSERA_BASE_URL', 'https://env.tessera.test/');
    expect(new Tessera({ apiKey: API_KEY }).baseUrl).toBe('https://env.tessera.test');
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    expect(new Tessera({ apiKey: API_KEY }).baseUrl).toBe(PRODUCTION_BASE_URL);
    expect(PRODUCTION_BASE_URL).toBe('https://app.tagadapay.com');
  });

  it('sends to https://app.tagadapay.com/api/public/v1 by default, and to the sandbox one option away (fetch stubbed)', async () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    const urls: string[] = [];
    const fetch = vi.fn((request: Request) => {
      urls.push(request.url);
      return Promise.resolve(Response.json(succeededPayment));
    });
    await new Tessera({ apiKey: API_KEY, fetch }).payments.retrieve('pay_1');
    await new Tessera({ apiKey: API_KEY, fetch, baseUrl: SANDBOX_BASE_URL }).payments.retrieve('pay_1');
    expect(urls).toEqual(['https://app.tagadapay.com/api/public/v1/payments/pay_1', 'http://localhost:4010/api/public/v1/payments/pay_1']);
  });

  it('accepts a baseUrl that already ends in /api/public/v1 without doubling the prefix', async () => {
    const urls: string[] = [];
    const fetch = vi.fn((request: Request) => {
      urls.push(request.url);
      return Promise.resolve(Response.json(succeededPayment));
    });
    for (const baseUrl of ['https://api.example.test/api/public/v1', 'https://api.example.test/api/public/v1/']) {
      const client = new Tessera({ apiKey: API_KEY, fetch, baseUrl });
      expect(client.baseUrl).toBe('https://api.example.test');
      await client.payments.retrieve('pay_1');
    }
    expect(urls).toEqual(['https://api.example.test/api/public/v1/payments/pay_1', 'https://api.example.test/api/public/v1/payments/pay_1']);
  });

  it('refuses an API key with whitespace or control characters at construction, without the key anywhere in the error', () => {
    for (const apiKey of [`${API_KEY}\n`, ` ${API_KEY}`, `sk_test_a\u0000b${API_KEY}`, `sk_test ${API_KEY}`, `${API_KEY}\r\nX-Evil: 1`]) {
      let caught: unknown;
      try {
        new Tessera({ apiKey, baseUrl: BASE_URL, fetch: vi.fn() });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(TesseraValidationError);
      expect((caught as TesseraValidationError).fields).toEqual([expect.objectContaining({ field: 'apiKey' })]);
      const everything = JSON.stringify({ ...(caught as object), message: (caught as Error).message, stack: (caught as Error).stack, cause: String((caught as Error).cause) });
      expect(everything).not.toContain(API_KEY);
    }
  });

  it('refuses to run in a browser page unless dangerouslyAllowBrowser is set', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => tessera()).toThrow(expect.objectContaining({ code: 'browser_not_allowed' }));
    expect(new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, dangerouslyAllowBrowser: true }).baseUrl).toBe(BASE_URL);
  });

  it('keeps VERSION equal to package.json', () => {
    const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(packageJson.version);
  });

  it('uses the fetch it is given', async () => {
    const fetch = vi.fn(async (request: Request) => {
      await Promise.resolve();
      return Response.json({ ...succeededPayment, id: request.url.split('/').pop() });
    });
    const payment = await new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, fetch }).payments.retrieve('pay_7');
    expect(payment.id).toBe('pay_7');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(recorder.sent).toHaveLength(0);
  });
});

describe('tessera.request', () => {
  it('sends any path below the API prefix with the client’s headers, query and body', async () => {
    server.use(http.all(`${API}/disputes/:id`, () => HttpResponse.json({ ok: true })));
    const client = tessera();
    expect(await client.request('GET', '/disputes/dp_1', { query: { expand: 'evidence', skip: undefined } })).toEqual({ ok: true });
    await client.request('POST', '/disputes/dp_1', { body: { accept: true }, idempotencyKey: 'k-1' });
    const [get, post] = recorder.sent;
    expect(get!.url.href).toBe(`${API}/disputes/dp_1?expand=evidence`);
    expect(get!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(post!.headers['idempotency-key']).toBe('k-1');
    expect(await post!.body()).toEqual({ accept: true });
  });

  it.each([
    'payments',
    '//evil.test/x',
    '/a/../b',
    '/x?y=1',
    'https://evil.test/',
    '/../../admin',
    '/..',
    '/%2e%2e/%2e%2e/admin',
    '/%2E%2E/admin',
    '/.%2e/admin',
    '/a/%2e%2e%2fb',
    '/..\\..\\admin',
    '/\\evil.test/x',
    '/a\\..\\..\\b',
    '/a/./b',
    '/x#frag',
  ])('refuses the path %s, whose resolved pathname could leave /api/public/v1/', async (path) => {
    await expect(tessera().request('GET', path)).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'path' }] });
    expect(recorder.sent).toHaveLength(0);
  });
});

describe('pagination', () => {
  const payments = Array.from({ length: 5 }, (_, index) => ({ ...succeededPayment, id: `pay_${index + 1}` }));

  it('returns a page, and for await walks every page of payments', async () => {
    server.use(
      http.post(`${API}/payments`, async ({ request }) => {
        const { pagination } = (await request.json()) as { pagination: { page: number; pageSize: number } };
        const start = (pagination.page - 1) * pagination.pageSize;
        return HttpResponse.json({ data: payments.slice(start, start + pagination.pageSize), total: payments.length, ...pagination });
      }),
    );
    const client = tessera();
    const first = await client.payments.list({ pagination: { pageSize: 2 }, filters: { storeIds: ['store_1'] } }, { idempotencyKey: 'list-1' });
    expect(first.data.map((payment) => payment.id)).toEqual(['pay_1', 'pay_2']);
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(first.hasNextPage()).toBe(true);

    const ids: string[] = [];
    for await (const payment of client.payments.list({ pagination: { pageSize: 2 }, filters: { storeIds: ['store_1'] } }, { idempotencyKey: 'list-2' })) {
      ids.push(payment.id);
    }
    expect(ids).toEqual(payments.map((payment) => payment.id));
    const bodies = await Promise.all(recorder.sent.map((sent) => sent.body()));
    expect(bodies.slice(1)).toEqual([1, 2, 3].map((page) => ({ pagination: { page, pageSize: 2 }, filters: { storeIds: ['store_1'] } })));
    const keys = recorder.sent.slice(1).map((sent) => sent.headers['idempotency-key']);
    expect(keys[0]).toBe('list-2');
    expect(new Set(keys).size).toBe(3);
  });

  it('walks orders without a total until a short page', async () => {
    const orders = Array.from({ length: 5 }, (_, index) => ({ id: `ord_${index + 1}` }));
    server.use(
      http.get(`${API}/orders`, ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        const perPage = Number(url.searchParams.get('per_page'));
        return HttpResponse.json({ data: orders.slice((page - 1) * perPage, page * perPage) });
      }),
    );
    const ids: string[] = [];
    for await (const order of tessera().orders.list({ storeId: 'store_1', per_page: 2 })) ids.push(order.id);
    expect(ids).toEqual(orders.map((order) => order.id));
    expect(recorder.sent.map((sent) => sent.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    const page = await tessera().orders.list({ storeId: 'store_1', page: 3, per_page: 2 });
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toBeInstanceOf(RangeError);
  });
});

describe('payments.waitForFinalStatus', () => {
  // Short intervals are allowed only against a loopback origin (a local sandbox).
  const LOOPBACK = 'http://127.0.0.1:4010';
  const local = (): Tessera => new Tessera({ apiKey: API_KEY, baseUrl: LOOPBACK });

  it('refuses intervals below 1 s against a remote origin, before any request; allows them on loopback', async () => {
    for (const intervalMs of [0, 1, 999]) {
      await expect(tessera().payments.waitForFinalStatus('pay_1', { intervalMs })).rejects.toMatchObject({
        name: 'TesseraValidationError',
        fields: [{ field: 'intervalMs' }],
      });
    }
    expect(recorder.sent).toHaveLength(0);
    server.use(http.get(`${LOOPBACK}/api/public/v1/payments/:id`, () => HttpResponse.json(succeededPayment)));
    for (const baseUrl of [LOOPBACK, 'http://localhost:4010', 'http://[::1]:4010']) {
      server.use(http.get(`${baseUrl}/api/public/v1/payments/:id`, () => HttpResponse.json(succeededPayment)));
      expect((await new Tessera({ apiKey: API_KEY, baseUrl }).payments.waitForFinalStatus('pay_1', { intervalMs: 1 })).status).toBe('succeeded');
    }
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(succeededPayment)));
    expect((await tessera().payments.waitForFinalStatus('pay_1', { intervalMs: 1000 })).status).toBe('succeeded');
  });
  it('polls until a final status, reporting each status change', async () => {
    const statuses = ['pending', 'pending', 'succeeded'];
    server.use(http.get(`${LOOPBACK}/api/public/v1/payments/:id`, () => HttpResponse.json({ ...succeededPayment, status: statuses.shift() ?? 'succeeded' })));
    const seen: string[] = [];
    const payment = await local().payments.waitForFinalStatus('pay_1', { intervalMs: 1, onStatus: (p: Payment) => seen.push(p.status) });
    expect(payment.status).toBe('succeeded');
    expect(seen).toEqual(['pending', 'succeeded']);
    expect(recorder.sent).toHaveLength(3);
    expect(recorder.sent.every((sent) => sent.method === 'GET' && sent.url.pathname === '/api/public/v1/payments/pay_1')).toBe(true);
  });

  it('gives up with TesseraTimeoutError, and stops on abort', async () => {
    server.use(http.get(`${LOOPBACK}/api/public/v1/payments/:id`, () => HttpResponse.json({ ...succeededPayment, status: 'pending' })));
    await expect(local().payments.waitForFinalStatus('pay_1', { intervalMs: 1, timeoutMs: 10 })).rejects.toBeInstanceOf(TesseraTimeoutError);
    const controller = new AbortController();
    const waiting = local().payments.waitForFinalStatus('pay_1', { intervalMs: 10_000, signal: controller.signal });
    await vi.waitFor(() => expect(recorder.sent.length).toBeGreaterThan(0));
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(TesseraAbortError);
  });
});
