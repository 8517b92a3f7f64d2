import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Tessera,
  TesseraAbortError,
  TesseraBadRequestError,
  TesseraConnectionError,
  TesseraInternalServerError,
  TesseraOutcomeUnknownError,
  TesseraRedirectError,
  TesseraResponseTooLargeError,
  TesseraTimeoutError,
} from '../src/index.js';
import { API_KEY, purchase, succeededPayment } from './fixtures.js';

// Raw node:http fakes on 127.0.0.1 that behave as a hostile or careless service would: they ignore
// Idempotency-Key (every POST that reaches the handler is a new charge), time out, drop connections after reading
// the request, answer 5xx, redirect, or send huge or stalled bodies. Every loop is bounded.

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Fake {
  url: string;
  received: Received[];
  /** Charges made: one per POST that reached the handler, whatever its idempotency key. */
  charges: number;
  /** Resolves when a socket of this server closes. */
  socketClosed: () => Promise<void>;
  close: () => Promise<void>;
}

const fakes: Fake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map(async (fake) => fake.close()));
});

/** Starts a fake; `handle` gets each request with its whole body already read, and the running count of charges. */
async function startFake(handle: (request: IncomingMessage, response: ServerResponse, fake: Fake) => void): Promise<Fake> {
  const sockets = new Set<Socket>();
  const closeWaiters: Array<() => void> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      fake.received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.method === 'POST') fake.charges++;
      handle(request, response, fake);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      for (const wake of closeWaiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: Fake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    charges: 0,
    socketClosed: async () => new Promise<void>((resolve) => closeWaiters.push(resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  fakes.push(fake);
  return fake;
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

/** The real service as seen from here: keys not known to be honoured. */
const realService = (fake: Fake, options: Partial<ConstructorParameters<typeof Tessera>[0]> = {}): Tessera =>
  new Tessera({ apiKey: API_KEY, baseUrl: fake.url, idempotentRetries: false, maxRetries: 2, ...options });

describe('retries that cannot charge twice (a service that ignores Idempotency-Key)', () => {
  it('does not retry a payment that timed out after sending: one charge, and an outcome-unknown error with the key', async () => {
    const fake = await startFake(() => undefined); // never answers
    const error = await realService(fake, { timeoutMs: 300 }).payments.process(purchase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraOutcomeUnknownError);
    const outcome = error as TesseraOutcomeUnknownError;
    await vi.waitFor(() => expect(fake.charges).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.charges).toBe(1);
    expect(outcome.code).toBe('outcome_unknown');
    expect(outcome.idempotencyKey).toBe(fake.received[0]!.headers['idempotency-key']);
    expect(outcome).toMatchObject({ method: 'POST', path: '/payments/process' });
    expect(outcome.message).toMatch(/payments\.retrieve.*payments\.list/);
    expect(outcome.cause).toBeInstanceOf(TesseraTimeoutError);
  });

  it('does not retry a payment whose connection dropped after the request was sent', async () => {
    const fake = await startFake((request) => request.socket.destroy());
    const error = await realService(fake).payments.process(purchase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraOutcomeUnknownError);
    expect((error as TesseraOutcomeUnknownError).cause).toBeInstanceOf(TesseraConnectionError);
    expect(fake.charges).toBe(1);
  });

  it.each([500, 502, 504])('does not retry a payment answered %i', async (status) => {
    const fake = await startFake((_request, response) => json(response, status, { error: { code: 'internal_error', message: 'boom' } }, { 'retry-after': '0' }));
    const error = await realService(fake).payments.process(purchase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraOutcomeUnknownError);
    expect((error as TesseraOutcomeUnknownError).cause).toMatchObject({ status });
    expect(fake.charges).toBe(1);
  });

  it.each([429, 503])('retries a payment answered %i (the service cannot have acted), with the same key', async (status) => {
    const fake = await startFake((_request, response, self) => {
      if (self.received.length === 1) {
        self.charges--; // refused: nothing was charged
        json(response, status, { error: { code: 'busy', message: 'later' } }, { 'retry-after': '0' });
      } else {
        json(response, 200, { payment: succeededPayment });
      }
    });
    await expect(realService(fake).payments.process(purchase)).resolves.toMatchObject({ id: 'pay_1' });
    expect(fake.received).toHaveLength(2);
    expect(fake.received[1]!.headers['idempotency-key']).toBe(fake.received[0]!.headers['idempotency-key']);
    expect(fake.charges).toBe(1);
  });

  it('retries a payment whose connection was refused', async () => {
    const closed = await startFake(() => undefined);
    const url = closed.url;
    await closed.close();
    fakes.splice(fakes.indexOf(closed), 1);
    const attempts: string[] = [];
    const fetch = async (request: Request): Promise<Response> => {
      attempts.push(request.headers.get('idempotency-key') ?? '');
      return globalThis.fetch(request);
    };
    const error = await new Tessera({ apiKey: API_KEY, baseUrl: url, idempotentRetries: false, maxRetries: 1, fetch }).payments.process(purchase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraConnectionError);
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts).size).toBe(1);
  });

  it('always retries a GET, whatever failed', async () => {
    const fake = await startFake((_request, response, self) => {
      if (self.received.length === 1) json(response, 500, { error: { code: 'internal_error', message: 'boom' } }, { 'retry-after': '0' });
      else if (self.received.length === 2) response.socket?.destroy();
      else json(response, 200, succeededPayment);
    });
    await expect(realService(fake).payments.retrieve('pay_1')).resolves.toMatchObject({ id: 'pay_1' });
    expect(fake.received).toHaveLength(3);
  });

  it('retries an outcome-unknown payment when idempotentRetries is on (the default for a loopback origin)', async () => {
    const fake = await startFake((_request, response, self) => {
      if (self.received.length === 1) json(response, 500, { error: { code: 'internal_error', message: 'boom' } }, { 'retry-after': '0' });
      else json(response, 200, { payment: succeededPayment });
    });
    await expect(new Tessera({ apiKey: API_KEY, baseUrl: fake.url }).payments.process(purchase)).resolves.toMatchObject({ id: 'pay_1' });
    expect(fake.received).toHaveLength(2);
    // With idempotentRetries on and the retries used up, the last error is reported as it is.
    const failing = await startFake((_request, response) => json(response, 500, { error: { code: 'internal_error', message: 'boom' } }, { 'retry-after': '0' }));
    await expect(new Tessera({ apiKey: API_KEY, baseUrl: failing.url, maxRetries: 1 }).payments.process(purchase)).rejects.toBeInstanceOf(TesseraInternalServerError);
  });

  it('defaults idempotentRetries to off for an origin that is not loopback', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 502, headers: { 'retry-after': '0' } })));
    await expect(new Tessera({ apiKey: API_KEY, baseUrl: 'https://api.tessera.test', fetch }).payments.process(purchase)).rejects.toBeInstanceOf(TesseraOutcomeUnknownError);
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const baseUrl of ['http://localhost:4010', 'http://127.0.0.2:4010', 'http://[::1]:4010']) {
      fetch.mockClear();
      await expect(new Tessera({ apiKey: API_KEY, baseUrl, fetch, maxRetries: 1 }).payments.process(purchase)).rejects.toBeInstanceOf(TesseraInternalServerError);
      expect(fetch).toHaveBeenCalledTimes(2);
    }
  });
});

