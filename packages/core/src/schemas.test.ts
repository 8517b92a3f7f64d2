import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { TesseraError } from './errors.js';
import * as core from './index.js';
import { parseOrThrow } from './validation.js';
import { TesseraValidationError } from './errors.js';

// Table-driven checks of every request schema of sections 4.1–4.10 against the shapes the document shows, and of
// the response schemas' pass-through of fields the document does not list.

function fieldsOf(schema: z.core.$ZodType, input: unknown): string[] {
  try {
    parseOrThrow(schema, input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraValidationError);
    return (error as TesseraValidationError).fields.map((f) => `${f.field}:${f.code}`);
  }
}

const processor = { name: 'Sandbox', type: 'sandbox', enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: { testMode: true } };
const processorConfig = { processorId: 'proc_1', weight: 100, disabled: false, nonStickable: false };
const flow = {
  name: 'Sandbox flow', strategy: 'simple', fallbackMode: false, maxFallbackRetries: 0, threeDsEnabled: false, stickyProcessorEnabled: false,
  pickProcessorStrategy: 'weighted', processorConfigs: [processorConfig], fallbackProcessorConfigs: [], abuseDetectionConfig: null,
};
const store = { name: 'Shop', baseCurrency: 'USD', presentmentCurrencies: ['USD', 'EUR'], chargeCurrencies: ['USD'] };
const price = { currencyOptions: { USD: { amount: 999 } }, recurring: true, interval: 'month', intervalCount: 1, billingTiming: 'in_advance', default: true };
const variant = { name: 'Monthly', sku: 'PRO-M', grams: 0, price: 999, compareAtPrice: 1299, active: true, default: true, prices: [price] };
const product = { storeId: 'store_1', name: 'Pro', active: true, variants: [variant] };
const checkout = { storeId: 'store_1', items: [{ variantId: 'var_1', quantity: 2 }], currency: 'USD', checkoutUrl: 'https://shop.example/checkout' };
const fromToken = { serviceToken: 'eyJ0eXBlIjoiY2FyZCJ9', storeId: 'store_1' };

