import * as z from 'zod/mini';
import { checkoutInit, checkoutSession, createCheckoutSessionRequest, initCheckoutRequest, payCheckoutRequest } from '../resources/checkout-session.js';
import { listOrdersRequest, orderSchema } from '../resources/order.js';
import { continuePaymentRequest, listPaymentsRequest, paymentSchema, processPaymentRequest, refundSchema, refundPaymentRequest, voidPaymentRequest } from '../resources/payment.js';
import { paymentFlow, paymentFlowInput } from '../resources/payment-flow.js';
import { createPaymentInstrumentFromTokenRequest, createPaymentInstrumentFromTokenResponse, paymentInstrument } from '../resources/payment-instrument.js';
import { archiveProcessorsRequest, archiveProcessorsResponse, processorSchema, processorInput } from '../resources/processor.js';
import { createProductRequest, productSchema } from '../resources/product.js';
import { createRadarSessionRequest, savedRadarSession } from '../resources/radar-session.js';
import { createStoreRequest, storeSchema } from '../resources/store.js';
import { createThreeDSSessionRequest, threeDSSession } from '../resources/threeds-session.js';
import { appEvent, listEventsRequest, recentEventsRequest } from '../resources/event.js';
import { createWebhookEndpointRequest, listWebhooksRequest, webhookEndpoint } from '../resources/webhook-endpoint.js';
import { webhookEvent } from '../webhooks/webhook-event.js';
import { authTestResult, testAuthRequest } from '../resources/auth.js';
import { customerDetails, listCustomersRequest, listedCustomer } from '../resources/customer.js';
import { listPaymentInstrumentsRequest } from '../resources/payment-instrument.js';
import { listedProduct, listProductsRequest } from '../resources/product.js';
import {
  changeSubscriptionProcessorRequest,
  createSubscriptionRequest,
  listedSubscription,
  listSubscriptionsRequest,
  rebillSubscriptionRequest,
  subscriptionSchema,
} from '../resources/subscription.js';

/** Prefix of every API path (section 9). */
export const API_PREFIX = '/api/public/v1';

/** An HTTP method: the catalog's operations use `GET` and `POST`; `Tessera.request` may send any of these. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every operation of the catalog has, whatever its answer (see {@link Operation}). */
interface OperationBase {
  readonly method: HttpMethod;
  readonly path: string;
  /**
   * True where the document names the operation but not its path (section 4.10). These paths follow DESIGN.md;
   * when the real path is known, edit it here and nowhere else.
   */
  readonly assumed: boolean;
  /** The caller's input, checked before anything is sent; `undefined` when the path's `{id}` is the only input. */
  readonly request: z.ZodMiniType | undefined;
  /** Where the input goes: the JSON body, the JSON body wrapped in one key (`{ processor }`), or the query. */
  readonly sendAs: 'body' | 'query' | { readonly wrap: string };
  /** The resource in the answer (for a list, one item). */
  readonly response: z.ZodMiniType;
  /** The keys the resource may be wrapped in (`{ payment }`), the documented one first; it may also come bare. */
  readonly unwrap: readonly string[];
  /** `none` for a public route (no API key is sent to it, and the sandbox asks for none). Default `secret`. */
  readonly auth?: 'secret' | 'none';
  /**
   * The fields the SDK relies on in the resource, each a non-empty string (`customer.id` for a nested one), each a
   * path of the `response` schema's fields (checked by the compiler). A `required` answer without them is a response
   * validation error; a `recognised` one that lists them is recognised by them rather than by its schema (a payment
   * with only `id` and `status`). A payment (the `response` is core's `payment`) asking for a 3DS challenge
   * (`requireAction: 'threeds_auth'`) must also carry the challenge data. Default for a `required` answer: `['id']`.
   */
  readonly requires?: readonly string[];
  /** When `request` is `undefined`: what the caller calls the path's `{id}`, the field a validation error names. Default `id`. */
  readonly idField?: string;
  /**
   * Fields the published API requires that the document lets the caller leave out, read before sending from the
   * resource another operation answers: when the checked input's `when.field` is `when.equals` and one of `fields`
   * is missing, the client sends `lookup` with the input's `idField` and copies the missing ones it finds.
   */
  readonly fillFrom?: {
    readonly when: { readonly field: string; readonly equals: string };
    readonly lookup: string;
    readonly idField: string;
    readonly fields: readonly string[];
  };
}

