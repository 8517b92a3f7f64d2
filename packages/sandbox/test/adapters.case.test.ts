import { API_PREFIX, type Route, routePath, routes } from '@tessera/core/internal';
import { getResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { storeBody } from './fixtures.js';

// One table of cases, run through both adapters of the one router (as hono runs every router through
// `common.case.test.ts`): msw's handler (`sandbox.handlers`, through msw's own `getResponse`, what `setupServer` and
// `setupWorker` call) and the node:http server (`startSandboxServer`, over real HTTP). Each case gets a new sandbox.

/** What a case sees of an answer: nothing (msw passes the request on), a dropped connection, or a response. */
type Seen = 'unhandled' | 'dropped' | { status: number; headers: Headers; body: any };

interface Adapter {
  name: string;
  /** Sends one request to the sandbox through this adapter. */
  send(sandbox: Sandbox, method: string, path: string, init?: { headers?: Record<string, string>; body?: string }): Promise<Seen>;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function seen(response: Response): Promise<Seen> {
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, headers: response.headers, body: isJson && text !== '' ? JSON.parse(text) : text };
}

const adapters: Adapter[] = [
  {
    name: 'msw',
    async send(sandbox, method, path, init = {}) {
      const request = new Request(`https://adapters.sandbox.test${path}`, { method, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });
      const response = await getResponse([...sandbox.handlers], request, { quiet: true });
      if (response === undefined) return 'unhandled';
      return response.type === 'error' ? 'dropped' : seen(response);
    },
  },
  {
    name: 'node:http',
    async send(sandbox, method, path, init = {}) {
      const server = await startSandboxServer({ port: 0, host: '127.0.0.1', sandbox });
      closers.push(() => server.close());
      try {
        return await seen(await fetch(`${server.url}${path}`, { method, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) }));
      } catch (error) {
        if (error instanceof TypeError) return 'dropped';
        throw error;
      }
    },
  },
];

const apiPath = (route: Route, params?: Record<string, string>): string => `${API_PREFIX}${routePath(route, params)}`;
const bearer = (sandbox: Sandbox): Record<string, string> => ({ authorization: `Bearer ${sandbox.apiKey}` });
/** `POST /auth/test` with the key and an empty JSON body. */
const authTest = (sandbox: Sandbox) => ({ headers: json(sandbox), body: '{}' });
const json = (sandbox: Sandbox, extra: Record<string, string> = {}): Record<string, string> => ({ ...bearer(sandbox), 'content-type': 'application/json', ...extra });

interface Case {
  name: string;
  /** Runs the case through `send` (one adapter) and returns what the assertions read. */
  run(sandbox: Sandbox, send: Adapter['send']): Promise<unknown>;
  /** What every adapter must see, or one expectation per adapter where they differ on purpose. */
  expected: unknown;
  expectedBy?: Partial<Record<string, unknown>>;
}

const statusAndCode = (answer: Seen): unknown => (typeof answer === 'string' ? answer : [answer.status, answer.body?.error?.code ?? null]);

