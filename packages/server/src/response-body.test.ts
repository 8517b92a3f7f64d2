import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY } from '../test/fixtures.js';
import { Tessera, TesseraError, TesseraResponseValidationError } from './index.js';

// A raw node:http fake (not the sandbox): every request is answered with `reply`, whatever the path.
interface Reply {
  status: number;
  body: string;
}
let reply: Reply = { status: 200, body: '{}' };
const received: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', idempotencyKey: request.headers['idempotency-key'] as string | undefined });
      if (reply.status === 204) response.writeHead(204).end();
      else response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const tessera = (): Tessera => new Tessera({ apiKey: API_KEY, baseUrl, maxRetries: 2 });

const EMPTY: Reply = { status: 200, body: '{}' };
const OK: Reply = { status: 200, body: '{"ok":true}' };
const NO_CONTENT: Reply = { status: 204, body: '' };
const parsedBody = (answer: Reply): unknown => (answer.body === '' ? undefined : JSON.parse(answer.body));

const flowInput = {
  name: 'Flow',
  strategy: 'simple',
  fallbackMode: false,
  maxFallbackRetries: 0,
  threeDsEnabled: false,
  stickyProcessorEnabled: false,
  pickProcessorStrategy: 'weighted',
  processorConfigs: [{ processorId: 'proc_1', weight: 100, disabled: false, nonStickable: false }],
  fallbackProcessorConfigs: [],
  abuseDetectionConfig: null,
};
const storeInput = { name: 'Shop', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'] };
const productInput = {
  storeId: 'store_1',
  name: 'Plan',
  active: true,
  variants: [
    {
      name: 'Monthly',
      sku: 'M',
      grams: 0,
      price: 100,
      compareAtPrice: 100,
      active: true,
      default: true,
      prices: [{ currencyOptions: { USD: { amount: 100 } }, recurring: true, interval: 'month' as const, intervalCount: 1, billingTiming: 'in_advance', default: true }],
    },
  ],
};
const checkoutInput = { storeId: 'store_1', items: [{ variantId: 'var_1', quantity: 1 }], currency: 'USD', checkoutUrl: 'https://shop.test/checkout' };

// Operations whose response body the interface document does not show: every 2xx is returned, with `raw`.
const undocumented: Array<{ name: string; call: (client: Tessera) => Promise<{ raw: unknown } & Record<string, unknown>>; key: string; wrapped: unknown }> = [
  { name: 'payments.void', call: (c) => c.payments.void({ paymentId: 'pay_1', storeId: 'store_1' }), key: 'payment', wrapped: { payment: { id: 'pay_1', status: 'voided' } } },
  { name: 'payments.refund', call: (c) => c.payments.refund({ paymentId: 'pay_1', storeId: 'store_1' }), key: 'payment', wrapped: { payment: { id: 'pay_1', status: 'refunded', refundId: 're_1' } } },
  {
    name: 'paymentInstruments.retrieve',
    call: (c) => c.paymentInstruments.retrieve('pi_1'),
    key: 'paymentInstrument',
    wrapped: { paymentInstrument: { id: 'pi_1', type: 'card', customerId: 'cus_1' } },
  },
  { name: 'processors.archive', call: (c) => c.processors.archive(['proc_1']), key: 'archived', wrapped: { archived: ['proc_1'] } },
  { name: 'paymentFlows.create', call: (c) => c.paymentFlows.create(flowInput), key: 'paymentFlow', wrapped: { data: { id: 'flow_1', name: 'Flow' } } },
  { name: 'stores.create', call: (c) => c.stores.create(storeInput), key: 'store', wrapped: { store: { id: 'store_1', name: 'Shop', baseCurrency: 'USD' } } },
  { name: 'products.create', call: (c) => c.products.create(productInput), key: 'product', wrapped: { product: { id: 'prod_1', name: 'Plan', variants: [{ id: 'var_1' }] } } },
  { name: 'checkoutSessions.create', call: (c) => c.checkoutSessions.create(checkoutInput), key: 'checkoutSession', wrapped: { checkoutSession: { id: 'cs_1', redirectUrl: 'https://pay.test/cs_1' } } },
];

const lists: Array<{ name: string; call: (client: Tessera) => Promise<{ data: unknown[]; raw: unknown }>; wrapped: unknown }> = [
  { name: 'customers.listPaymentInstruments', call: async (c) => c.customers.listPaymentInstruments('cus_1'), wrapped: { paymentInstruments: [{ id: 'pi_1', type: 'card', customerId: 'cus_1' }] } },
  { name: 'payments.list', call: async (c) => c.payments.list(), wrapped: { data: [{ id: 'pay_1', amount: 1, currency: 'USD', status: 'succeeded' }] } },
  { name: 'orders.list', call: async (c) => c.orders.list({ storeId: 'store_1' }), wrapped: { orders: [{ id: 'ord_1' }] } },
  { name: 'webhooks.list', call: async (c) => c.webhooks.list({ storeId: 'store_1' }), wrapped: { events: [{ id: 'evt_1', type: 'payment.succeeded' }] } },
];

describe('a 2xx whose body the document does not show is returned, never thrown', () => {
  describe.each(undocumented)('$name', ({ call, key, wrapped }) => {
    it.each([
      ['{}', EMPTY],
      ['{"ok":true}', OK],
      ['an empty 204', NO_CONTENT],
    ])('answers %s: nothing recognised, the raw body returned, one request', async (_label, answer) => {
      reply = answer;
      const result = await call(tessera());
      expect(result[key]).toBeUndefined();
      expect(result.raw).toEqual(parsedBody(answer));
      expect(received).toHaveLength(1);
    });

    it('answers a wrapped object: recognised, extras kept', async () => {
      reply = { status: 200, body: JSON.stringify(wrapped) };
      const result = await call(tessera());
      expect(result[key]).toEqual(Object.values(wrapped as Record<string, unknown>)[0]);
      expect(result.raw).toEqual(wrapped);
    });
  });

  describe.each(lists)('$name', ({ call, wrapped }) => {
    it.each([
      ['{}', EMPTY],
      ['{"ok":true}', OK],
      ['an empty 204', NO_CONTENT],
    ])('answers %s: an empty page with the raw body', async (_label, answer) => {
      reply = answer;
      const page = await call(tessera());
      expect(page.data).toEqual([]);
      expect(page.raw).toEqual(parsedBody(answer));
      expect(received).toHaveLength(1);
    });

    it('answers a wrapped list: its items recognised', async () => {
      reply = { status: 200, body: JSON.stringify(wrapped) };
      const page = await call(tessera());
      expect(page.data).toEqual(Object.values(wrapped as Record<string, unknown>)[0]);
      expect(page.raw).toEqual(wrapped);
    });
  });
});

const challenge = { externalSessionId: 'ext_1', acsChallengeUrl: 'https://acs.test/c', acsTransID: 'acs_1', messageVersion: '2.2.0' };

// Operations whose response the document shows: only what the SDK relies on is required.
const documented: Array<{ name: string; post: boolean; call: (client: Tessera) => Promise<unknown>; minimal: unknown; expected: unknown }> = [
  {
    name: 'payments.purchase',
    post: true,
    call: (c) => c.payments.purchase({ amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' }, { idempotencyKey: 'order-42' }),
    minimal: { payment: { id: 'pay_1', status: 'succeeded', surprise: { nested: 1 } } },
    expected: { id: 'pay_1', status: 'succeeded', surprise: { nested: 1 } },
  },
  {
    name: 'payments.process (3DS)',
    post: true,
    call: (c) => c.payments.process({ mode: 'auth', amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' }),
    minimal: { payment: { id: 'pay_1', status: 'pending', requireAction: 'threeds_auth', requireActionData: { type: 'threeds_auth', metadata: { threedsSession: challenge } } } },
    expected: { id: 'pay_1', status: 'pending', requireAction: 'threeds_auth', requireActionData: { type: 'threeds_auth', metadata: { threedsSession: challenge } } },
  },
  {
    name: 'paymentInstruments.createFromToken',
    post: true,
    call: (c) => c.paymentInstruments.createFromToken({ serviceToken: 'eyJ0', storeId: 'store_1', customerId: 'cus_1' }),
    minimal: { paymentInstrument: { id: 'pi_1' }, customer: { id: 'cus_1' } },
    expected: { paymentInstrument: { id: 'pi_1' }, customer: { id: 'cus_1' } },
  },
  {
    name: 'processors.create',
    post: true,
    call: (c) => c.processors.create({ name: 'P', type: 'sandbox', enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: {} }),
    minimal: { processor: { id: 'proc_1' } },
    expected: { id: 'proc_1' },
  },
  {
    name: 'threeds.createSession',
    post: true,
    call: (c) => c.threeds.createSession({ provider: 'basis_theory', storeId: 'store_1', paymentInstrumentId: 'pi_1', sessionData: { sessionId: 's_1', metadata: {} } }),
    minimal: { id: 'tds_1' },
    expected: { id: 'tds_1' },
  },
  { name: 'payments.retrieve', post: false, call: (c) => c.payments.retrieve('pay_1'), minimal: { id: 'pay_1', status: 'pending' }, expected: { id: 'pay_1', status: 'pending' } },
];

describe('a 2xx whose shape the document shows needs only what the SDK relies on', () => {
  describe.each(documented)('$name', ({ post, call, minimal, expected }) => {
    it('accepts the minimal answer, extras passing through', async () => {
      reply = { status: 200, body: JSON.stringify(minimal) };
      expect(await call(tessera())).toEqual(expected);
    });

    it.each([
      ['{}', EMPTY],
      ['{"ok":true}', OK],
      ['an empty 204', NO_CONTENT],
    ])('answers %s: an error saying the request succeeded, with the body and key, never retried', async (_label, answer) => {
      reply = answer;
      const error = await call(tessera()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraResponseValidationError);
      expect(TesseraResponseValidationError.isInstance(error)).toBe(true);
      const validation = error as TesseraResponseValidationError;
      expect(validation.message).toContain('succeeded on the Tessera service');
      expect(validation.body).toEqual(parsedBody(answer));
      expect(validation.status).toBe(answer.status);
      expect(received).toHaveLength(1);
      if (post) {
        expect(validation.idempotencyKey).toBe(received[0]!.idempotencyKey);
        expect(validation.message).toContain(received[0]!.idempotencyKey);
      }
    });
  });

  it('passes the caller’s idempotency key to the error', async () => {
    reply = OK;
    const error = (await documented[0]!.call(tessera()).catch((caught: unknown) => caught)) as TesseraResponseValidationError;
    expect(error.idempotencyKey).toBe('order-42');
    expect(received[0]!.idempotencyKey).toBe('order-42');
  });

  it('requires the challenge data of a threeds_auth payment, and names what is missing', async () => {
    reply = { status: 200, body: JSON.stringify({ payment: { id: 'pay_1', status: 'pending', requireAction: 'threeds_auth', requireActionData: { type: 'threeds_auth' } } }) };
    const error = (await documented[1]!.call(tessera()).catch((caught: unknown) => caught)) as TesseraResponseValidationError;
    expect(TesseraError.isInstance(error)).toBe(true);
    expect(error.fields.map((field) => field.field)).toEqual(['payment.requireActionData.metadata.threedsSession']);
    expect(received).toHaveLength(1);
  });
});
