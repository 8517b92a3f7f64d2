import { inspect } from 'node:util';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, API_KEY, BASE_URL, errorBody, purchase, succeededPayment } from '../../test/fixtures.js';
import { useMockServer } from '../../test/recorder.js';
import {
  Tessera,
  TesseraAbortError,
  TesseraApiError,
  TesseraAuthenticationError,
  TesseraBadRequestError,
  TesseraConflictError,
  TesseraConnectionError,
  TesseraError,
  TesseraInternalServerError,
  TesseraNotFoundError,
  TesseraPermissionDeniedError,
  TesseraRateLimitError,
  TesseraResponseValidationError,
  TesseraTimeoutError,
  TesseraUnprocessableEntityError,
  TesseraValidationError,
  type TesseraLogEvent,
} from '../index.js';
import { MAX_RETRY_AFTER_MS } from '../internal.js';

const server = setupServer();
const recorder = useMockServer(server);
afterEach(() => {
  vi.useRealTimers();
});

const client = (options: Partial<ConstructorParameters<typeof Tessera>[0]> = {}): Tessera =>
  new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, ...options });

/** Replies with each response in turn (the last one repeats). */
function sequence(method: 'get' | 'post', path: string, responses: Array<() => Response | Promise<Response>>) {
  let call = 0;
  return http[method](`${API}${path}`, () => responses[Math.min(call++, responses.length - 1)]!());
}

// Taken before any test fakes the timers: a real turn of the event loop, for `settle` to let real I/O finish.
const realSetImmediate = globalThis.setImmediate;

/**
 * Runs `promise` to completion while fake timers fire every pending timeout. The timers are run again until it
 * settles (at most 1,000 rounds): a client's first call loads ky with real I/O, so its retry waits may be set only
 * after a first round of timers has run.
 */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  const outcome = promise.then(
    (value) => ((settled = true), { value }),
    (error: unknown) => ((settled = true), { error }),
  );
  for (let round = 0; !settled && round < 1_000; round++) {
    await vi.runAllTimersAsync();
    if (!settled) await new Promise((resolve) => realSetImmediate(resolve));
  }
  const result = await outcome;
  if ('error' in result) throw result.error;
  return result.value;
}

describe('what is sent', () => {
  it('sends a GET with authentication, client header and no idempotency key, and returns the bare payment', async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(succeededPayment, { headers: { 'x-request-id': 'req_1' } })));
    const payment = await client().payments.retrieve('pay_1');
    expect(payment).toEqual(succeededPayment);
    const [sent] = recorder.sent;
    expect(recorder.sent).toHaveLength(1);
    expect(sent!.method).toBe('GET');
    expect(sent!.url.href).toBe(`${API}/payments/pay_1`);
    expect(sent!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent!.headers.accept).toBe('application/json');
    expect(sent!.headers['x-tessera-client']).toMatch(/^tessera-server\/\d+\.\d+\.\d+ node\/\d+\.\d+\.\d+$/);
    expect(sent!.headers['idempotency-key']).toBeUndefined();
  });

  it('sends a POST with a JSON body and a generated idempotency key, and unwraps { payment }', async () => {
    server.use(http.post(`${API}/payments/process`, () => HttpResponse.json({ payment: succeededPayment })));
    const payment = await client().payments.process(purchase);
    expect(payment.futureField).toEqual({ nested: true });
    const [sent] = recorder.sent;
    expect(sent!.method).toBe('POST');
    expect(sent!.url.pathname).toBe('/api/public/v1/payments/process');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sent!.body()).toEqual(purchase);
  });

  const withoutMode = <T extends { mode: unknown }>({ mode, ...rest }: T): Omit<T, 'mode'> => (void mode, rest);
  it('generates a new key per call, uses the caller’s key and extra headers', async () => {
    server.use(http.post(`${API}/payments/process`, () => HttpResponse.json({ payment: succeededPayment })));
    const tessera = client();
    await tessera.payments.purchase(withoutMode(purchase));
    await tessera.payments.process(purchase);
    await tessera.payments.process(purchase, { idempotencyKey: 'order-42', headers: { 'X-Trace': 'abc' } });
    const keys = recorder.sent.map((sent) => sent.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('order-42');
    expect(recorder.sent[2]!.headers['x-trace']).toBe('abc');
  });
});

