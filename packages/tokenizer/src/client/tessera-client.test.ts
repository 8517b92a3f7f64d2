import { CHECKOUT_PAYMENT_TOKEN_HEADER, TesseraAbortError, TesseraValidationError, toConfirmablePayment, type CheckoutPayRequest, type Payment } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import { TesseraConfigurationError } from '../errors/errors.js';
import { TesseraCheckoutError } from './checkout-error.js';
import { createTessera } from './tessera-client.js';

// The browser client's pay() against a fake merchant handler (a fetch double): what it sends, how it resends, what it
// refuses before sending, and how the handler's errors reach the page. The whole path against the real handler and
// sandbox runs in Chromium (checkout-client.browser.test.ts).
const payment = (fields: Partial<Payment>) => toConfirmablePayment({ id: 'pay_1', amount: 2400, currency: 'USD', status: 'succeeded', subStatus: 'approved', requireAction: 'none', ...fields });
const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch double answering each request with the next of `answers`, and what it was sent. */
function handler(...answers: (() => Promise<Response>)[]) {
  const sent: Sent[] = [];
  // The client calls fetch(url string, { method, headers, body: a JSON string }).
  const fetch = vi.fn((input: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => {
    sent.push({ method: init?.method ?? 'GET', url: input, headers: init?.headers ?? {}, body: init?.body === undefined ? undefined : JSON.parse(init.body) });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const tokenized = { serviceToken: 'svc_token_1' };

describe('createTessera().pay', () => {
  it('sends the order reference, the token and the customer, never an amount, and resolves with the final status', async () => {
    const { fetch, sent } = handler(() => answer(201, { payment: payment({}), paymentToken: 'pt_1' }));
    const tessera = createTessera({ environment: 'local', fetch });
    const result = await tessera.pay({ tokenized, orderRef: 'cart_42', customer: { email: 'ada@example.com' } });
    expect(result).toMatchObject({ status: 'succeeded', payment: { id: 'pay_1', amount: 2400 } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/tessera/payments', headers: { 'content-type': 'application/json' } });
    const body = sent[0]!.body as CheckoutPayRequest;
    expect(body).toEqual({ orderRef: 'cart_42', serviceToken: 'svc_token_1', attempt: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), customer: { email: 'ada@example.com' } });
  });

  it('resends the same attempt after a lost answer or a 503, so the handler makes one payment', async () => {
    const { fetch, sent } = handler(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => answer(503, { error: { code: 'service_error', message: 'try again' } }),
      () => answer(201, { payment: payment({}), paymentToken: 'pt_1' }),
    );
    const result = await createTessera({ environment: 'local', fetch }).pay({ tokenized, orderRef: 'cart_42' });
    expect(result.status).toBe('succeeded');
    expect(sent.map((request) => (request.body as CheckoutPayRequest).attempt)).toEqual(Array(3).fill((sent[0]!.body as CheckoutPayRequest).attempt));
  });

  it('gives up after two resends with a TesseraCheckoutError saying where it called', async () => {
    const { fetch, sent } = handler(...Array.from({ length: 3 }, () => () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await createTessera({ environment: 'local', fetch }).pay({ tokenized, orderRef: 'cart_42' }).catch((thrown: unknown) => thrown);
    expect(TesseraCheckoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'checkout_error', reason: 'connection_error', status: 0 });
    expect((error as Error).message).toContain('POST /api/tessera/payments');
    expect(sent).toHaveLength(3);
  });

  it('rejects with a TesseraAbortError when its signal aborts, during a request or while waiting to resend, and sends nothing more', async () => {
    const during = new AbortController();
    const hung = handler(() => new Promise<Response>((_, reject) => during.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const first = createTessera({ environment: 'local', fetch: hung.fetch }).pay({ tokenized, orderRef: 'cart_42', signal: during.signal }).catch((thrown: unknown) => thrown);
    during.abort();
    expect(TesseraAbortError.isInstance(await first)).toBe(true);
    expect(hung.sent).toHaveLength(1);

    const waiting = new AbortController();
    const lost = handler(() => Promise.reject(new TypeError('Failed to fetch')));
    const second = createTessera({ environment: 'local', fetch: lost.fetch }).pay({ tokenized, orderRef: 'cart_42', signal: waiting.signal }).catch((thrown: unknown) => thrown);
    await vi.waitFor(() => expect(lost.sent).toHaveLength(1));
    waiting.abort();
    expect(TesseraAbortError.isInstance(await second)).toBe(true);
    expect(lost.sent).toHaveLength(1);
  });

  it('an abort while the answer is being read (usePay’s cancel()) is a TesseraAbortError, and the next pay() resends the same attempt', async () => {
    const controller = new AbortController();
    // The handler answered 201; the page aborts before its body has arrived, which fails the read.
    const body = new ReadableStream({ start: (stream) => controller.signal.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError'))) });
    const { fetch, sent } = handler(
      () => Promise.resolve(new Response(body, { status: 201, headers: { 'content-type': 'application/json' } })),
      () => answer(201, { payment: payment({}), paymentToken: 'pt_1' }),
    );
    const tessera = createTessera({ environment: 'local', fetch });
    const first = tessera.pay({ tokenized, orderRef: 'cart_42', signal: controller.signal }).catch((thrown: unknown) => thrown);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    expect(TesseraAbortError.isInstance(await first)).toBe(true);
    await expect(tessera.pay({ tokenized, orderRef: 'cart_42' })).resolves.toMatchObject({ status: 'succeeded' });
    expect((sent[1]!.body as CheckoutPayRequest).attempt).toBe((sent[0]!.body as CheckoutPayRequest).attempt);
  });

  it('after a pay() whose answer never came, the next pay() for the order resends that request unchanged (same attempt, same card): one payment', async () => {
    const { fetch, sent } = handler(
      ...Array.from({ length: 3 }, () => () => Promise.reject(new TypeError('Failed to fetch'))),
      () => answer(201, { payment: payment({}), paymentToken: 'pt_1' }),
      () => answer(402, { error: { code: 'card_refused', message: 'The card was refused: try another card.' } }),
      () => answer(201, { payment: payment({ id: 'pay_2' }), paymentToken: 'pt_2' }),
    );
    const tessera = createTessera({ environment: 'local', fetch });
    await expect(tessera.pay({ tokenized, orderRef: 'cart_42' })).rejects.toMatchObject({ reason: 'connection_error' });
    // The customer clicks again (another card typed meanwhile): the first request may have paid, so it goes again as it was.
    await expect(tessera.pay({ tokenized: { serviceToken: 'svc_token_2' }, orderRef: 'cart_42' })).resolves.toMatchObject({ status: 'succeeded' });
    expect(sent[3]!.body).toEqual(sent[0]!.body);
    // Answered: the next payment of the order is a new attempt; a refusal made no payment, so the one after is new too.
    await expect(tessera.pay({ tokenized: { serviceToken: 'svc_token_2' }, orderRef: 'cart_42' })).rejects.toMatchObject({ reason: 'card_refused' });
    await tessera.pay({ tokenized: { serviceToken: 'svc_token_3' }, orderRef: 'cart_42' });
    const [refused, fresh] = sent.slice(4).map((request) => request.body as CheckoutPayRequest);
    expect(refused).toMatchObject({ serviceToken: 'svc_token_2' });
    expect(refused!.attempt).not.toBe((sent[0]!.body as CheckoutPayRequest).attempt);
    expect(fresh).toMatchObject({ serviceToken: 'svc_token_3' });
    expect(fresh!.attempt).not.toBe(refused!.attempt);
  });

  it('after a payment answer it cannot read (null, an array, no token), the next pay() resends the same attempt: typed error, never a second payment', async () => {
    for (const unreadable of [null, [], { payment: payment({}) }, { payment: payment({}), paymentToken: 42 }, { payment: { ...payment({}), id: 7 }, paymentToken: 'pt_1' }]) {
      const { fetch, sent } = handler(() => answer(201, unreadable), () => answer(201, { payment: payment({}), paymentToken: 'pt_1' }));
      const tessera = createTessera({ environment: 'local', fetch });
      const error = await tessera.pay({ tokenized, orderRef: 'cart_42' }).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ name: 'TesseraCheckoutError', reason: 'invalid_answer' });
      await expect(tessera.pay({ tokenized, orderRef: 'cart_42' })).resolves.toMatchObject({ status: 'succeeded' });
      expect((sent[1]!.body as CheckoutPayRequest).attempt).toBe((sent[0]!.body as CheckoutPayRequest).attempt);
    }
  });

  it('after a payment made whose outcome it could not learn (no answer to continue it), the next pay() for the order picks up that payment: same attempt, no second one', async () => {
    const processing = () => answer(201, { payment: payment({ status: 'processing', subStatus: null }), paymentToken: 'pt_1' });
    const { fetch, sent } = handler(
      processing,
      ...Array.from({ length: 3 }, () => () => Promise.reject(new TypeError('Failed to fetch'))),
      processing,
      () => answer(200, { payment: payment({}), paymentToken: 'pt_1' }),
    );
    const tessera = createTessera({ environment: 'local', fetch });
    await expect(tessera.pay({ tokenized, orderRef: 'cart_42', polling: { intervalMs: 1 } })).rejects.toMatchObject({ reason: 'connection_error' });
    await expect(tessera.pay({ tokenized: { serviceToken: 'svc_token_2' }, orderRef: 'cart_42', polling: { intervalMs: 1 } })).resolves.toMatchObject({ status: 'succeeded', payment: { id: 'pay_1' } });
    expect(sent[4]!.body).toEqual(sent[0]!.body);
  });

  it('an abort while the payment is processing keeps it for the next pay(); one while it waits on the customer (a challenge) does not', async () => {
    const challenged = payment({
      status: 'pending',
      subStatus: null,
      requireAction: 'threeds_auth',
      requireActionData: { type: 'threeds_auth', metadata: { threedsSession: { externalSessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_1', messageVersion: '2.2.0' } } },
    });
    for (const [first, kept] of [[payment({ status: 'processing', subStatus: null }), true], [challenged, false]] as const) {
      const controller = new AbortController();
      const { fetch, sent } = handler(
        () => {
          // The page aborts once the payment is made (the customer leaves, or usePay's cancel()).
          controller.abort();
          return answer(201, { payment: first, paymentToken: 'pt_1' });
        },
        () => answer(201, { payment: payment({}), paymentToken: 'pt_1' }),
      );
      const tessera = createTessera({ environment: 'local', fetch });
      await expect(tessera.pay({ tokenized, orderRef: 'cart_42', signal: controller.signal })).rejects.toSatisfy((error) => TesseraAbortError.isInstance(error));
      await tessera.pay({ tokenized: { serviceToken: 'svc_token_2' }, orderRef: 'cart_42' });
      expect((sent[1]!.body as CheckoutPayRequest).attempt === (sent[0]!.body as CheckoutPayRequest).attempt).toBe(kept);
    }
  });

  it('refuses a returnUrl that is not a path of this page or an https URL before anything is sent', async () => {
    const { fetch, sent } = handler();
    const tessera = createTessera({ environment: 'local', fetch });
    for (const returnUrl of ['javascript:alert(1)', 'data:text/html,hi', 'http://shop.example/return', '//evil.example/return', '/\\evil.example/return', '/\t/evil.example', 'return']) {
      await expect(tessera.pay({ tokenized, orderRef: 'cart_42', returnUrl })).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'returnUrl' }] });
    }
    expect(sent).toEqual([]);
  });

  it('makes one payment for a double click: the second call for the order gets the first one\'s promise', async () => {
    const { fetch, sent } = handler(() => answer(201, { payment: payment({}), paymentToken: 'pt_1' }));
    const tessera = createTessera({ environment: 'local', fetch });
    const [first, second] = await Promise.all([tessera.pay({ tokenized, orderRef: 'cart_42' }), tessera.pay({ tokenized, orderRef: 'cart_42' })]);
    expect(second).toBe(first);
    expect(sent).toHaveLength(1);
  });

  it('runs one payment at a time: a call for another order while one runs (a double click on a page that names a new order each click) is refused before anything is sent', async () => {
    const { fetch, sent } = handler(
      () => answer(201, { payment: payment({}), paymentToken: 'pt_1' }),
      () => answer(201, { payment: payment({ id: 'pay_2' }), paymentToken: 'pt_2' }),
    );
    const tessera = createTessera({ environment: 'local', fetch });
    const first = tessera.pay({ tokenized, orderRef: 'cart_42' });
    await expect(tessera.pay({ tokenized, orderRef: 'cart_43' })).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'orderRef', code: 'payment_in_progress' }] });
    await expect(first).resolves.toMatchObject({ status: 'succeeded' });
    expect(sent).toHaveLength(1);
    await expect(tessera.pay({ tokenized, orderRef: 'cart_43' })).resolves.toMatchObject({ payment: { id: 'pay_2' } });
  });

  it('continues, then polls, a payment still processing, each with its token, until it is final', async () => {
    const { fetch, sent } = handler(
      () => answer(201, { payment: payment({ status: 'processing', subStatus: null }), paymentToken: 'pt_1' }),
      () => answer(200, { payment: payment({ status: 'processing', subStatus: null }), paymentToken: 'pt_1' }),
      () => answer(200, { payment: payment({ status: 'declined', subStatus: 'declined' }), paymentToken: 'pt_1' }),
    );
    const result = await createTessera({ environment: 'local', fetch }).pay({ tokenized, orderRef: 'cart_42', polling: { intervalMs: 1, timeoutMs: 5000 } });
    expect(result.status).toBe('declined');
    const token = expect.objectContaining({ [CHECKOUT_PAYMENT_TOKEN_HEADER]: 'pt_1' });
    expect(sent.slice(1)).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/tessera/payments/pay_1/continue', headers: token, body: {} }),
      expect.objectContaining({ method: 'GET', url: '/api/tessera/payments/pay_1', headers: token }),
    ]);
  });

  it("turns the handler's error answer into a TesseraCheckoutError with its code, message and fields", async () => {
    const { fetch } = handler(() => answer(404, { error: { code: 'unknown_order', message: 'This order cannot be paid: reload the page.' } }));
    const error = await createTessera({ environment: 'local', fetch }).pay({ tokenized, orderRef: 'cart_gone' }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'TesseraCheckoutError', reason: 'unknown_order', status: 404, message: 'This order cannot be paid: reload the page.', fields: [] });
  });

  it("keeps only the handler's field errors that are field errors (an answer's fields of another shape never reach the page)", async () => {
    const named = { field: 'customer.email', code: 'invalid', message: 'must be an email address' };
    const { fetch } = handler(() => answer(400, { error: { code: 'invalid_request', message: 'Check the form.', fields: [null, 42, 'customer.email', { field: { toString: 1 } }, named] } }));
    const error = await createTessera({ environment: 'local', fetch }).pay({ tokenized, orderRef: 'cart_42' }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ reason: 'invalid_request', status: 400, fields: [named] });
  });

  it('says the handler is not mounted when something else answers', async () => {
    const { fetch } = handler(() => Promise.resolve(new Response('<h1>Not found</h1>', { status: 404 })));
    const error = await createTessera({ environment: 'local', fetch, basePath: '/checkout-api' }).pay({ tokenized, orderRef: 'cart_42' }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ reason: 'invalid_answer', status: 404 });
    expect((error as Error).message).toContain('/checkout-api');
  });

  it('refuses a bad order reference or no card before anything is sent', async () => {
    const { fetch, sent } = handler();
    const tessera = createTessera({ environment: 'local', fetch });
    await expect(tessera.pay({ tokenized, orderRef: '' })).rejects.toMatchObject({ fields: [{ field: 'orderRef' }] });
    await expect(tessera.pay({ tokenized, orderRef: 'cart 42' })).rejects.toBeInstanceOf(TesseraValidationError);
    await expect(tessera.pay({ orderRef: 'cart_42' } as never)).rejects.toMatchObject({ fields: [{ field: 'fields', code: 'required' }] });
    expect(sent).toEqual([]);
  });

  it('takes the environment once: the vault connection it hands to the standalone functions, and a base path of this origin or https', () => {
    const tessera = createTessera({ environment: 'local' });
    expect(tessera.environment).toBe('local');
    expect(tessera.vault).toMatchObject({ environment: 'local', vaultUrl: 'http://localhost:4010' });
    expect(() => createTessera({ environment: 'local', basePath: 'api/tessera' })).toThrow(TesseraConfigurationError);
    expect(() => createTessera({ environment: 'local', basePath: '//evil.example/api' })).toThrow(/basePath/);
    // Paths the URL parser reads as another host: a backslash, or a tab or newline it drops.
    for (const basePath of ['/\\evil.example/api', '/\t/evil.example/api', '/\n/evil.example/api']) expect(() => createTessera({ environment: 'local', basePath })).toThrow(/basePath/);
    expect(() => createTessera({ environment: 'local', basePath: 'http://shop.example/api' })).toThrow(/https/);
    expect(createTessera({ environment: 'local', basePath: 'http://localhost:3000/api/tessera' }).environment).toBe('local');
    expect(() => createTessera({ environment: 'staging' as never })).toThrow(TesseraConfigurationError);
    // Where 3DS pages load from: refused at once, not at the first challenge (after the payment was made).
    expect(() => createTessera({ environment: 'local', sdkBaseUrl: 'http://3ds.example.com' })).toThrow(/sdkBaseUrl/);
  });
});