const cases: Case[] = [
  {
    name: 'routes a catalog operation (key checked)',
    run: async (sandbox, send) => {
      const answer = await send(sandbox, 'POST', apiPath(routes.testAuth), authTest(sandbox));
      return typeof answer === 'string' ? answer : [answer.status, answer.headers.get('x-request-id')?.startsWith('req_')];
    },
    expected: [200, true],
  },
  {
    name: 'routes a POST with a body and stores what it made',
    run: async (sandbox, send) => {
      const answer = await send(sandbox, 'POST', apiPath(routes.createStore), { headers: json(sandbox), body: JSON.stringify(storeBody()) });
      return typeof answer === 'string' ? answer : [answer.status, sandbox.records.stores.count];
    },
    expected: [200, 4],
  },
  {
    name: 'answers the one "no route" 404 under the API prefix',
    run: async (sandbox, send) => {
      const answer = await send(sandbox, 'GET', `${API_PREFIX}/no-such-thing`, { headers: bearer(sandbox) });
      return typeof answer === 'string' ? answer : [answer.status, answer.body.error.code, answer.body.error.message];
    },
    expected: [404, 'not_found', `No route GET ${API_PREFIX}/no-such-thing`],
  },
  {
    name: 'answers a path outside its own as msw passes it on and node:http with the same 404',
    run: async (sandbox, send) => {
      const answer = await send(sandbox, 'GET', '/elsewhere');
      return typeof answer === 'string' ? answer : [answer.status, answer.body.error.message];
    },
    expected: undefined,
    expectedBy: { msw: 'unhandled', 'node:http': [404, 'No route GET /elsewhere'] },
  },
  {
    name: 'answers a CORS preflight of the vault',
    run: async (sandbox, send) => {
      const answer = await send(sandbox, 'OPTIONS', sandboxRoutes.vaultTokenizeCard, { headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' } });
      return typeof answer === 'string' ? answer : [answer.status, answer.headers.get('access-control-allow-origin'), answer.headers.get('access-control-allow-headers')?.includes('bt-api-key')];
    },
    expected: [204, '*', true],
  },
  {
    name: 'refuses a request without the API key (401, www-authenticate)',
    run: async (sandbox, send) => {
      const answer = await send(sandbox, 'GET', apiPath(routes.retrievePayment, { id: 'pay_1' }));
      return typeof answer === 'string' ? answer : [...(statusAndCode(answer) as unknown[]), answer.headers.get('www-authenticate')];
    },
    expected: [401, 'unauthorized', 'Bearer'],
  },
  {
    name: 'answers a validation error with the bad fields',
    run: async (sandbox, send) => {
      const answer = await send(sandbox, 'POST', apiPath(routes.processPayment), { headers: json(sandbox), body: '{}' });
      return typeof answer === 'string' ? answer : [answer.status, answer.body.error.code, Array.isArray(answer.body.error.fields) && answer.body.error.fields.length > 0];
    },
    expected: [400, 'validation_error', true],
  },
  {
    name: 'answers a body that is not JSON with a validation error',
    run: async (sandbox, send) => statusAndCode(await send(sandbox, 'POST', apiPath(routes.createStore), { headers: json(sandbox), body: '{not json' })),
    expected: [400, 'validation_error'],
  },
  {
    name: 'replays an idempotent POST, changing nothing the second time',
    run: async (sandbox, send) => {
      const init = { headers: json(sandbox, { 'idempotency-key': 'case-key' }), body: JSON.stringify(storeBody()) };
      const first = await send(sandbox, 'POST', apiPath(routes.createStore), init);
      const second = await send(sandbox, 'POST', apiPath(routes.createStore), init);
      if (typeof first === 'string' || typeof second === 'string') return [first, second];
      return [second.status, second.headers.get('idempotent-replayed'), second.body.store?.id === first.body.store?.id, sandbox.records.stores.count];
    },
    expected: [200, 'true', true, 4],
  },
  {
    name: 'answers an injected fault (503), then the route again',
    run: async (sandbox, send) => {
      sandbox.faults.add({ route: 'createStore', kind: 'server_error', times: 1 });
      const init = { headers: json(sandbox), body: JSON.stringify(storeBody()) };
      const failed = await send(sandbox, 'POST', apiPath(routes.createStore), init);
      const served = await send(sandbox, 'POST', apiPath(routes.createStore), init);
      return [statusAndCode(failed), statusAndCode(served)];
    },
    expected: [
      [503, 'service_unavailable'],
      [200, null],
    ],
  },
  {
    name: 'drops the connection for an injected drop, after the change is made',
    run: async (sandbox, send) => {
      sandbox.faults.add({ route: 'createStore', kind: 'drop_after_commit', times: 1 });
      const answer = await send(sandbox, 'POST', apiPath(routes.createStore), { headers: json(sandbox), body: JSON.stringify(storeBody()) });
      return [answer, sandbox.records.stores.count];
    },
    expected: ['dropped', 4],
  },
  {
    name: 'serves an override by route name, inside the route (key checked), and the operation when it answers nothing',
    run: async (sandbox, send) => {
      sandbox.override('retrievePayment', (request) => (request.params.id === 'pay_own' ? undefined : { status: 503, json: { overridden: request.params.id } }));
      const overridden = await send(sandbox, 'GET', apiPath(routes.retrievePayment, { id: 'pay_1' }), { headers: bearer(sandbox) });
      const refused = await send(sandbox, 'GET', apiPath(routes.retrievePayment, { id: 'pay_1' }));
      const own = await send(sandbox, 'GET', apiPath(routes.retrievePayment, { id: 'pay_own' }), { headers: bearer(sandbox) });
      if (typeof overridden === 'string') return overridden;
      return [overridden.status, overridden.body, statusAndCode(refused), statusAndCode(own)];
    },
    expected: [503, { overridden: 'pay_1' }, [401, 'unauthorized'], [404, 'not_found']],
  },
  {
    name: 'puts back what was there when an override is restored',
    run: async (sandbox, send) => {
      const restore = sandbox.override('testAuth', () => ({ status: 418, json: {} }));
      const overridden = statusAndCode(await send(sandbox, 'POST', apiPath(routes.testAuth), authTest(sandbox)));
      restore();
      const own = statusAndCode(await send(sandbox, 'POST', apiPath(routes.testAuth), authTest(sandbox)));
      return [overridden, own];
    },
    expected: [
      [418, null],
      [200, null],
    ],
  },
];

describe.each(adapters)('the $name adapter', (adapter) => {
  it.each(cases)('$name', async (testCase) => {
    const sandbox = createSandbox({ seed: 7 });
    const expected = testCase.expectedBy?.[adapter.name] ?? testCase.expected;
    expect(await testCase.run(sandbox, (...args) => adapter.send(...args))).toEqual(expected);
  });
});

describe('overrides', () => {
  it('are given at creation by name, and a name the sandbox does not serve is refused', async () => {
    const sandbox = createSandbox({ overrides: { testAuth: () => ({ status: 418, json: { teapot: true } }) } });
    const answer = await adapters[0]!.send(sandbox, 'POST', apiPath(routes.testAuth), authTest(sandbox));
    expect(typeof answer === 'string' ? answer : [answer.status, answer.body]).toEqual([418, { teapot: true }]);
    expect(() => sandbox.override('noSuchRoute' as never, () => undefined)).toThrow(RangeError);
    expect(() => createSandbox({ overrides: { noSuchRoute: () => undefined } as never })).toThrow(RangeError);
  });
});