describe('validation before sending', () => {
  it('refuses an Authorization or Idempotency-Key header of the caller: the key every retry and error names is the one sent', async () => {
    const tessera = client();
    for (const headers of [{ 'Idempotency-Key': 'order-1' }, { authorization: 'Bearer other' }]) {
      const error = await tessera.payments.process(purchase, { headers }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TesseraValidationError);
      expect((error as TesseraValidationError).fields.map((field) => field.field)).toEqual([`headers.${Object.keys(headers)[0]}`]);
      expect(JSON.stringify(error)).not.toContain('Bearer other');
    }
    expect(recorder.sent).toHaveLength(0);
  });

  it('throws a TesseraValidationError naming every bad field and sends nothing', async () => {
    const tessera = client();
    const error = await tessera.payments.process({ ...purchase, amount: 10.5, currency: 'usd' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TesseraValidationError', code: 'validation_error' });
    expect((error as { fields: Array<{ field: string }> }).fields.map((f) => f.field).sort()).toEqual(['amount', 'currency']);
    await expect(tessera.payments.retrieve('..')).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'id' }] });
    await expect(tessera.payments.process({ ...purchase, initiatedBy: 'merchant' } as never)).rejects.toMatchObject({
      fields: [{ field: 'reasonType', code: 'required' }],
    });
    await expect(tessera.payments.retrieve('pay_1', { maxRetries: -1 })).rejects.toMatchObject({ fields: [{ field: 'maxRetries' }] });
    expect(recorder.sent).toHaveLength(0);
  });
});

describe('response validation', () => {
  it('rejects a payment without a status, naming the field, and never echoes values', async () => {
    server.use(
      http.get(`${API}/payments/:id`, () =>
        HttpResponse.json({ id: 'pay_1', amount: 5, currency: 'USD' }, { headers: { 'x-request-id': 'req_9' } }),
      ),
    );
    const error = await client().payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraResponseValidationError);
    expect(error).toMatchObject({ status: 200, requestId: 'req_9', fields: [{ field: 'status', code: 'required' }] });
  });

  it('redacts the API key from everything it keeps of a 2xx it cannot use (body, text body, request id)', async () => {
    server.use(
      http.get(`${API}/payments/:id`, () => HttpResponse.json({ id: 'pay_1', echo: { headers: [`Bearer ${API_KEY}`] }, [API_KEY]: 1 }, { headers: { 'x-request-id': API_KEY } }), { once: true }),
    );
    const error = await client().payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraResponseValidationError);
    expect(inspect(error, { depth: 10 })).not.toContain(API_KEY);
    expect(JSON.stringify((error as TesseraResponseValidationError).body)).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect((error as TesseraResponseValidationError).body).toMatchObject({ id: 'pay_1', echo: { headers: ['Bearer [redacted]'] } });

    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.text(`ok, your key is ${API_KEY}`), { once: true }));
    const text = await client().payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(text).toMatchObject({ name: 'TesseraResponseValidationError', body: 'ok, your key is [redacted]' });
    expect(inspect(text, { depth: 10 })).not.toContain(API_KEY);
  });

  it('hands a 2xx body that is not JSON to the resource, which keeps it on the error when it is no payment', async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.text('<html>ok</html>')));
    await expect(client().payments.retrieve('pay_1')).rejects.toMatchObject({ name: 'TesseraResponseValidationError', body: '<html>ok</html>' });
  });
});