/**
 * An operation whose answer the document shows: the ids the SDK relies on (`requires`) must be there; a 2xx without
 * them is a response validation error, never retried.
 */
interface RequiredOperation extends OperationBase {
  readonly answer: 'required';
  readonly outcomeKey?: never;
  readonly nested?: never;
}

/**
 * An operation whose answer is "not shown": any 2xx is returned with what was recognised (best effort) under
 * `outcomeKey`, and the raw body.
 */
interface RecognisedOperation extends OperationBase {
  readonly answer: 'recognised';
  /** The key the SDK's outcome gives the recognised resource (`{ store, raw }`). */
  readonly outcomeKey: string;
  /**
   * Other keys of the body returned beside the outcome, each recognised by its schema (`undefined` when absent or
   * not recognised), e.g. the `refund` of a refund's answer.
   */
  readonly nested?: Readonly<Record<string, z.ZodMiniType>>;
}

/** An operation answered with a list: the recognised items of one page. */
interface ListOperation extends OperationBase {
  readonly answer: 'list';
  readonly outcomeKey?: never;
  readonly nested?: never;
}

/**
 * An operation answered with a 3xx whose `Location` is read, never followed (`response` describes what the SDK makes
 * of it); any other operation refuses a redirect.
 */
interface RedirectOperation extends OperationBase {
  readonly answer: 'redirect';
  readonly outcomeKey?: never;
  readonly nested?: never;
}

/**
 * One operation of the service, as data: the server client sends it, the sandbox serves it, and both read it from
 * here. A path is relative to `{baseUrl}/api/public/v1`, with `{id}` placeholders. Split by `answer`, how the answer
 * is read: `required`, `recognised` (which must name its `outcomeKey`), `list` or `redirect`.
 */
export type Operation = RequiredOperation | RecognisedOperation | ListOperation | RedirectOperation;

/** The named keys of `T` (not those of an index signature, which a loose object's output has). */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: unknown } & string;

/** The dotted paths of `T`'s fields, three levels deep (`id`, `customer.id`). */
type FieldPath<T, Depth extends readonly unknown[] = []> = Depth['length'] extends 3
  ? never
  : T extends object
    ? { [K in KnownKeys<T>]: K | `${K}.${FieldPath<NonNullable<T[K]>, [...Depth, unknown]>}` }[KnownKeys<T>]
    : never;

/** An operation's `requires`, each a field path of what its `response` schema outputs. */
type CheckedRequires<O extends Operation> = O extends { readonly requires: readonly string[] }
  ? { readonly requires: readonly FieldPath<z.output<O['response']>>[] }
  : unknown;

const op = <const O extends Operation>(operation: O & CheckedRequires<O>): O => operation;

/**
 * How void and refund answer (the document: "not shown"; published: the payment's fields at the top level, a
 * refund adding `refund`): a payment recognised by what the SDK relies on, bare or wrapped.
 */
const paymentOutcome = {
  response: paymentSchema,
  unwrap: ['payment', 'data'],
  answer: 'recognised',
  requires: ['id', 'status'],
  outcomeKey: 'payment',
} as const;

/** How subscription create and rebill answer: they may charge, so any 2xx is returned, the subscription recognised by its id. */
const subscriptionOutcome = {
  response: subscriptionSchema,
  unwrap: ['subscription'],
  answer: 'recognised',
  requires: ['id'],
  outcomeKey: 'subscription',
} as const;

/**
 * Every operation of the service (sections 4.1–4.10). Nothing else in the SDK spells an API path or pairs an
 * operation with its schemas.
 */
