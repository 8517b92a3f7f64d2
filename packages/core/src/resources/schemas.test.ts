import * as z from 'zod/mini';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { TesseraError } from '../errors/error-classes.js';
import { processPaymentRequest, type ProcessPaymentRequest } from './payment.js';
import * as core from '../index.js';
import * as schemas from '../schemas.js';
import * as internal from '../internal.js';
import { parseOrThrow } from '../errors/validation.js';
import { TesseraValidationError } from '../errors/error-classes.js';

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
    ['create-from-token with customerData', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerData: { email: 'a@example.com', firstName: 'Ada' } }, []],
    ['create-from-token with customerId', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerId: 'cus_1' }, []],
    ['create-from-token with both', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerId: 'cus_1', customerData: { email: 'a@example.com' } }, ['customerId:exactly_one']],
    ['create-from-token with neither', schemas.createPaymentInstrumentFromTokenRequest, fromToken, ['customerId:exactly_one']],
    ['create-from-token, customerData without email', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerData: { firstName: 'Ada' } }, []],
    ['create-from-token, customerData with unknown keys', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerData: { email: 'not-an-email', phone: '+1 800' }, metadata: { a: 1 } }, []],
    ['create-from-token, email not a string', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerData: { email: 42 } }, ['customerData.email:invalid_type']],
    ['create-from-token, customerData not an object', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, customerData: 'ada' }, ['customerData:invalid_type']],
    ['create-from-token, serviceToken missing', schemas.createPaymentInstrumentFromTokenRequest, { storeId: 'store_1', customerId: 'cus_1' }, ['serviceToken:required']],
    ['create-from-token, a 20,000-character serviceToken', schemas.createPaymentInstrumentFromTokenRequest, { ...fromToken, serviceToken: 'e'.repeat(20_000), customerId: 'cus_1' }, []],
    ['3DS session', schemas.createThreeDSSessionRequest, { provider: 'basis_theory', storeId: 'store_1', paymentInstrumentId: 'pi_1', sessionData: { sessionId: 's', metadata: {} } }, []],
    ['3DS session without sessionData (optional in the published API)', schemas.createThreeDSSessionRequest, { provider: 'p', storeId: 'store_1', paymentInstrumentId: 'pi_1' }, []],
    ['3DS session with two different ids', schemas.createThreeDSSessionRequest, { storeId: 'store_1', paymentInstrumentId: 'pi_1', sessionData: { id: 'a', sessionId: 'b' } }, ['sessionData.sessionId:mismatch']],
    ['void without storeId (published)', schemas.voidPaymentRequest, { paymentId: 'pay_1' }, []],
    ['refund by paymentIds (published schema)', schemas.refundPaymentRequest, { paymentIds: ['pay_1'], amount: 500 }, []],
    ['refund without any payment id', schemas.refundPaymentRequest, { amount: 500 }, ['paymentId:required']],
    ['refund of an amount with refundAll', schemas.refundPaymentRequest, { paymentId: 'pay_1', amount: 500, refundAll: true }, ['refundAll:conflict']],
    ['refund naming two different payments', schemas.refundPaymentRequest, { paymentId: 'pay_1', paymentIds: ['pay_2'] }, ['paymentIds:mismatch']],
    ['void', schemas.voidPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1' }, []],
    ['full refund', schemas.refundPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1' }, []],
    ['partial refund in cents', schemas.refundPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1', amount: 500 }, []],
    ['refund of 5.5', schemas.refundPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1', amount: 5.5 }, ['amount:invalid_type']],
    ['refund of 0 (it would move nothing)', schemas.refundPaymentRequest, { paymentId: 'pay_1', storeId: 'store_1', amount: 0 }, ['amount:too_small']],
    ['processor', internal.createProcessorRequest, { processor }, []],
    ['processor with a currency that is not ISO 4217', internal.createProcessorRequest, { processor: { ...processor, supportedCurrencies: ['USD', 'XYZ'] } }, ['processor.supportedCurrencies.1:invalid_format']],
    ['flow in a data object', schemas.createPaymentFlowRequest, { data: flow }, []],
    ['flow not wrapped', schemas.createPaymentFlowRequest, flow, ['data:required']],
    ['flow with routing rules (format "not shown") and 50 fallback retries', schemas.createPaymentFlowRequest, { data: { ...flow, maxFallbackRetries: 50, routingRules: [{ brand: 'visa' }] } }, []],
    ['flow with no processor configs', schemas.createPaymentFlowRequest, { data: { ...flow, processorConfigs: [] } }, []],
    ['flow with a bad weight', schemas.createPaymentFlowRequest, { data: { ...flow, processorConfigs: [{ ...processorConfig, weight: -1 }] } }, ['data.processorConfigs.0.weight:too_small']],
    ['store', schemas.createStoreRequest, store, []],
    ['store with a flow', schemas.createStoreRequest, { ...store, selectedPaymentFlowId: 'flow_1' }, []],
    ['store with a lower-case currency', schemas.createStoreRequest, { ...store, baseCurrency: 'usd' }, ['baseCurrency:invalid_format']],
    ['product with a recurring price', schemas.createProductRequest, product, []],
    ['product priced in dollars', schemas.createProductRequest, { ...product, variants: [{ ...variant, price: 9.99 }] }, ['variants.0.price:invalid_type']],
    ['product with a weekly interval of 0', schemas.createProductRequest, { ...product, variants: [{ ...variant, prices: [{ ...price, intervalCount: 0 }] }] }, ['variants.0.prices.0.intervalCount:too_small']],
    ['product billed every 2 quarters, 400 days', schemas.createProductRequest, { ...product, variants: [{ ...variant, prices: [{ ...price, interval: 'quarter', intervalCount: 400 }] }] }, []],
    ['checkout session', schemas.createCheckoutSessionRequest, checkout, []],
    ['checkout session with no items', schemas.createCheckoutSessionRequest, { ...checkout, items: [] }, ['items:too_small']],
    ['checkout session for 5,000 of one item', schemas.createCheckoutSessionRequest, { ...checkout, items: [{ variantId: 'var_1', quantity: 5000 }] }, []],
    ['checkout session with a relative URL', schemas.createCheckoutSessionRequest, { ...checkout, checkoutUrl: '/checkout' }, ['checkoutUrl:invalid_format']],
    ['archive processors (a bare array, as the document shows)', schemas.archiveProcessorsRequest, ['proc_1', 'proc_2'], []],
    ['archive 150 processors', schemas.archiveProcessorsRequest, Array.from({ length: 150 }, (_, i) => `proc.${i}`), []],
    ['archive processors with an empty id', schemas.archiveProcessorsRequest, ['proc_1', ''], ['1:too_small']],
    ['list orders', schemas.listOrdersRequest, { storeId: 'store_1', page: 1, per_page: 20 }, []],
    ['list orders, page 0', schemas.listOrdersRequest, { storeId: 'store_1', page: 0, per_page: 20 }, ['page:too_small']],
    ['list payments', schemas.listPaymentsRequest, { pagination: { page: 1, pageSize: 50 }, filters: { storeIds: ['store_1'] } }, []],
    ['list payments, page size 1000', schemas.listPaymentsRequest, { pagination: { page: 1, pageSize: 1000 } }, []],
    ['list payments, page size 0', schemas.listPaymentsRequest, { pagination: { page: 1, pageSize: 0 } }, ['pagination.pageSize:too_small']],
    ['list orders, per_page 500', schemas.listOrdersRequest, { storeId: 'store_1', page: 1, per_page: 500 }, []],
    ['list webhooks', schemas.listWebhookEventsRequest, { storeId: 'store_1' }, []],
    // POST /radar-sessions: the two bodies of core-js's radar managers.
    ['Airwallex radar session', schemas.createRadarSessionRequest, { paymentId: 'pay_1', airwallexRadarSessionId: '0f8e…uuid' }, []],
    ['Airwallex radar session without its payment', schemas.createRadarSessionRequest, { airwallexRadarSessionId: 'uuid' }, ['paymentId:required']],
    ['Stripe radar session by payment', schemas.createRadarSessionRequest, { paymentId: 'pay_1', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: { id: 'rse_1' } }, []],
    ['Stripe radar session by order', schemas.createRadarSessionRequest, { orderId: 'ord_1', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: { id: 'rse_1' } }, []],
    ['Stripe radar session naming neither payment nor order', schemas.createRadarSessionRequest, { stripeRadarSessionId: 'rse_1', stripeRadarSessionData: {} }, ['paymentId:required']],
    ['Stripe radar session without its data', schemas.createRadarSessionRequest, { paymentId: 'pay_1', stripeRadarSessionId: 'rse_1' }, ['stripeRadarSessionData:required']],
    ['Stripe radar session data that is not an object', schemas.createRadarSessionRequest, { paymentId: 'pay_1', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: 'rse_1' }, ['stripeRadarSessionData:invalid_type']],
    ['radar session carrying a CVC', schemas.createRadarSessionRequest, { paymentId: 'pay_1', airwallexRadarSessionId: 'uuid', cvc: '123' }, ['cvc:card_data']],
    ['Stripe radar session data carrying a card number', schemas.createRadarSessionRequest, { paymentId: 'pay_1', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: { cardNumber: 'x' } }, ['stripeRadarSessionData.cardNumber:card_data']],
  ])('%s', (_name, schema, input, expected) => {
    expect(fieldsOf(schema, input).map((f) => f.replace(/^:/, '(union):'))).toEqual(expected);
  });
});