describe('error responses', () => {
  it.each([
    [400, TesseraBadRequestError, 'validation_error'],
    [401, TesseraAuthenticationError, 'unauthorized'],
    [403, TesseraPermissionDeniedError, 'forbidden'],
    [404, TesseraNotFoundError, 'not_found'],
    [409, TesseraConflictError, 'invalid_state'],
    [422, TesseraUnprocessableEntityError, 'amount_exceeds_refundable'],
    [429, TesseraRateLimitError, 'rate_limited'],
    [500, TesseraInternalServerError, 'internal_error'],
    [503, TesseraInternalServerError, 'service_unavailable'],
    [418, TesseraApiError, 'teapot'],
  ])('maps %i to its class with code, message, requestId, body, headers and kind', async (status, errorClass, code) => {
    const body = errorBody(code, `it failed with ${status}`);
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(body, { status, headers: { 'x-request-id': 'req_h' } })));
    const error = await client({ maxRetries: 0 }).payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toBeInstanceOf(TesseraApiError);
    expect(TesseraApiError.isInstance(error)).toBe(true);
    expect(TesseraError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status, code, requestId: 'req_h', body });
    expect((error as Error).message).toMatch(new RegExp(`^it failed with ${status}`));
    expect((error as TesseraApiError).headers['x-request-id']).toBe('req_h');
    expect((error as TesseraApiError).kind).toBe(status === 429 || status === 503 ? 'not-acted' : status === 500 ? 'outcome-unknown' : 'final');
    expect(JSON.stringify(error)).not.toContain('kind');
  });

  it('keeps no request id that could hold card data (x-request-id or the body echoing a card number, or too long)', async () => {
    for (const [header, bodyId] of [
      ['4242424242424242', undefined],
      ['req-4242 4242 4242 4242', 'req_4242424242424242'],
      [`req_${'a'.repeat(200)}`, `req_${'b'.repeat(200)}`],
    ] as const) {
      const body = { error: { code: 'not_found', message: 'No payment', ...(bodyId === undefined ? {} : { requestId: bodyId }) } };
      server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(body, { status: 404, headers: { 'x-request-id': header } }), { once: true }));
      const error = await client({ maxRetries: 0 }).payments.retrieve('pay_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TesseraNotFoundError);
      expect((error as TesseraApiError).requestId).toBeUndefined();
      expect(JSON.stringify(error)).not.toMatch(/4242|aaaa|bbbb/);
    }
    // A 2xx the SDK cannot read: the same rule for the request id it keeps, and for the log.
    const events: TesseraLogEvent[] = [];
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json({ id: 'pay_1' }, { headers: { 'x-request-id': '4242424242424242' } }), { once: true }));
    const invalid = await client({ logger: (event) => events.push(event) }).payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(TesseraResponseValidationError);
    expect((invalid as TesseraResponseValidationError).requestId).toBeUndefined();
    expect(JSON.stringify(events)).not.toContain('4242424242424242');
  });

  it('a 401 says what to check: the key passed as apiKey / TESSERA_API_KEY, and that a public vault key is not one', async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(errorBody('unauthorized', 'Invalid API key'), { status: 401 })));
    const error = await client({ apiKey: 'key_test_us_pub_VExdfbFQARn821iqP8zNaq' }).payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraAuthenticationError);
    expect((error as Error).message).toBe(
      'Invalid API key. Check the key you passed as `apiKey` (or TESSERA_API_KEY): it must be your secret API key; a public vault key (key_…_pub_…) is not an API key.',
    );
    expect((error as Error).message).not.toContain('VExdfbFQARn821iqP8zNaq');
  });

  it('keeps the field errors of a 400', async () => {
    const fields = [{ field: 'amount', code: 'too_small', message: 'must be greater than 0' }];
    server.use(http.post(`${API}/payments/refund`, () => HttpResponse.json(errorBody('validation_error', 'Invalid input', { fields }), { status: 400 })));
    const error = await client().payments.refund({ paymentId: 'pay_1', storeId: 'store_1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraBadRequestError);
    expect((error as TesseraBadRequestError).fields).toEqual(fields);
    expect((error as TesseraBadRequestError).requestId).toBe('req_body');
  });

  it('falls back on plain text, on HTML from a proxy and on other JSON shapes', async () => {
    const tessera = client({ maxRetries: 0 });
    server.use(http.get(`${API}/payments/p1`, () => HttpResponse.text('upstream connect error', { status: 502 })));
    await expect(tessera.payments.retrieve('p1')).rejects.toMatchObject({ status: 502, code: 'server_error', message: 'upstream connect error' });
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    server.use(http.get(`${API}/payments/p2`, () => HttpResponse.html(html, { status: 502, statusText: 'Bad Gateway' })));
    await expect(tessera.payments.retrieve('p2')).rejects.toMatchObject({ message: 'HTTP 502 Bad Gateway', body: html });
    server.use(http.get(`${API}/payments/p3`, () => HttpResponse.json({ message: 'nope', code: 'gone_fishing' }, { status: 404 })));
    await expect(tessera.payments.retrieve('p3')).rejects.toMatchObject({ code: 'gone_fishing', message: 'nope' });
    server.use(http.get(`${API}/payments/p4`, () => HttpResponse.json({ error: 'Forbidden' }, { status: 403 })));
    await expect(tessera.payments.retrieve('p4')).rejects.toMatchObject({ code: 'forbidden', message: 'Forbidden' });
    server.use(http.get(`${API}/payments/p5`, () => new HttpResponse(null, { status: 500 })));
    await expect(tessera.payments.retrieve('p5')).rejects.toMatchObject({ code: 'server_error', message: 'HTTP 500 Internal Server Error' });
  });
});