export const operations = {
  createPaymentInstrumentFromToken: op({
    method: 'POST',
    path: '/payment-instruments/create-from-token',
    assumed: false,
    request: createPaymentInstrumentFromTokenRequest,
    sendAs: 'body',
    response: createPaymentInstrumentFromTokenResponse,
    unwrap: [],
    answer: 'required',
    requires: ['paymentInstrument.id', 'customer.id'],
  }),
  retrievePaymentInstrument: op({
    method: 'GET',
    path: '/payment-instruments/{id}',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: paymentInstrument,
    unwrap: ['paymentInstrument', 'data'],
    answer: 'recognised',
    outcomeKey: 'paymentInstrument',
  }),
  listCustomerPaymentInstruments: op({
    method: 'GET',
    path: '/customers/{id}/payment-instruments',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: paymentInstrument,
    unwrap: ['instruments', 'paymentInstruments', 'items'],
    answer: 'list',
    idField: 'customerId',
  }),
  createThreeDSSession: op({
    method: 'POST',
    path: '/threeds/create-session',
    assumed: false,
    request: createThreeDSSessionRequest,
    sendAs: 'body',
    response: threeDSSession,
    unwrap: ['threedsSession'],
    answer: 'required',
  }),
  processPayment: op({
    method: 'POST',
    path: '/payments/process',
    assumed: false,
    request: processPaymentRequest,
    sendAs: 'body',
    response: paymentSchema,
    unwrap: ['payment'],
    answer: 'required',
    requires: ['id', 'status'],
    // The published API requires amount, currency and storeId for every mode; a capture reads them from its authorization.
    fillFrom: { when: { field: 'mode', equals: 'capture' }, lookup: 'retrievePayment', idField: 'paymentId', fields: ['amount', 'currency', 'storeId'] },
  }),
  continuePayment: op({
    method: 'POST',
    // Not on a docs page: the vendor's own code names it ("Shape returned by POST /api/public/v1/payments/process and
    // POST /api/public/v1/payments/continue"), so the path is the vendor's, not a guess.
    path: '/payments/continue',
    assumed: false,
    request: continuePaymentRequest,
    sendAs: 'body',
    response: paymentSchema,
    unwrap: ['payment'],
    answer: 'required',
    requires: ['id', 'status'],
  }),
  createRadarSession: op({
    method: 'POST',
    // Not on a docs page: the vendor's own code names it (core-js's radar types: "Persist the … radar session ID to
    // the backend. Maps to POST /api/public/v1/radar-sessions (API key auth)"), so the path is the vendor's, not a guess.
    path: '/radar-sessions',
    assumed: false,
    request: createRadarSessionRequest,
    sendAs: 'body',
    response: savedRadarSession,
    unwrap: ['radarSession', 'data'],
    // `recognised`, not `required`: the answer is known only from the vendor's TypeScript type, and once the service
    // answered 2xx the session is saved, so no body (another shape, an empty 204) may turn the save into an error the
    // merchant's server would retry or report. The call returns `{ radarSession, raw }`: `radarSession` is the typed
    // `{ success, radarSessionId }` when the body (or its `radarSession` / `data`) matches the vendor's type, else
    // `undefined` beside the body as sent.
    answer: 'recognised',
    outcomeKey: 'radarSession',
  }),
  retrievePayment: op({
    method: 'GET',
    path: '/payments/{id}',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: paymentSchema,
    unwrap: ['payment'],
    answer: 'required',
    requires: ['id', 'status'],
  }),
  voidPayment: op({
    method: 'POST',
    path: '/payments/void',
    assumed: false,
    request: voidPaymentRequest,
    sendAs: 'body',
    ...paymentOutcome,
  }),
  refundPayment: op({
    method: 'POST',
    path: '/payments/refund',
    assumed: false,
    request: refundPaymentRequest,
    sendAs: 'body',
    ...paymentOutcome,
    nested: { refund: refundSchema },
  }),
  createProcessor: op({
    method: 'POST',
    path: '/processors/create',
    assumed: false,
    request: processorInput,
    sendAs: { wrap: 'processor' },
    response: processorSchema,
    unwrap: ['processor'],
    answer: 'required',
  }),
  archiveProcessors: op({
    method: 'POST',
    path: '/processors/archive',
    assumed: true,
    request: archiveProcessorsRequest,
    sendAs: 'body',
    response: archiveProcessorsResponse.shape.archived,
    unwrap: ['archived'],
    answer: 'recognised',
    outcomeKey: 'archived',
  }),
  createPaymentFlow: op({
    method: 'POST',
    path: '/payment-flows/create',
    assumed: true,
    request: paymentFlowInput,
    sendAs: { wrap: 'data' },
    response: paymentFlow,
    unwrap: ['data', 'paymentFlow'],
    answer: 'recognised',
    outcomeKey: 'paymentFlow',
  }),
  createStore: op({
    method: 'POST',
    path: '/stores/create',
    assumed: true,
    request: createStoreRequest,
    sendAs: 'body',
    response: storeSchema,
    unwrap: ['store', 'data'],
    answer: 'recognised',
    outcomeKey: 'store',
  }),
  createProduct: op({
    method: 'POST',
    path: '/products/create',
    assumed: false,
    request: createProductRequest,
    sendAs: 'body',
    response: productSchema,
    unwrap: ['product', 'data'],
    answer: 'recognised',
    outcomeKey: 'product',
  }),
  createCheckoutSession: op({
    method: 'POST',
    path: '/checkout-sessions/create',
    assumed: true,
    request: createCheckoutSessionRequest,
    sendAs: 'body',
    response: checkoutSession,
    unwrap: ['checkoutSession', 'data'],
    answer: 'recognised',
    outcomeKey: 'checkoutSession',
  }),
  listPayments: op({
    method: 'POST',
    path: '/payments',
    assumed: false,
    request: listPaymentsRequest,
    sendAs: 'body',
    response: paymentSchema,
    unwrap: ['payments'],
    answer: 'list',
    // Items are recognised by what the SDK relies on, so a guide's decimal amounts do not drop a payment.
    requires: ['id', 'status'],
  }),
  listOrders: op({
    method: 'GET',
    path: '/orders',
    assumed: true,
    request: listOrdersRequest,
    sendAs: 'query',
    response: orderSchema,
    unwrap: ['orders'],
    answer: 'list',
  }),
  listWebhooks: op({
    method: 'GET',
    path: '/webhooks',
    assumed: true,
    request: listWebhooksRequest,
    sendAs: 'query',
    response: webhookEvent,
    unwrap: ['events', 'webhooks'],
    answer: 'list',
  }),
  // Webhook endpoints and events (published; issue 18).
  createWebhookEndpoint: op({
    method: 'POST',
    path: '/webhooks',
    assumed: false,
    request: createWebhookEndpointRequest,
    sendAs: 'body',
    response: webhookEndpoint,
    unwrap: ['webhook', 'endpoint', 'data'],
    answer: 'required',
    // The secret is what every delivery is verified with: an endpoint without one cannot be used.
    requires: ['id', 'secret'],
  }),
  listEvents: op({
    method: 'POST',
    path: '/events/list',
    assumed: false,
    request: listEventsRequest,
    sendAs: 'body',
    response: appEvent,
    unwrap: ['events'],
    answer: 'list',
    requires: ['id', 'eventType'],
  }),
  retrieveEvent: op({
    method: 'GET',
    path: '/events/{id}',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: appEvent,
    unwrap: ['event', 'data'],
    answer: 'required',
    requires: ['id', 'eventType'],
    idField: 'eventId',
  }),
  listRecentEvents: op({
    method: 'POST',
    path: '/events/recent',
    assumed: false,
    request: recentEventsRequest,
    sendAs: 'body',
    response: appEvent,
    unwrap: ['events'],
    answer: 'list',
    requires: ['id', 'eventType'],
  }),
  // The published lists, retrieves, subscriptions and key check (issue 18).
  listPaymentInstruments: op({
    method: 'POST',
    path: '/payment-instruments/list',
    assumed: false,
    request: listPaymentInstrumentsRequest,
    sendAs: 'body',
    response: paymentInstrument,
    unwrap: ['items'],
    answer: 'list',
    requires: ['id'],
  }),
  retrieveCustomer: op({
    method: 'GET',
    path: '/customers/{id}',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: customerDetails,
    unwrap: ['customer'],
    answer: 'required',
  }),
  listCustomers: op({
    method: 'POST',
    path: '/customers/list',
    assumed: false,
    request: listCustomersRequest,
    sendAs: 'body',
    response: listedCustomer,
    unwrap: ['items'],
    answer: 'list',
    requires: ['id'],
  }),
  listProducts: op({
    method: 'POST',
    path: '/products/list',
    assumed: false,
    request: listProductsRequest,
    sendAs: 'body',
    response: listedProduct,
    unwrap: ['items'],
    answer: 'list',
    requires: ['id'],
  }),
  retrieveProduct: op({
    method: 'GET',
    path: '/products/{id}',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: productSchema,
    unwrap: ['product'],
    answer: 'required',
  }),
  retrieveOrder: op({
    method: 'GET',
    path: '/orders/{id}',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: orderSchema,
    unwrap: ['order'],
    answer: 'required',
  }),
  // Create may charge the first period (`initiatePayment`): a 2xx is returned, never thrown.
  createSubscription: op({
    method: 'POST',
    path: '/subscriptions/create',
    assumed: false,
    request: createSubscriptionRequest,
    sendAs: 'body',
    ...subscriptionOutcome,
    nested: { payment: paymentSchema },
  }),
  listSubscriptions: op({
    method: 'POST',
    path: '/subscriptions/list',
    assumed: false,
    request: listSubscriptionsRequest,
    sendAs: 'body',
    response: listedSubscription,
    unwrap: ['items'],
    answer: 'list',
    requires: ['id'],
  }),
  retrieveSubscription: op({
    method: 'GET',
    path: '/subscriptions/{id}',
    assumed: false,
    request: undefined,
    sendAs: 'query',
    response: subscriptionSchema,
    unwrap: ['subscription'],
    answer: 'required',
  }),
  // Rebill charges a period now: a 2xx is returned, never thrown; the published answer is `{ success, message }`.
  rebillSubscription: op({
    method: 'POST',
    path: '/subscriptions/rebill',
    assumed: false,
    request: rebillSubscriptionRequest,
    sendAs: 'body',
    ...subscriptionOutcome,
    nested: { success: z.boolean(), message: z.string(), payment: paymentSchema },
  }),
  changeSubscriptionProcessor: op({
    method: 'POST',
    path: '/subscriptions/change-processor',
    assumed: false,
    request: changeSubscriptionProcessorRequest,
    sendAs: 'body',
    response: subscriptionSchema,
    unwrap: ['subscription'],
    answer: 'required',
  }),
  // A 2xx means the key is valid; the answer must name its user.
  testAuth: op({
    method: 'POST',
    path: '/auth/test',
    assumed: false,
    request: testAuthRequest,
    sendAs: 'body',
    response: authTestResult,
    unwrap: [],
    answer: 'required',
    requires: ['user.id'],
  }),
  // Checkout as published (issue 18).
  initCheckout: op({
    method: 'GET',
    path: '/checkout/init',
    assumed: false,
    request: initCheckoutRequest,
    sendAs: 'query',
    response: checkoutInit,
    unwrap: [],
    answer: 'redirect',
    // "This endpoint is completely public and requires no authentication": the secret key is not sent.
    auth: 'none',
  }),
  payCheckout: op({
    method: 'POST',
    path: '/checkout/pay-v2',
    assumed: false,
    request: payCheckoutRequest,
    sendAs: 'body',
    response: paymentSchema,
    unwrap: ['payment'],
    answer: 'recognised',
    requires: ['id', 'status'],
    outcomeKey: 'payment',
    nested: { order: orderSchema, redirectUrl: z.string() },
  }),
} as const satisfies Record<string, Operation>;

/** Name of an operation in {@link operations}. */
export type OperationName = keyof typeof operations;

/** The checked input of an operation (`undefined` when the path's `{id}` is its only input). */
export type OperationInput<N extends OperationName> = (typeof operations)[N]['request'] extends z.ZodMiniType
  ? z.output<(typeof operations)[N]['request']>
  : undefined;

/** The resource an operation answers with (for a list, one item). */
export type OperationResource<N extends OperationName> = z.output<(typeof operations)[N]['response']>;