describe('response schemas', () => {
  it.each<[string, z.core.$ZodType, Record<string, unknown>]>([
    ['instrument', schemas.paymentInstrument, { id: 'pi_1', type: 'card', customerId: 'cus_1', card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 } }],
    ['customer', schemas.customerSchema, { id: 'cus_1', email: 'a@example.com' }],
    ['3DS session', schemas.threeDSSession, { id: 'tds_1', externalSessionId: 'ext', provider: 'p', status: 'created', paymentInstrumentId: 'pi_1' }],
    ['payment', schemas.paymentSchema, { id: 'pay_1', amount: 100, currency: 'USD', status: 'succeeded', requireAction: 'none' }],
    ['processor', schemas.processorSchema, { id: 'proc_1', name: 'Sandbox', type: 'sandbox' }],
    ['flow', schemas.paymentFlow, { id: 'flow_1', name: 'F' }],
    ['store', schemas.storeSchema, { id: 'store_1', name: 'S', baseCurrency: 'USD' }],
    ['product', schemas.productSchema, { id: 'prod_1', name: 'P', variants: [{ id: 'var_1' }] }],
    ['checkout session', schemas.checkoutSession, { id: 'cs_1', redirectUrl: 'https://pay.example/cs_1' }],
    ['order list', internal.orderList, { data: [{ id: 'ord_1' }] }],
    ['payment list', internal.paymentList, { data: [{ id: 'pay_1', amount: 1, currency: 'USD', status: 'pending' }] }],
    ['webhook list', internal.webhookList, { data: [{ id: 'evt_1', type: 'payment.succeeded' }] }],
    ['saved radar session', schemas.savedRadarSession, { success: true, radarSessionId: 'rs_1' }],
  ])('%s accepts the document shape and keeps unknown fields', (_name, schema, value) => {
    expect(z.parse(schema, { ...value, addedLater: { x: 1 } })).toEqual({ ...value, addedLater: { x: 1 } });
  });

  it('accepts an instrument without card facts (a token may carry none; nobody invents them)', () => {
    expect(z.parse(schemas.paymentInstrument, { id: 'pi_1', type: 'card', customerId: 'cus_1', card: {} })).toEqual({ id: 'pi_1', type: 'card', customerId: 'cus_1', card: {} });
    expect(z.parse(schemas.paymentInstrument, { id: 'pi_1', type: 'card', customerId: 'cus_1' })).toEqual({ id: 'pi_1', type: 'card', customerId: 'cus_1' });
  });

  it('rejects a payment whose amount is not in minor units', () => {
    expect(z.safeParse(schemas.paymentSchema, { id: 'p', amount: 1.5, currency: 'USD', status: 'succeeded' }).success).toBe(false);
  });
});