describe('a logger that throws', () => {
  it('never changes a call: the purchase the service answered is returned, whichever event the logger fails on', async () => {
    // Each client's first POST is answered 503 (nothing done, retried: a retry event), the next one charged.
    const fake = await startFake((_request, response, self) => {
      if (self.charges % 2 === 1) json(response, 503, { code: 'service_unavailable' }, { 'retry-after': '0' });
      else json(response, 200, { payment: succeededPayment });
    });
    for (const failOn of ['request', 'response', 'retry'] as const) {
      const tessera = realService(fake, {
        logger: (event) => {
          if (event.type === failOn) throw new Error(`log sink down (${failOn})`);
        },
      });
      await expect(tessera.payments.process(purchase), failOn).resolves.toMatchObject({ id: 'pay_1', status: 'succeeded' });
    }
    expect(fake.received).toHaveLength(6);
  });
});

describe('redirects', () => {
  it('never follows one: a typed error naming the status and the Location origin; the target gets nothing', async () => {
    const target = await startFake((_request, response) => json(response, 200, { payment: succeededPayment }));
    const redirecting = await startFake((request, response) => {
      response.writeHead(request.method === 'POST' ? 307 : 302, { location: `${target.url}/api/public/v1${request.url?.slice('/api/public/v1'.length) ?? ''}?x=1` }).end();
    });
    const tessera = new Tessera({ apiKey: API_KEY, baseUrl: redirecting.url });
    const error = await tessera.payments.process(purchase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraRedirectError);
    expect(error).toMatchObject({ code: 'redirect', status: 307, locationOrigin: target.url });
    expect((error as Error).message).toContain('307');
    expect((error as Error).message).toContain(target.url);
    expect((error as Error).message).not.toContain('?x=1');
    await expect(tessera.payments.retrieve('pay_1')).rejects.toMatchObject({ status: 302, locationOrigin: target.url });
    expect(redirecting.received).toHaveLength(2); // never retried
    expect(target.received).toHaveLength(0);
  });
});

