import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox.js';
import { type SandboxServer, startSandboxServer } from './server.js';

// A sandbox whose handlers are not its own (a copy with other handlers, or its array changed in place) is served
// through msw's getResponse over those handlers: these pin that it answers as msw would (order, `once`, custom
// predicates, a resolver that answers nothing, params, bodies), and that an override put in front wins.
let server: SandboxServer;

beforeAll(async () => {
  const sandbox = createSandbox();
  const echo = async ({ request }: { request: Request }): Promise<Response> =>
    Response.json({ bytes: [...new Uint8Array(await request.arrayBuffer())], contentType: request.headers.get('content-type') });
  const handlers = [
    http.get('*/once', () => HttpResponse.text('first'), { once: true }),
    http.get('*/once', () => HttpResponse.text('after')),
    http.get(({ request }) => new URL(request.url).searchParams.has('custom'), () => HttpResponse.text('custom')),
    http.get('*/next/:id', () => undefined),
    http.get('*/next/:id', ({ params }) => HttpResponse.json(params)),
    http.post('*/echo', echo),
    http.get('*/thrown', () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- msw's way to answer early from a resolver
      throw HttpResponse.text('thrown', { status: 418 });
    }),
    ...sandbox.handlers,
  ];
  server = await startSandboxServer({ port: 0, host: '127.0.0.1', sandbox: { ...sandbox, handlers } });
});
afterAll(() => server.close());

const text = async (path: string): Promise<string> => (await fetch(`${server.url}${path}`)).text();

describe('startSandboxServer dispatch', () => {
  it('runs a `once` handler once, then the next that matches', async () => {
    expect(await text('/once')).toBe('first');
    expect(await text('/once')).toBe('after');
  });

  it('honours a custom predicate', async () => {
    expect(await text('/anything?custom')).toBe('custom');
  });

  it('answers with a Response the resolver throws', async () => {
    const answer = await fetch(`${server.url}/thrown`);
    expect([answer.status, await answer.text()]).toEqual([418, 'thrown']);
  });

  it('moves on to the next handler when a resolver answers nothing, with the params msw decodes', async () => {
    const answer = (await (await fetch(`${server.url}/next/a%20b`)).json()) as Record<string, string>;
    expect(answer.id).toBe('a b');
  });

  it('serves an override put in front of a sandbox\'s own handlers in place, and the sandbox behind it', async () => {
    const sandbox = createSandbox();
    sandbox.handlers.unshift(http.get('*/api/public/v1/payments/:id', () => HttpResponse.json({ overridden: true }, { status: 503 })));
    const inPlace = await startSandboxServer({ port: 0, host: '127.0.0.1', sandbox });
    try {
      const headers = { authorization: `Bearer ${sandbox.apiKey}` };
      const overridden = await fetch(`${inPlace.url}/api/public/v1/payments/pay_1`, { headers });
      expect([overridden.status, await overridden.json()]).toEqual([503, { overridden: true }]);
      const served = await fetch(`${inPlace.url}/api/public/v1/payments/process`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      expect(served.status).toBe(400);
    } finally {
      await inPlace.close();
    }
  });

  it('passes the body byte for byte: invalid UTF-8, a BOM, and no content-type added', async () => {
    const echo = async (body: Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
      (await (await fetch(`${server.url}/echo`, { method: 'POST', body, headers })).json()) as { bytes: number[]; contentType: string | null };
    const invalid = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    expect(await echo(invalid, { 'content-type': 'application/json' })).toEqual({ bytes: [...invalid], contentType: 'application/json' });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]);
    expect(await echo(bom, { 'content-type': 'application/json' })).toEqual({ bytes: [...bom], contentType: 'application/json' });
    const plain = new TextEncoder().encode('{"a":1}');
    expect(await echo(plain, {})).toEqual({ bytes: [...plain], contentType: null });
  });
});