describe('field errors', () => {
  it('name the field inside a union that no branch accepts', () => {
    const ids = z.union([z.array(internal.resourceId), z.looseObject({ processorIds: z.array(internal.resourceId) })]);
    expect(fieldsOf(ids, { processorIds: ['p', 7] })).toEqual(['processorIds.1:invalid_type']);
    expect(fieldsOf(ids, ['p', ''])).toEqual(['1:too_small']);
    expect(fieldsOf(z.looseObject({ body: ids }), {})).toEqual(['body:required']);
    expect(fieldsOf(schemas.processPaymentRequest, { amount: 1 })).toEqual(['currency:required', 'storeId:required', 'paymentInstrumentId:required']);
    expect(fieldsOf(schemas.processPaymentRequest, { mode: 'refund' })).toEqual(['mode:invalid_value']);
  });

  it('pass unknown fields through without polluting any prototype', () => {
    const body = JSON.parse('{"paymentId":"pay_1","storeId":"s","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown;
    const parsed = parseOrThrow(schemas.voidPaymentRequest, body) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed.paymentId).toBe('pay_1');
  });
});

describe('TesseraError.isInstance', () => {
  it('recognises errors from another copy of the package (the built one beside these sources)', async () => {
    const built = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof core;
    expect(built.TesseraError).not.toBe(TesseraError);
    const foreign = new built.TesseraValidationError([{ field: 'amount', code: 'required', message: 'is required' }]);
    expect(foreign instanceof TesseraError).toBe(false);
    expect(TesseraError.isInstance(foreign)).toBe(true);
    expect(built.TesseraError.isInstance(new TesseraError('x', 'y'))).toBe(true);
    expect(TesseraError.isInstance(new Error('plain'))).toBe(false);
    expect(TesseraError.isInstance({ code: 'x' })).toBe(false);
  });

  it('answers per class, never for a sibling, also across copies', async () => {
    const built = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof core;
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

// Node's build of core (the `node` condition) carries its own copy of zod, so a user's zod is another copy: the
// schemas it exports must still work with the user's `parse`, inside the user's schemas, and through `internal`'s `z`.
describe("the Node build's schemas with the user's zod", () => {
  const order = { mode: 'purchase', amount: 1999, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' };
  const loadBuilt = async () => ({
    builtInternal: (await import(new URL('../../dist/node/internal.js', import.meta.url).href)) as typeof internal,
    builtSchemas: (await import(new URL('../../dist/node/schemas.js', import.meta.url).href)) as typeof schemas,
  });

  it('parse, refuse and compose like the sources', async () => {
    const [{ builtSchemas }, classic] = await Promise.all([loadBuilt(), import('zod')]);
    expect(builtSchemas.processPaymentRequest).not.toBe(processPaymentRequest);
    for (const zod of [z, classic]) {
      expect(zod.parse(builtSchemas.processPaymentRequest, order)).toEqual(z.parse(processPaymentRequest, order));
      const refused = zod.safeParse(builtSchemas.processPaymentRequest, { ...order, amount: -1 });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => [issue.code, issue.path.join('.')])).toEqual([['too_small', 'amount']]);
      expect(zod.safeParse(zod.object({ request: builtSchemas.processPaymentRequest }), { request: order }).success).toBe(true);
    }
    expect(builtSchemas.processPaymentRequest instanceof z.ZodMiniType).toBe(true);
    expect(() => builtSchemas.processPaymentRequest.parse({})).toThrow(z.core.$ZodError);
  });

  it("give the same field errors through internal's z and parseOrThrow", async () => {
    const { builtSchemas, builtInternal } = await loadBuilt();
    const bad = { ...order, amount: 1.5, currency: 'usd', storeId: undefined };
    const fields = (parse: () => unknown) => {
      try {
        parse();
      } catch (error) {
        return (error as TesseraValidationError).fields;
      }
      return [];
    };
    expect(fields(() => builtInternal.parseOrThrow(builtSchemas.processPaymentRequest, bad)).map((field) => `${field.field}:${field.code}`)).toEqual([
      'amount:invalid_type',
      'currency:invalid_format',
      'storeId:required',
    ]);
    expect(fields(() => builtInternal.parseOrThrow(builtSchemas.processPaymentRequest, bad))).toEqual(fields(() => parseOrThrow(processPaymentRequest, bad)));
    const ownSchema = builtInternal.z.object({ amount: builtInternal.z.int(), request: builtSchemas.processPaymentRequest });
    expect(builtInternal.z.safeParse(ownSchema, { amount: 1, request: order }).success).toBe(true);
    expect(fields(() => builtInternal.parseOrThrow(ownSchema, { amount: 1, request: bad }))).toEqual(
      fields(() => parseOrThrow(processPaymentRequest, bad)).map((field) => ({ ...field, field: `request.${field.field}` })),
    );
  });
});

const purchase = { mode: 'purchase', amount: 1999, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' } as const;

describe('processPaymentRequest', () => {
  it.each<[string, unknown]>([
    ['CIT purchase', purchase],
    ['MIT purchase', { ...purchase, initiatedBy: 'merchant', reasonType: 'recurring' }],
    ['auth with 3DS session and flow', { ...purchase, mode: 'auth', threedsSessionId: 'tds_1', paymentFlowId: 'flow_1' }],
    ['capture as shown in the document', { mode: 'capture', paymentId: 'pay_1' }],
    ['partial capture', { mode: 'capture', paymentId: 'pay_1', storeId: 'store_1', amount: 500 }],
    ['CIT with reasonType ("not needed" is not "forbidden")', { ...purchase, reasonType: 'recurring' }],
    ['no mode (the published default, purchase)', { ...purchase, mode: undefined }],
    ['no initiatedBy (the published default, customer)', { ...purchase, initiatedBy: undefined }],
    ['the published extra fields', { ...purchase, orderId: 'ord_1', customerId: 'cus_1', returnUrl: 'https://shop.example/back', draft: false, isRetry: true, subscriptionId: 'sub_1' }],
    ['unknown fields such as metadata', { ...purchase, metadata: { orderRef: 'A-1' }, routing: { rule: 'x' } }],
    ['ids with any characters (percent-encoded where they go into a path)', { ...purchase, paymentInstrumentId: '../x?y#z', storeId: 'store 1/é' }],
    ['an issuer-style reference that passes Luhn', { ...purchase, metadata: { phone: '4242424242424242' } }],
    ['XTS, the ISO 4217 testing code', { ...purchase, currency: 'XTS' }],
  ])('accepts %s', (_name, input) => {
    expect(fieldsOf(processPaymentRequest, input)).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['MIT without reasonType', { ...purchase, initiatedBy: 'merchant' }, ['reasonType:required']],
    ['CIT with an unknown reasonType', { ...purchase, reasonType: 'sometimes' }, ['reasonType:invalid_value']],
    ['purchase without amount', { ...purchase, amount: undefined }, ['amount:required']],
    ['fractional amount', { ...purchase, amount: 19.99 }, ['amount:invalid_type']],
    ['amount as string', { ...purchase, amount: '1999' }, ['amount:invalid_type']],
    ['negative amount', { ...purchase, amount: -5 }, ['amount:too_small']],
    ['initiatedBy merchant without reasonType and no mode', { ...purchase, mode: undefined, initiatedBy: 'merchant' }, ['reasonType:required']],
    ['lower-case currency', { ...purchase, currency: 'usd' }, ['currency:invalid_format']],
    ['a code that is not ISO 4217', { ...purchase, currency: 'XYZ' }, ['currency:invalid_format']],
    ['a zero amount (the published API requires more than 0)', { ...purchase, mode: 'auth', amount: 0 }, ['amount:too_small']],
    ['a returnUrl that is not a URL', { ...purchase, returnUrl: 'back' }, ['returnUrl:invalid_format']],
    ['a card number field', { ...purchase, metadata: { cardNumber: 'x' } }, ['metadata.cardNumber:card_data']],
    ['a card number field anywhere', { ...purchase, extra: { card: { cardNumber: 'x' } } }, ['extra.card.cardNumber:card_data']],
    ['a CVC field', { mode: 'capture', paymentId: 'pay_1', cvc: '1' }, ['cvc:card_data']],
    ['capture without paymentId', { mode: 'capture' }, ['paymentId:required']],
    ['a capture of 0', { mode: 'capture', paymentId: 'pay_1', amount: 0 }, ['amount:too_small']],
    ['unknown mode', { ...purchase, mode: 'refund' }, ['mode:invalid_value']],
    ['an id that is a dot segment', { ...purchase, paymentInstrumentId: '..' }, ['paymentInstrumentId:invalid_format']],
    ['an empty id', { ...purchase, storeId: '' }, ['storeId:too_small']],
  ])('rejects %s', (_name, input, expected) => {
    expect(fieldsOf(processPaymentRequest, input)).toEqual(expected);
  });

  it('rejects wrong combinations at compile time', () => {
    expectTypeOf({ mode: 'capture', paymentId: 'p' } as const).toExtend<ProcessPaymentRequest>();
    expectTypeOf(purchase).toExtend<ProcessPaymentRequest>();
    expectTypeOf({ ...purchase, initiatedBy: 'merchant', reasonType: 'recurring' } as const).toExtend<ProcessPaymentRequest>();
    expectTypeOf({ ...purchase, initiatedBy: 'merchant' } as const).not.toExtend<ProcessPaymentRequest>();
    expectTypeOf({ mode: 'purchase', paymentId: 'p' } as const).not.toExtend<ProcessPaymentRequest>();
    expectTypeOf({ mode: 'capture' } as const).not.toExtend<ProcessPaymentRequest>();
    expectTypeOf({ ...purchase, amount: undefined }).not.toExtend<ProcessPaymentRequest>();
  });

  it('narrows on mode', () => {
    const request = processPaymentRequest.parse(purchase);
    if (request.mode === 'capture') expectTypeOf(request.paymentId).toBeString();
    else expectTypeOf(request.amount).toBeNumber();
  });
});