describe('response bodies', () => {
  it('cancels a success body larger than maxResponseBytes without reading it all, and closes the socket', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    const fake = await startFake((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const pump = (): void => {
        // Bounded: at most 256 MiB, stopping as soon as the client hangs up.
        while (written < 256 * 1024 * 1024 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const closed = fake.socketClosed();
    const error = await new Tessera({ apiKey: API_KEY, baseUrl: fake.url, maxResponseBytes: 256 * 1024 }).payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraResponseTooLargeError);
    expect(error).toMatchObject({ code: 'response_too_large', status: 200, limit: 256 * 1024 });
    await closed;
    expect(written).toBeLessThan(64 * 1024 * 1024);
    expect(fake.received).toHaveLength(1); // never retried
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const fake = await startFake((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) });
      response.write('{"id":');
    });
    const error = await new Tessera({ apiKey: API_KEY, baseUrl: fake.url }).payments.process(purchase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraResponseTooLargeError);
    expect((error as TesseraResponseTooLargeError).idempotencyKey).toBe(fake.received[0]!.headers['idempotency-key']);
  });

  it.each([false, true])('times out a body that stalls after the headers (declared length: %s), and the server sees the socket closed', async (declared) => {
    const fake = await startFake((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': '1000' } : {}) });
      response.write('{"id":'); // and nothing more
    });
    const closed = fake.socketClosed();
    await expect(new Tessera({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs: 100, maxRetries: 1 }).payments.retrieve('pay_1')).rejects.toBeInstanceOf(TesseraTimeoutError);
    await closed;
    expect(fake.received).toHaveLength(2);
  });

  it('an error body echoing the key more than 64 levels deep keeps no copy of it (error.body, util.inspect)', async () => {
    const deep = `${'{"detail":'.repeat(70)}"Authorization: Bearer ${API_KEY}"${'}'.repeat(70)}`;
    const fake = await startFake((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' }).end(`{"code":"bad_request","echo":${deep}}`);
    });
    const error = await new Tessera({ apiKey: API_KEY, baseUrl: fake.url }).payments.process(purchase).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraBadRequestError);
    expect((error as TesseraBadRequestError).code).toBe('bad_request');
    expect(inspect(error, { depth: Infinity })).not.toContain(API_KEY);
    expect(inspect((error as TesseraBadRequestError).body, { depth: Infinity })).not.toContain(API_KEY);
  });

  it('stops reading a stalled body when the call is aborted, and the server sees the socket closed', async () => {
    const fake = await startFake((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id":');
    });
    const closed = fake.socketClosed();
    const controller = new AbortController();
    const call = new Tessera({ apiKey: API_KEY, baseUrl: fake.url }).payments.retrieve('pay_1', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fake.received).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    expect(await call).toBeInstanceOf(TesseraAbortError);
    await closed;
  });
});