describe('retries', () => {
  it('retries a POST on 503 with the same idempotency key every time', async () => {
    vi.useFakeTimers();
    server.use(
      sequence('post', '/payments/process', [
        () => HttpResponse.json(errorBody('service_unavailable', 'down'), { status: 503 }),
        () => HttpResponse.json(errorBody('service_unavailable', 'down'), { status: 503 }),
        () => HttpResponse.json({ payment: succeededPayment }),
      ]),
    );
    const payment = await settle(client().payments.process(purchase));
    expect(payment.status).toBe('succeeded');
    expect(recorder.sent).toHaveLength(3);
    const keys = new Set(recorder.sent.map((sent) => sent.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    for (const sent of recorder.sent) expect(await sent.body()).toEqual(purchase);
  });

  it.each([408, 409, 429, 500, 502, 503, 504, 520, 599])('retries a POST on status %i when the service honours idempotency keys', async (status) => {
    vi.useFakeTimers();
    server.use(
      sequence('post', '/payments/process', [
        () => HttpResponse.json(errorBody('idempotency_key_in_use', 'busy'), { status }),
        () => HttpResponse.json({ payment: succeededPayment }),
      ]),
    );
    await settle(client({ idempotentRetries: true }).payments.process(purchase));
    expect(recorder.sent).toHaveLength(2);
  });

  it.each([
    [400, 'validation_error'],
    [401, 'unauthorized'],
    [404, 'not_found'],
    [409, 'invalid_state'],
    [409, 'idempotency_key_reused'],
    [422, 'amount_exceeds_capturable'],
    [501, 'not_implemented'],
    [505, 'http_version_not_supported'],
  ])('does not retry status %i (%s), even when the service honours idempotency keys', async (status, code) => {
    server.use(http.post(`${API}/payments/process`, () => HttpResponse.json(errorBody(code, 'no'), { status })));
    await expect(client({ idempotentRetries: true }).payments.process(purchase)).rejects.toMatchObject({ status, code, kind: 'final' });
    expect(recorder.sent).toHaveLength(1);
  });

  it('gives up after maxRetries (client default 2, per call override, 0 disables)', async () => {
    vi.useFakeTimers();
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(errorBody('internal_error', 'boom'), { status: 500 })));
    await expect(settle(client().payments.retrieve('pay_1'))).rejects.toBeInstanceOf(TesseraInternalServerError);
    expect(recorder.sent).toHaveLength(3);
    await expect(settle(client({ maxRetries: 0 }).payments.retrieve('pay_1'))).rejects.toBeInstanceOf(TesseraInternalServerError);
    expect(recorder.sent).toHaveLength(4);
    await expect(settle(client({ maxRetries: 0 }).payments.retrieve('pay_1', { maxRetries: 1 }))).rejects.toBeInstanceOf(TesseraApiError);
    expect(recorder.sent).toHaveLength(6);
  });

  /** Fake-clock milliseconds between each response and the next attempt, read from the logger. */
  function waitsBetweenAttempts(events: Array<{ type: string; at: number; delayMs?: number }>): number[] {
    const waits: number[] = [];
    events.forEach((event, index) => {
      const retry = events[index + 1];
      const next = events[index + 2];
      if (event.type === 'response' && retry?.type === 'retry' && next?.type === 'request') {
        expect(retry.delayMs).toBe(next.at - event.at);
        waits.push(next.at - event.at);
      }
    });
    return waits;
  }

  it('waits with exponential backoff and jitter between attempts', async () => {
    vi.useFakeTimers();
    const events: Array<{ type: string; at: number; delayMs?: number }> = [];
    const logger = (event: TesseraLogEvent): void =>
      void events.push({ type: event.type, at: Date.now(), ...(event.type === 'retry' ? { delayMs: event.delayMs } : {}) });
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(errorBody('internal_error', 'boom'), { status: 500 })));
    const random = vi.spyOn(Math, 'random').mockReturnValue(1);
    await expect(settle(client({ logger, maxRetries: 5 }).payments.retrieve('pay_1'))).rejects.toBeInstanceOf(TesseraInternalServerError);
    expect(waitsBetweenAttempts(events)).toEqual([500, 1000, 2000, 4000, 8000]);
    events.length = 0;
    random.mockReturnValue(0);
    await expect(settle(client({ logger }).payments.retrieve('pay_1'))).rejects.toBeInstanceOf(TesseraInternalServerError);
    expect(waitsBetweenAttempts(events)).toEqual([250, 500]);
  });

  it('logs each retry when its wait starts, with the delay ("retrying in 30 s"), not after the wait', async () => {
    vi.useFakeTimers();
    const events: Array<{ event: TesseraLogEvent; at: number }> = [];
    const logger = (event: TesseraLogEvent): void => void events.push({ event, at: Date.now() });
    server.use(
      sequence('get', '/payments/:id', [
        () => HttpResponse.json(errorBody('rate_limited', 'slow down'), { status: 429, headers: { 'retry-after': '30' } }),
        () => HttpResponse.json(errorBody('service_unavailable', 'down'), { status: 503 }),
        () => HttpResponse.json(succeededPayment),
      ]),
    );
    vi.spyOn(Math, 'random').mockReturnValue(1);
    await expect(settle(client({ logger }).payments.retrieve('pay_1'))).resolves.toEqual(succeededPayment);
    const types = events.map(({ event }) => event.type);
    expect(types).toEqual(['request', 'response', 'retry', 'request', 'response', 'retry', 'request', 'response']);
    const retries = events.flatMap((entry, index) => (entry.event.type === 'retry' ? [{ ...entry, response: events[index - 1]!, next: events[index + 1]! }] : []));
    expect(retries.map(({ event }) => event)).toEqual([
      { type: 'retry', method: 'GET', url: `${API}/payments/pay_1`, retryCount: 1, delayMs: 30_000, reason: 'status 429', message: 'status 429: retrying in 30 s' },
      { type: 'retry', method: 'GET', url: `${API}/payments/pay_1`, retryCount: 2, delayMs: 1_000, reason: 'status 503', message: 'status 503: retrying in 1 s' },
    ]);
    for (const { at, response, next, event } of retries) {
      // Logged as the wait starts (no time passed since the response), and the wait is the delay it announced.
      expect(at).toBe(response.at);
      expect(next.at - at).toBe((event as { delayMs: number }).delayMs);
    }
  });

  it('honours Retry-After (on 429 and on other retried statuses) up to the cap', async () => {
    vi.useFakeTimers();
    const events: Array<{ type: string; at: number; delayMs?: number }> = [];
    const logger = (event: TesseraLogEvent): void =>
      void events.push({ type: event.type, at: Date.now(), ...(event.type === 'retry' ? { delayMs: event.delayMs } : {}) });
    server.use(
      sequence('post', '/payments/process', [
        () => HttpResponse.json(errorBody('rate_limited', 'slow down'), { status: 429, headers: { 'retry-after': '3' } }),
        () => HttpResponse.json(errorBody('internal_error', 'later'), { status: 500, headers: { 'retry-after': '3600' } }),
        () => HttpResponse.json({ payment: succeededPayment }),
      ]),
    );
    await expect(settle(client({ logger, idempotentRetries: true }).payments.process(purchase))).resolves.toMatchObject({ id: 'pay_1' });
    expect(waitsBetweenAttempts(events)).toEqual([3000, MAX_RETRY_AFTER_MS]);
    expect(recorder.sent).toHaveLength(3);
  });

  it('exposes Retry-After on the final rate-limit error', async () => {
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.json(errorBody('rate_limited', 'slow'), { status: 429, headers: { 'retry-after': '2' } })));
    await expect(client({ maxRetries: 0 }).payments.retrieve('pay_1')).rejects.toMatchObject({ retryAfterMs: 2000 });
  });

  it('retries connection errors, then throws TesseraConnectionError', async () => {
    vi.useFakeTimers();
    server.use(sequence('post', '/payments/process', [() => HttpResponse.error(), () => HttpResponse.json({ payment: succeededPayment })]));
    await expect(settle(client({ idempotentRetries: true }).payments.process(purchase))).resolves.toMatchObject({ id: 'pay_1' });
    expect(new Set(recorder.sent.map((sent) => sent.headers['idempotency-key'])).size).toBe(1);
    server.use(http.get(`${API}/payments/:id`, () => HttpResponse.error()));
    const error = await settle(client().payments.retrieve('pay_1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraConnectionError);
    expect(recorder.sent).toHaveLength(2 + 3);
  });

  it('times out each attempt after timeoutMs and retries timeouts', async () => {
    server.use(http.get(`${API}/payments/:id`, async () => {
      await delay('infinite');
      return HttpResponse.json(succeededPayment);
    }));
    const error = await client({ timeoutMs: 20 }).payments.retrieve('pay_1', { maxRetries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraTimeoutError);
    expect((error as TesseraTimeoutError).code).toBe('timeout');
    expect(recorder.sent).toHaveLength(2);
  });
});

describe('response bodies that fail after the headers', () => {
  const encoder = new TextEncoder();

  it('retries a body cut off mid-stream as a connection error', async () => {
    vi.useFakeTimers();
    server.use(
      sequence('get', '/payments/pay_1', [
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                controller.enqueue(encoder.encode('{"id":"pay_1",'));
                controller.error(new TypeError('terminated'));
              },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
        () => HttpResponse.json(succeededPayment),
      ]),
    );
    await expect(settle(client().payments.retrieve('pay_1'))).resolves.toMatchObject({ id: 'pay_1' });
    expect(recorder.sent).toHaveLength(2);
    server.use(
      http.get(`${API}/payments/pay_2`, () => new HttpResponse(new ReadableStream({ start: (controller) => controller.error(new TypeError('terminated')) }))),
    );
    await expect(client({ maxRetries: 0 }).payments.retrieve('pay_2')).rejects.toBeInstanceOf(TesseraConnectionError);
  });
  // A body that stalls after the headers: test/hostile-server.test.ts (a raw node:http server, which also sees the socket closed).
});