describe('request schemas', () => {
  it.each<[string, z.core.$ZodType, unknown, string[]]>([
    ['create-from-token with customerData', core.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerData: { email: 'a@example.com', firstName: 'Ada' } }, []],
    ['create-from-token with customerId', core.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerId: 'cus_1' }, []],
    ['create-from-token with both', core.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerId: 'cus_1', customerData: { email: 'a@example.com' } }, ['(union):invalid_value']],
    ['create-from-token with neither', core.createPaymentInstrumentFromTokenRequest, fromToken, ['(union):invalid_value']],
    ['3DS session', core.createThreeDSSessionRequest, { provider: 'basis_theory', storeId: 'store_1', paymentInstrumentId: 'pi_1', sessionData: { sessionId: 's', metadata: {} } }, []],
    ['3DS session without sessionData', core.createThreeDSSessionRequest, { provider: 'p', storeId: 'store_1', paymentInstrumentId: 'pi_1' }, ['sessionData:required']],
    ['void', core.voidPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1' }, []],
    ['full refund', core.refundPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1' }, []],
    ['partial refund in cents', core.refundPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1', amount: 500 }, []],
    ['refund of 5.5', core.refundPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1', amount: 5.5 }, ['amount:invalid_type']],
    ['processor', core.createProcessorRequest, { processor }, []],
    ['processor without currencies', core.createProcessorRequest, { processor: { ...processor, supportedCurrencies: [] } }, ['processor.supportedCurrencies:too_small']],
    ['flow in a data object', core.createPaymentFlowRequest, { data: flow }, []],
    ['flow not wrapped', core.createPaymentFlowRequest, flow, ['data:required', ...Object.keys(flow).map((key) => `${key}:unknown_field`)]],
    ['flow with a bad weight', core.createPaymentFlowRequest, { data: { ...flow, processorConfigs: [{ ...processorConfig, weight: -1 }] } }, ['data.processorConfigs.0.weight:too_small']],
    ['store', core.createStoreRequest, store, []],
    ['store with a flow', core.createStoreRequest, { ...store, selectedPaymentFlowId: 'flow_1' }, []],
    ['store with a lower-case currency', core.createStoreRequest, { ...store, baseCurrency: 'usd' }, ['baseCurrency:invalid_format']],
    ['product with a recurring price', core.createProductRequest, product, []],
    ['product priced in dollars', core.createProductRequest, { ...product, variants: [{ ...variant, price: 9.99 }] }, ['variants.0.price:invalid_type']],
    ['product with a weekly interval of 0', core.createProductRequest, { ...product, variants: [{ ...variant, prices: [{ ...price, intervalCount: 0 }] }] }, ['variants.0.prices.0.intervalCount:too_small']],
    ['checkout session', core.createCheckoutSessionRequest, checkout, []],
    ['checkout session with no items', core.createCheckoutSessionRequest, { ...checkout, items: [] }, ['items:too_small']],
    ['checkout session with a relative URL', core.createCheckoutSessionRequest, { ...checkout, checkoutUrl: '/checkout' }, ['checkoutUrl:invalid_format']],
    ['archive processors', core.archiveProcessorsRequest, { processorIds: ['proc_1', 'proc_2'] }, []],
    ['list orders', core.listOrdersRequest, { storeId: 'store_1', page: 1, per_page: 20 }, []],
    ['list orders, page 0', core.listOrdersRequest, { storeId: 'store_1', page: 0, per_page: 20 }, ['page:too_small']],
    ['list payments', core.listPaymentsRequest, { pagination: { page: 1, pageSize: 50 }, filters: { storeIds: ['store_1'] } }, []],
    ['list payments, page size 1000', core.listPaymentsRequest, { pagination: { page: 1, pageSize: 1000 } }, ['pagination.pageSize:too_big']],
    ['list webhooks', core.listWebhooksRequest, { storeId: 'store_1' }, []],
  ])('%s', (_name, schema, input, expected) => {
    expect(fieldsOf(schema, input).map((f) => f.replace(/^:/, '(union):'))).toEqual(expected);
  });
});

describe('response schemas', () => {
  it.each<[string, z.core.$ZodType, Record<string, unknown>]>([
    ['instrument', core.paymentInstrument, { id: 'pi_1', type: 'card', customerId: 'cus_1', card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 } }],
    ['customer', core.customer, { id: 'cus_1', email: 'a@example.com' }],
    ['3DS session', core.threeDSSession, { id: 'tds_1', externalSessionId: 'ext', provider: 'p', status: 'created', paymentInstrumentId: 'pi_1' }],
    ['payment', core.payment, { id: 'pay_1', amount: 100, currency: 'USD', status: 'succeeded', requireAction: 'none' }],
    ['processor', core.processor, { id: 'proc_1', name: 'Sandbox', type: 'sandbox' }],
    ['flow', core.paymentFlow, { id: 'flow_1', name: 'F' }],
    ['store', core.store, { id: 'store_1', name: 'S', baseCurrency: 'USD' }],
    ['product', core.product, { id: 'prod_1', name: 'P', variants: [{ id: 'var_1' }] }],
    ['checkout session', core.checkoutSession, { id: 'cs_1', redirectUrl: 'https://pay.example/cs_1' }],
    ['order list', core.orderList, { data: [{ id: 'ord_1' }] }],
    ['payment list', core.paymentList, { data: [{ id: 'pay_1', amount: 1, currency: 'USD', status: 'pending' }] }],
    ['webhook list', core.webhookList, { data: [{ id: 'evt_1', type: 'payment.succeeded' }] }],
  ])('%s accepts the document shape and keeps unknown fields', (_name, schema, value) => {
    expect(z.parse(schema, { ...value, addedLater: { x: 1 } })).toEqual({ ...value, addedLater: { x: 1 } });
  });

  it('rejects a payment whose amount is not in minor units', () => {
    expect(z.safeParse(core.payment, { id: 'p', amount: 1.5, currency: 'USD', status: 'succeeded' }).success).toBe(false);
  });
});

describe('TesseraError.isInstance', () => {
  it('recognises errors from another copy of the package (the built one beside these sources)', async () => {
    const built = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof core;
    expect(built.TesseraError).not.toBe(TesseraError);
    const foreign = new built.TesseraValidationError([{ field: 'amount', code: 'required', message: 'is required' }]);
    expect(foreign instanceof TesseraError).toBe(false);
    expect(TesseraError.isInstance(foreign)).toBe(true);
    expect(built.TesseraError.isInstance(new TesseraError('x', 'y'))).toBe(true);
    expect(TesseraError.isInstance(new Error('plain'))).toBe(false);
    expect(TesseraError.isInstance({ code: 'x' })).toBe(false);
  });

  it('answers per class, never for a sibling, also across copies', async () => {
    const built = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof core;
    const foreignTimeout = new built.TesseraTimeoutError();
    expect(core.TesseraTimeoutError.isInstance(foreignTimeout)).toBe(true);
    expect(core.TesseraAbortError.isInstance(foreignTimeout)).toBe(false);
    expect(core.TesseraValidationError.isInstance(foreignTimeout)).toBe(false);
    expect(built.TesseraAbortError.isInstance(new core.TesseraAbortError())).toBe(true);
    expect(built.TesseraTimeoutError.isInstance(new core.TesseraAbortError())).toBe(false);
    expect(built.TesseraValidationError.isInstance(new core.TesseraValidationError([]))).toBe(true);
    expect(new core.TesseraAbortError().name).toBe('TesseraAbortError');
    const { isInstance } = core.TesseraTimeoutError;
    expect([new core.TesseraAbortError(), new Error('plain')].filter(isInstance)).toHaveLength(1);
  });
});
