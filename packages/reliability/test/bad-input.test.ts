import { decodeServiceToken, TesseraError, validateCard } from '@tessera/core';
import { Tessera, type TesseraLogEvent } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// A corpus of malformed inputs through core, the tokenizer and the server client: every one must end in a typed
// error (or, for validateCard, a result listing the errors), with zero network calls, and no card number, CVC or
// API key in any message, serialized error or log line.
const PAN = '4242424242424242';
const CVC = '987';
const API_KEY = 'sk_test_reliability_secret_key_0123456789';

// Nothing is registered: any request that reaches the network fails the test.
const network = setupServer();
let requests = 0;
const requestUrls: string[] = [];
network.events.on('request:start', ({ request }) => {
  requests++;
  requestUrls.push(`${request.method} ${request.url}`);
});
beforeAll(() => network.listen({ onUnhandledFrame: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

const huge = 'x'.repeat(1_000_000);
const pathIds = ['../x', '..', 'a/b', 'a?b=1', 'a#b', '%2e%2e', 'a b', '', ' ', 'é', 'a\u0000b', 'x'.repeat(300), '../../admin', 'pay_1/../../x', '?', '#', '/', '\\', 'a\nb', 'a.b'];
// The ids no URL path can hold (the document says only "string", so every other id is valid and sent encoded).
const refusedIds = ['', '.', '..', 'a\uD800b', '\uDC00'];
const wrongTypes: unknown[] = [null, undefined, 0, -1, 1.5, Number.NaN, Infinity, true, [], {}, () => 1, Symbol('s'), 10n, new Date(), huge];
const pollution = [JSON.parse('{"__proto__":{"polluted":true}}'), JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'), { prototype: { polluted: true } }];

const badCards: unknown[] = [
  ...wrongTypes,
  ...pollution,
  { cardNumber: PAN },
  { cardNumber: PAN, expiryDate: '12/30' },
  { cardNumber: `${PAN.slice(0, -1)}1`, expiryDate: '12/30', cvc: CVC },
  { cardNumber: `${PAN}0000`, expiryDate: '12/30', cvc: CVC },
  { cardNumber: PAN.slice(0, 10), expiryDate: '12/30', cvc: CVC },
  { cardNumber: `${PAN}a`, expiryDate: '12/30', cvc: CVC },
  { cardNumber: Number(PAN), expiryDate: '12/30', cvc: CVC },
  { cardNumber: PAN, expiryDate: '13/30', cvc: CVC },
  { cardNumber: PAN, expiryDate: '00/30', cvc: CVC },
  { cardNumber: PAN, expiryDate: '12/19', cvc: CVC },
  { cardNumber: PAN, expiryDate: '12/2099', cvc: CVC },
  { cardNumber: PAN, expiryDate: '1230', cvc: CVC },
  { cardNumber: PAN, expiryDate: 1230, cvc: CVC },
  { cardNumber: PAN, expiryDate: '12/30', cvc: '12' },
  { cardNumber: PAN, expiryDate: '12/30', cvc: '12345' },
  { cardNumber: PAN, expiryDate: '12/30', cvc: 'abc' },
  { cardNumber: PAN, expiryDate: '12/30', cvc: 987 },
  { cardNumber: '378282246310005', expiryDate: '12/30', cvc: CVC },
  { cardNumber: PAN, expiryDate: '12/30', cvc: CVC, cardholderName: huge },
  { cardNumber: PAN, expiryDate: '12/30', cvc: CVC, cardholderName: 42 },
  { cardNumber: huge, expiryDate: huge, cvc: huge },
  ...pathIds.map((cardNumber) => ({ cardNumber, expiryDate: '12/30', cvc: CVC })),
];

const b64 = (value: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(value)));
const envelope = { type: 'card', token: 'tok_1', provider: 'vault' };
const badTokens: unknown[] = [
  ...wrongTypes,
  '',
  '   ',
  'not base64!',
  '%%%',
  b64('not json'),
  b64('[]'),
  b64('null'),
  b64('42'),
  b64('"string"'),
  b64(JSON.stringify({ ...envelope, type: 'paypal' })),
  b64(JSON.stringify({ ...envelope, token: '' })),
  b64(JSON.stringify({ type: 'card' })),
  b64(JSON.stringify({ ...envelope, cardNumber: PAN })),
  b64(JSON.stringify({ ...envelope, pan: PAN })),
  b64(JSON.stringify({ ...envelope, cvc: CVC })),
  b64(JSON.stringify({ ...envelope, nonSensitiveMetadata: { cvv: CVC } })),
  b64(JSON.stringify({ ...envelope, nonSensitiveMetadata: { issuer: { card_number: PAN } } })),
  b64(JSON.stringify({ ...envelope, list: [{ securityCode: CVC }] })),
  b64(JSON.stringify({ ...envelope, nonSensitiveMetadata: { last4: 4242 } })),
  b64(JSON.stringify({ ...envelope, nonSensitiveMetadata: { expiryMonth: '12' } })),
  b64(JSON.stringify({ ...envelope, nonSensitiveMetadata: { authentication: true } })),
  b64('{"__proto__":{"polluted":true},"type":"card"}'),
  b64(`{"type":"card","token":"${'a'.repeat(5000)}","provider":"v"}`),
  huge,
  `${b64(JSON.stringify(envelope))}!!`,
  '\u0000\u0001',
];

const purchase = { amount: 1999, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' };
const badPurchases: unknown[] = [
  ...wrongTypes,
  // Unknown fields pass through; these carry one certainly wrong field and must not pollute any prototype.
  ...pollution.map((p) => ({ ...purchase, ...p, amount: -1 })),
  { ...purchase, amount: 19.99 },
  { ...purchase, amount: -1 },
  { ...purchase, amount: '1999' },
  { ...purchase, amount: 2 ** 53 },
  { ...purchase, amount: Number.NaN },
  { ...purchase, currency: 'usd' },
  { ...purchase, currency: 'US' },
  { ...purchase, currency: huge },
  { ...purchase, currency: 'XYZ' },
  { ...purchase, currency: 'EURO' },
  { ...purchase, initiatedBy: 'merchant' },
  { ...purchase, initiatedBy: 'robot' },
  { ...purchase, reasonType: 'whenever' },
  { ...purchase, cardNumber: PAN },
  { ...purchase, cvc: CVC },
  { ...purchase, metadata: { card: { pan: PAN } } },
  { ...purchase, metadata: [{ cvv2: CVC }] },
  ...refusedIds.map((paymentInstrumentId) => ({ ...purchase, paymentInstrumentId })),
  ...refusedIds.map((storeId) => ({ ...purchase, storeId })),
  ...refusedIds.map((threedsSessionId) => ({ ...purchase, threedsSessionId })),
];
const badRefunds: unknown[] = [
  ...wrongTypes,
  { paymentId: 'pay_1', storeId: 'store_1', amount: 1.5 },
  { paymentId: 'pay_1', storeId: 'store_1', amount: -100 },
  { paymentId: 'pay_1', storeId: 'store_1', amount: '100' },
  // No payment id at all (the published API needs only paymentId; storeId is optional).
  { storeId: 'store_1' },
  { paymentId: 'pay_1', storeId: 'store_1', cvc: CVC },
  ...refusedIds.map((paymentId) => ({ paymentId, storeId: 'store_1' })),
  ...refusedIds.map((storeId) => ({ paymentId: 'pay_1', storeId })),
];

function assertClean(text: string): void {
  expect(text).not.toContain(PAN);
  expect(text).not.toContain(CVC);
  expect(text).not.toContain(API_KEY);
}

function expectTypedError(error: unknown): void {
  expect(TesseraError.isInstance(error), `not a TesseraError: ${String(error)}`).toBe(true);
  const typed = error as TesseraError;
  expect(typeof typed.code).toBe('string');
  assertClean(typed.message);
  assertClean(JSON.stringify(typed));
}

async function expectRejects(call: () => unknown): Promise<void> {
  try {
    await call();
  } catch (error) {
    expectTypedError(error);
    return;
  }
  throw new Error('expected a typed error');
}

describe('bad input corpus', () => {
  const logs: TesseraLogEvent[] = [];
  const tessera = new Tessera({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:4010', maxRetries: 0, logger: (event) => logs.push(event) });
  const tokenizer = createTokenizer({ environment: 'local' });
  let checked = 0;

  it('has at least 200 inputs', () => {
    expect(badCards.length + badTokens.length + badPurchases.length * 2 + badRefunds.length + refusedIds.length * 3).toBeGreaterThanOrEqual(200);
  });

  // Each part of the corpus is a test, and the last test runs them all again itself: it relies on no other test.
  const checkCore = (): void => {
    for (const card of badCards) {
      const result = validateCard(card);
      expect(result.ok).toBe(false);
      assertClean(JSON.stringify(result));
      checked++;
    }
    for (const token of badTokens) {
      try {
        decodeServiceToken(token as string);
        throw new Error('decoded a bad token');
      } catch (error) {
        expectTypedError(error);
      }
      checked++;
    }
  };
  it('core: validateCard reports errors without throwing; decodeServiceToken throws only its typed error', checkCore);

  const checkTokenizer = async (): Promise<void> => {
    for (const card of badCards) {
      await expectRejects(() => tokenizer.tokenizeCard(card as never));
      checked++;
    }
    for (const walletToken of [null, undefined, '', '   ', 42, true]) {
      await expectRejects(() => tokenizer.tokenizeApplePay(walletToken as never));
      await expectRejects(() => tokenizer.tokenizeGooglePay(walletToken as never));
      checked += 2;
    }
  };
  it('tokenizer: rejects every bad card and wallet token before sending anything', checkTokenizer);

  const checkServer = async (): Promise<void> => {
    for (const body of badPurchases) {
      await expectRejects(() => tessera.payments.purchase(body as never));
      await expectRejects(() => tessera.payments.process({ ...(body as object), mode: 'purchase' } as never));
      checked += 2;
    }
    for (const body of badRefunds) {
      await expectRejects(() => tessera.payments.refund(body as never));
      checked++;
      // A void has no amount: an amount it does not know is passed through, not refused.
      if (typeof body === 'object' && body !== null && 'amount' in body) continue;
      await expectRejects(() => tessera.payments.void(body as never));
      checked++;
    }
    for (const token of badTokens.slice(0, 20)) {
      await expectRejects(() => tessera.paymentInstruments.createFromToken({ serviceToken: token, storeId: '../x' } as never));
      checked++;
    }
    for (const id of refusedIds) {
      await expectRejects(() => tessera.payments.retrieve(id));
      await expectRejects(() => tessera.paymentInstruments.retrieve(id));
      await expectRejects(() => tessera.customers.listPaymentInstruments(id));
      checked += 3;
    }
    await expectRejects(() => tessera.payments.waitForFinalStatus('..'));
    checked++;
  };
  it('server: rejects every bad request body and id before sending anything', checkServer);

  it('sent nothing, polluted nothing, logged nothing secret', async () => {
    checked = 0;
    requests = 0;
    requestUrls.length = 0;
    logs.length = 0;
    checkCore();
    await checkTokenizer();
    await checkServer();
    console.log(`bad input: ${checked} malformed inputs checked, ${requests} network requests`);
    expect(checked).toBeGreaterThanOrEqual(200);
    expect(requestUrls).toEqual([]);
    expect(requests).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    assertClean(JSON.stringify(logs));
  });
});

describe('ids the document allows', () => {
  it('are sent percent-encoded, each inside its one path segment: "../", "?", "#" never change the path', async () => {
    const seen: string[] = [];
    network.use(
      http.all('*', ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({ id: 'pay_1', amount: 1, currency: 'USD', status: 'succeeded' });
      }),
    );
    const tessera = new Tessera({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:4010', maxRetries: 0 });
    const sent = pathIds.filter((id) => !refusedIds.includes(id));
    for (const id of sent) await tessera.payments.retrieve(id);
    expect(seen).toHaveLength(sent.length);
    seen.forEach((href, index) => {
      const url = new URL(href);
      expect(url.origin).toBe('http://127.0.0.1:4010');
      expect(url.pathname.startsWith('/api/public/v1/payments/')).toBe(true);
      const segments = url.pathname.slice('/api/public/v1/payments/'.length).split('/');
      expect(segments).toHaveLength(1);
      expect(decodeURIComponent(segments[0] ?? '')).toBe(sent[index]);
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
    });
  });
});