describe('abort', () => {
  it('rejects with TesseraAbortError when aborted before, during a request or during a retry wait', async () => {
    const tessera = client();
    await expect(tessera.payments.retrieve('pay_1', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(TesseraAbortError);

    server.use(http.get(`${API}/payments/slow`, async () => {
      await delay('infinite');
      return HttpResponse.json(succeededPayment);
    }));
    const controller = new AbortController();
    const slow = tessera.payments.retrieve('slow', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(recorder.sent.some((sent) => sent.url.pathname.endsWith('/slow'))).toBe(true));
    controller.abort();
    expect(await slow).toBeInstanceOf(TesseraAbortError);

    vi.useFakeTimers();
    server.use(http.get(`${API}/payments/limited`, () => HttpResponse.json(errorBody('rate_limited', 'wait'), { status: 429, headers: { 'retry-after': '20' } })));
    const waiting = new AbortController();
    const limited = tessera.payments.retrieve('limited', { signal: waiting.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const before = recorder.sent.length;
    waiting.abort();
    expect(await limited).toBeInstanceOf(TesseraAbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recorder.sent).toHaveLength(before);
  });
});

describe('the fetch of each attempt', () => {
  it('gives a custom fetch one Request per attempt with the method, headers and JSON body', async () => {
    vi.useFakeTimers();
    const requests: Request[] = [];
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (request: Request) => {
      requests.push(request);
      bodies.push(await request.json());
      return requests.length === 1 ? Response.json(errorBody('service_unavailable', 'down'), { status: 503 }) : Response.json({ payment: succeededPayment });
    });
    await settle(new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, fetch }).payments.process(purchase, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request).toBeInstanceOf(Request);
      expect(request.method).toBe('POST');
      expect(request.url).toBe(`${API}/payments/process`);
      expect(request.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
      expect(request.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
    expect(requests[0]!.headers.get('idempotency-key')).toBe(requests[1]!.headers.get('idempotency-key'));
    expect(bodies).toEqual([purchase, purchase]);
  });

  it('times out, and aborts, a fetch that ignores its signal', async () => {
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(async (request: Request) => {
      signals.push(request.signal);
      return new Promise<Response>(() => undefined);
    });
    const tessera = new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, fetch, timeoutMs: 20 });
    await expect(tessera.payments.retrieve('pay_1', { maxRetries: 1 })).rejects.toBeInstanceOf(TesseraTimeoutError);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    const controller = new AbortController();
    const aborted = tessera.payments.retrieve('pay_1', { timeoutMs: 60_000, signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    controller.abort();
    expect(await aborted).toBeInstanceOf(TesseraAbortError);
    expect(signals[2]!.aborted).toBe(true);
  });

  it('does not retry an error from fetch that is not a network failure, and reports it as a connection error', async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Headers.append: "a\nb" is an invalid header value.')));
    const error = await new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, fetch }).payments.retrieve('pay_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraConnectionError);
    expect((error as TesseraConnectionError).cause).toBeInstanceOf(TypeError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the status of an error whose JSON body does not parse, and reads text bodies in their charset', async () => {
    const tessera = client({ maxRetries: 0 });
    server.use(http.get(`${API}/payments/p1`, () => new HttpResponse('{"error":', { status: 500, headers: { 'content-type': 'application/json' } })));
    await expect(tessera.payments.retrieve('p1')).rejects.toMatchObject({ status: 500, code: 'server_error', message: 'HTTP 500 Internal Server Error', body: undefined });
    const latin1 = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x66, 0x65, 0x72, 0x6d, 0xe9]); // "café fermé" in ISO-8859-1
    server.use(http.get(`${API}/payments/p2`, () => new HttpResponse(latin1, { status: 503, headers: { 'content-type': 'text/plain; charset=iso-8859-1' } })));
    await expect(tessera.payments.retrieve('p2')).rejects.toMatchObject({ status: 503, message: 'café fermé' });
  });
});

describe('secrets', () => {
  it('never puts the API key in an error message, toJSON or inspect output, even when the server echoes it', async () => {
    vi.useFakeTimers();
    const tessera = client();
    server.use(http.get(`${API}/payments/p401`, () => HttpResponse.text(`bad key Bearer ${API_KEY}`, { status: 401 })));
    server.use(http.get(`${API}/payments/down`, () => HttpResponse.error()));
    server.use(http.get(`${API}/payments/bad`, () => HttpResponse.json({ id: 1 })));
    // Echoed inside a JSON body, in field messages, and straddling the point where long messages are cut.
    server.use(
      http.get(`${API}/payments/p400`, () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: `${'x'.repeat(490)} ${API_KEY}`, fields: [{ field: 'key', code: 'invalid', message: `got ${API_KEY}` }] }, received: API_KEY },
          { status: 400 },
        ),
      ),
    );
    const errors = [
      await tessera.payments.retrieve('p401').catch((e: unknown) => e),
      await settle(tessera.payments.retrieve('down')).catch((e: unknown) => e),
      await tessera.payments.retrieve('bad').catch((e: unknown) => e),
      await tessera.payments.retrieve('p400').catch((e: unknown) => e),
    ];
    for (const error of errors) {
      expect(TesseraError.isInstance(error)).toBe(true);
      const texts = [String(error), JSON.stringify(error), inspect(error, { depth: Infinity, showHidden: true }), (error as Error).stack ?? ''];
      for (const text of texts) expect(text).not.toContain(API_KEY);
      if (error instanceof TesseraApiError) expect(JSON.stringify(error.body) ?? '').not.toContain(API_KEY.slice(0, 12));
    }
    expect((errors[0] as TesseraApiError).message).toMatch(/^bad key Bearer \[redacted\]\. Check the key/);
    expect(inspect(tessera, { depth: Infinity, showHidden: true })).not.toContain(API_KEY);
    expect(inspect(tessera.payments, { depth: Infinity, showHidden: true })).not.toContain(API_KEY);
    expect(JSON.stringify(tessera)).not.toContain(API_KEY);
    expect(Object.values(tessera).map((value) => inspect(value, { depth: Infinity })).join()).not.toContain(API_KEY);
  });

  it('logs request, retry and response events with secret headers redacted', async () => {
    vi.useFakeTimers();
    const events: TesseraLogEvent[] = [];
    server.use(
      sequence('post', '/payments/process', [
        () => HttpResponse.json(errorBody('service_unavailable', 'down'), { status: 503, headers: { 'x-request-id': 'req_a' } }),
        () => HttpResponse.json({ payment: succeededPayment }, { headers: { 'x-request-id': 'req_b' } }),
      ]),
    );
    await settle(client({ logger: (event) => events.push(event) }).payments.process(purchase, { headers: { Cookie: 'session=1' } }));
    expect(events.map((event) => `${event.type}:${event.retryCount}`)).toEqual(['request:0', 'response:0', 'retry:1', 'request:1', 'response:1']);
    expect(events[0]).toMatchObject({ method: 'POST', url: `${API}/payments/process`, headers: { authorization: '[redacted]', cookie: '[redacted]' } });
    expect(events[1]).toMatchObject({ status: 503, requestId: 'req_a' });
    expect(events[2]).toMatchObject({ reason: 'status 503' });
    expect(events[4]).toMatchObject({ status: 200, requestId: 'req_b' });
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });
});
