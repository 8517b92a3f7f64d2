import * as z from 'zod/mini';
import { cardFacts } from './card-facts.js';
import { customerSummary } from './customer-summary.js';
import { currencyCode, minorUnits, nonEmptyString, positiveMinorUnits, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { commonFilters, listFilters } from './list-filters.js';
import type { PaymentStatus, PaymentSubStatus } from '../payment-status/payment-status.js';
import type { RequireAction } from '../payment-status/require-action.js';
import { catalogEntries, op, recognisedAs } from '../plumbing/operation.js';

/** The four values the challenge needs (section 2.7, `requireActionData.metadata.threedsSession`). */
export const threeDSChallengeData = z.looseObject({
  externalSessionId: z.string(),
  acsChallengeUrl: z.url(),
  acsTransID: z.string(),
  messageVersion: z.string(),
});
/** The values the 3DS challenge needs. */
export type ThreeDSChallengeData = z.infer<typeof threeDSChallengeData>;

/**
 * What a payment's `requireAction` needs: its `type`, a `resumeToken` for the return page, an `error` action's
 * `message` and `errorCode` (why the payment was declined or failed: the sandbox's test cards send
 * `insufficient_funds`, `processor_declined` and `processing_error`), and the data of each known action under `metadata`
 * (its specific `type`, a challenge, a redirect URL, a radar provider or Stripe key). Unknown fields pass through.
 * Types only describe: the service may send anything, so `getPaymentAction` reads each field by its runtime type.
 */
export const requireActionData = z.looseObject({
  type: z.optional(z.string()),
  message: z.optional(z.string()),
  errorCode: z.optional(z.string()),
  resumeToken: z.optional(z.string()),
  metadata: z.optional(
    z.looseObject({
      type: z.optional(z.string()),
      threedsSession: z.optional(threeDSChallengeData),
      redirect: z.optional(z.looseObject({ redirectUrl: z.optional(z.string()) })),
      provider: z.optional(z.string()),
      isTest: z.optional(z.boolean()),
      radar: z.optional(z.looseObject({ publishableKey: z.optional(z.string()), orderId: z.optional(z.string()) })),
    }),
  ),
});
/** What a payment's `requireAction` needs. */
export type RequireActionData = z.infer<typeof requireActionData>;

const paymentStatus = z.string() as z.ZodMiniType<PaymentStatus, string>;
const paymentSubStatus = z.string() as z.ZodMiniType<PaymentSubStatus, string>;
const requireAction = z.string() as z.ZodMiniType<RequireAction, string>;

/**
 * A money movement of a payment, as the published GET and list answers show it (`transactions[]`): `type`
 * (`purchase`, `auth`, `capture`, `void`, `refund` in the sandbox), `status`, `amount` in minor units, `currency`.
 */
export const paymentTransaction = z.looseObject({
  id: published(z.string()),
  type: published(z.string()),
  status: published(z.string()),
  amount: published(z.number()),
  currency: published(z.string()),
  /** When it happened (the sandbox's; not in the published example). */
  createdAt: published(z.string()),
});
/** A money movement of a payment. */
export type PaymentTransaction = z.infer<typeof paymentTransaction>;

/** The instrument of a payment, as the published GET and list answers show it: `type` and the `card`'s facts (and its `id`, the sandbox's). */
export const paymentInstrumentSummary = z.looseObject({
  id: published(z.string()),
  type: published(z.string()),
  card: published(cardFacts),
});
/** The instrument of a payment, as its answers show it. */
export type PaymentInstrumentSummary = z.infer<typeof paymentInstrumentSummary>;

/**
 * A payment (section 2.7, and the vendor's published answers). Amounts are integers in minor units. `status` and
 * `subStatus` come in two forms (`authorized`, or `pending` / `authorized`; `voided`, or `failed` / `voided`):
 * read them with `normalizePaymentStatus`. The other fields the published answers show are typed as published
 * (`createdAt`, `customer`, `paymentInstrument`, `transactions` of GET and list; `voidedAt` of void; `refundedAmount`
 * of refund; `orderId` and `processorTransactionId` of the vendor's chargeback guide), each optional and never
 * refused: only `id` and `status` are relied on (see `published`). Unknown fields pass through.
 */
export const paymentSchema = z.looseObject({
  id: z.string(),
  amount: minorUnits,
  currency: z.string(),
  /** A {@link PaymentStatus}: one of the known ones, or another string the service may add. */
  status: paymentStatus,
  /** The service's finer status (`approved`, `authorized`, `voided`, …), when it sends one. */
  subStatus: z.optional(z.nullable(paymentSubStatus)),
  /** `none`, or what the customer must do first (`threeds_auth`, `redirect`, …). */
  requireAction: z.optional(z.nullable(requireAction)),
  requireActionData: z.optional(z.nullable(requireActionData)),
  /** When the payment was made (ISO 8601; GET and list). */
  createdAt: published(z.string()),
  /** Who paid (GET and list). */
  customer: published(customerSummary),
  /** What it was paid with (GET and list). */
  paymentInstrument: published(paymentInstrumentSummary),
  /** Its money movements (GET and list). */
  transactions: published(z.array(paymentTransaction)),
  /** How much of it was refunded, in minor units (the refund answer). */
  refundedAmount: published(z.number()),
  /** When it was voided (the void answer). */
  voidedAt: published(z.string()),
  /** The order it pays (the vendor's chargeback guide; the process request's `orderId`). */
  orderId: published(z.string()),
  /** The processor's id of its transaction (the vendor's chargeback guide). */
  processorTransactionId: published(z.string()),
  /**
   * The merchant's `metadata` as the purchase or authorization sent it (see `paymentMetadata`). Not in the published
   * payment examples (inferred: the sandbox answers it); a service may give the values back as text.
   */
  metadata: published(z.record(z.string(), z.unknown())),
});
/** A payment (section 2.7). */
export type Payment = z.infer<typeof paymentSchema>;

/**
 * Response of `POST /payments/process`, and (our choice, "not shown" in the document) of void and refund.
 * @internal
 */
export const paymentResponse = z.looseObject({ payment: paymentSchema });
/**
 * `{ payment }`
 * @internal
 */
export type PaymentResponse = z.infer<typeof paymentResponse>;

/** Reason of a merchant-initiated payment. */
export const reasonType = z.enum(['recurring', 'unscheduled', 'installment']);
/** Reason of a merchant-initiated payment. */
export type ReasonType = z.infer<typeof reasonType>;

/**
 * A payment's `metadata`: the merchant's own keys (an order reference, …), each a string, number, boolean or `null`.
 * The published process page does not list it; the published refund request and instrument answer carry a
 * `metadata` object, and the sandbox keeps it on the payment and answers it (process, retrieve, list).
 */
export const paymentMetadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
/** A payment's `metadata`: the merchant's own keys. */
export type PaymentMetadata = z.infer<typeof paymentMetadata>;

// What the vendor's published `POST /payments/process` adds to the document's request; all optional.
const publishedProcessFields = {
  orderId: z.optional(resourceId),
  customerId: z.optional(resourceId),
  returnUrl: z.optional(z.url()),
  draft: z.optional(z.boolean()),
  isRetry: z.optional(z.boolean()),
  subscriptionId: z.optional(resourceId),
};

function chargeRequest<const M extends z.ZodMiniType<'purchase' | 'auth', 'purchase' | 'auth' | undefined>>(mode: M) {
  const base = {
    mode,
    // The published API requires an amount above 0.
    amount: positiveMinorUnits,
    currency: currencyCode,
    storeId: resourceId,
    paymentInstrumentId: resourceId,
    threedsSessionId: z.optional(resourceId),
    paymentFlowId: z.optional(resourceId),
    ...publishedProcessFields,
    /** The merchant's own keys, kept on the payment (not on the published process page: see {@link paymentMetadata}). */
    metadata: z.optional(paymentMetadata),
  };
  return z.discriminatedUnion('initiatedBy', [
    // The published API defaults `initiatedBy` to `customer`; the SDK always sends it (the document requires it).
    // "Not needed for CIT" (section 4.5) is not "forbidden": a customer-initiated payment may carry a reasonType.
    z.looseObject({ ...base, initiatedBy: z._default(z.literal('customer'), 'customer'), reasonType: z.optional(reasonType) }).check(withoutCardData),
    z.looseObject({ ...base, initiatedBy: z.literal('merchant'), reasonType }).check(withoutCardData),
  ]);
}

/** Purchase: charge now (customer- or merchant-initiated). `mode` and `initiatedBy` default to `purchase` and `customer`. */
// The published API defaults `mode` to `purchase`; the SDK always sends it (the document requires it).
export const purchaseRequest = chargeRequest(z._default(z.literal('purchase'), 'purchase'));
/** Authorize only; capture or void later. `initiatedBy` defaults to `customer`. */
export const authorizeRequest = chargeRequest(z.literal('auth'));
/**
 * Capture of an earlier authorization. The document shows only `paymentId` and `mode`; the published API requires
 * `amount`, `currency` and `storeId` for every mode: when the caller leaves them out the server client reads them
 * from the authorization before sending (the whole authorized amount; see `fillFrom` in the catalog). A smaller
 * `amount` captures part of the authorization.
 */
export const captureRequest = z.looseObject({
  mode: z.literal('capture'),
  paymentId: resourceId,
  storeId: z.optional(resourceId),
  // A partial capture moves money: zero would settle the authorization for nothing.
  amount: z.optional(positiveMinorUnits),
  currency: z.optional(currencyCode),
}).check(withoutCardData);

/**
 * Body of `POST /payments/process` (section 4.5 and the published API), a union on `mode` (default `purchase`):
 * purchase and auth need amount (above 0), currency, storeId and paymentInstrumentId; `initiatedBy` defaults to
 * `customer`, and `merchant` also needs reasonType; capture needs paymentId. Purchase and auth take `metadata` (see
 * {@link paymentMetadata}). Fields neither lists pass through to the service.
 */
export const processPaymentRequest = z.discriminatedUnion('mode', [purchaseRequest, authorizeRequest, captureRequest]);
/** Body of `POST /payments/process`, as the caller writes it (`mode` and `initiatedBy` may be left to their defaults). */
export type ProcessPaymentRequest = RequestFields<z.input<typeof processPaymentRequest>>;
/** A purchase request. */
export type PurchaseRequest = RequestFields<z.input<typeof purchaseRequest>>;
/** An authorization request. */
export type AuthorizeRequest = RequestFields<z.input<typeof authorizeRequest>>;
/** A capture request. */
export type CaptureRequest = RequestFields<z.input<typeof captureRequest>>;

/**
 * Body of `POST /payments/continue`: `{ paymentId }`. The vendor's own code sends it after the customer completed
 * what a payment asked for (`requireAction`), and it answers as `POST /payments/process` does (`{ payment }`).
 */
export const continuePaymentRequest = z.looseObject({ paymentId: resourceId }).check(withoutCardData);
/** Body of `POST /payments/continue`. */
export type ContinuePaymentRequest = RequestFields<z.input<typeof continuePaymentRequest>>;

/** Body of `POST /payments/void`: `paymentId` (the published API's only field; the document adds `storeId`). */
export const voidPaymentRequest = z.looseObject({ paymentId: resourceId, storeId: z.optional(resourceId) }).check(withoutCardData);
/** Body of `POST /payments/void`. */
export type VoidPaymentRequest = RequestFields<z.input<typeof voidPaymentRequest>>;

const refundFields = z.looseObject({
  paymentId: z.optional(resourceId),
  paymentIds: z.optional(z.array(resourceId).check(z.minLength(1))),
  storeId: z.optional(resourceId),
  // A refund of zero would move nothing yet change the payment's status.
  amount: z.optional(positiveMinorUnits),
  refundAll: z.optional(z.boolean()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  cancelSubscription: z.optional(z.boolean()),
}).check(
  z.refine((body) => body.paymentId !== undefined || body.paymentIds !== undefined, { message: 'give paymentId or paymentIds', path: ['paymentId'], params: { code: 'required' } }),
  z.refine((body) => body.paymentId === undefined || body.paymentIds === undefined || (body.paymentIds.length === 1 && body.paymentIds[0] === body.paymentId), {
    message: 'must be the only id of paymentIds when both are given',
    path: ['paymentIds'],
    params: { code: 'mismatch' },
  }),
  z.refine((body) => body.amount === undefined || body.refundAll !== true, { message: 'cannot be true with an amount', path: ['refundAll'], params: { code: 'conflict' } }),
  withoutCardData,
);

/**
 * Body of `POST /payments/refund`. The document sends `paymentId` (+ `storeId`, optional `amount`); the vendor's
 * schema `paymentIds` (+ `amount`, `metadata`), its example `paymentId` + `refundAll: true`. The caller gives either
 * id form; the wire carries both (`paymentIds: [paymentId]`), and `refundAll: true` when no `amount` is given (a
 * full refund of everything not yet refunded).
 */
export const refundPaymentRequest = z.pipe(
  refundFields,
  z.transform((body) => {
    const paymentIds = body.paymentIds ?? [body.paymentId as string];
    const paymentId = body.paymentId ?? (paymentIds.length === 1 ? paymentIds[0] : undefined);
    return { ...body, ...(paymentId !== undefined ? { paymentId } : {}), paymentIds, ...(body.amount === undefined ? { refundAll: body.refundAll ?? true } : {}) };
  }),
);
/** Body of `POST /payments/refund`, as the caller writes it: `paymentId` or `paymentIds`. */
export type RefundPaymentRequest = RequestFields<z.input<typeof refundPaymentRequest>> & ({ paymentId: string } | { paymentIds: string[] });

/** A refund, as the published refund answer carries it (`refund`). Unknown fields pass through. */
export const refundSchema = z.looseObject({
  id: z.string(),
  amount: z.optional(minorUnits),
  currency: z.optional(z.string()),
  status: z.optional(z.string()),
  createdAt: z.optional(z.string()),
});
/** A refund. */
export type Refund = z.infer<typeof refundSchema>;

/**
 * Page number of the list operations: from 1.
 * @internal
 */
export const pageNumber = z.int().check(z.minimum(1));
/**
 * Page size of the list operations: at least 1 (the document sets no maximum; the service may cap it).
 * @internal
 */
export const pageSize = z.int().check(z.minimum(1));

/**
 * The `filters` of list payments: the published convention's `status` (a payment's `status` or `subStatus`),
 * `currency` and `date` (on `createdAt`), the document's `storeIds`, the vendor guide's `processorTransactionId`
 * (its chargeback guide lists payments by it), and `orderId`, `customerId` and `paymentInstrumentId`, the ids a
 * payment is made with (published `POST /payments/process` fields), as filters inferred (no published page names
 * them). Any other key is refused before sending; `unlisted` carries a filter the SDK does not type.
 */
export const listPaymentsFilters = listFilters('list payments', {
  ...commonFilters,
  /** The processor's id of the payment's transaction (the vendor's chargeback guide). */
  processorTransactionId: z.optional(nonEmptyString),
  /** Only the payments of this order (inferred: a published process field, no published filter). */
  orderId: z.optional(resourceId),
  /** Only the payments of this customer (inferred: a published process field, no published filter). */
  customerId: z.optional(resourceId),
  /** Only the payments on this instrument (inferred: a published process field, no published filter). */
  paymentInstrumentId: z.optional(resourceId),
});
/** The `filters` of list payments, as the caller writes them. */
export type ListPaymentsFilters = z.input<typeof listPaymentsFilters>;

/**
 * Body of list payments (`POST /payments`, published): `pagination { page, pageSize }`, `filters` (see
 * {@link listPaymentsFilters}), `sortBy`, and keyset paging with `useCursor` + `cursor`.
 */
export const listPaymentsRequest = z.looseObject({
  pagination: z.optional(z.looseObject({ page: pageNumber, pageSize })),
  filters: z.optional(listPaymentsFilters),
  sortBy: z.optional(z.looseObject({ field: z.optional(z.string()), direction: z.optional(z.union([z.literal('asc'), z.literal('desc')])) })),
  useCursor: z.optional(z.boolean()),
  cursor: z.optional(z.string()),
});
/** Body of list payments. */
export type ListPaymentsRequest = RequestFields<z.input<typeof listPaymentsRequest>>;

/**
 * Result of list payments: the published `{ payments, total, pageCount }`, the vendor guide's `{ success, data }`
 * and the document's `data`; paging facts optional.
 * @internal
 */
export const paymentList = z.looseObject({
  payments: z.optional(z.array(paymentSchema)),
  data: z.optional(z.array(paymentSchema)),
  total: z.optional(z.number()),
  pageCount: z.optional(z.number()),
  page: z.optional(z.number()),
  pageSize: z.optional(z.number()),
  nextCursor: z.optional(z.nullable(z.string())),
});
/**
 * Result of list payments.
 * @internal
 */
export type PaymentList = z.infer<typeof paymentList>;

/**
 * How void and refund answer (the document: "not shown"; published: the payment's fields at the top level, a
 * refund adding `refund`): a payment recognised by what the SDK relies on, bare or wrapped.
 */
const paymentOutcome = () => ({ ...recognisedAs('payment', paymentSchema), requires: ['id', 'status'] }) as const;

/**
 * The catalog entries of payments, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const paymentOperations = () => catalogEntries({
  processPayment: op('POST /payments/process', {
    request: processPaymentRequest,
    response: paymentSchema,
    unwrap: ['payment'],
    answer: 'required',
    requires: ['id', 'status'],
    // The published API requires amount, currency and storeId for every mode; a capture reads them from its authorization.
    fillFrom: { when: { field: 'mode', equals: 'capture' }, lookup: 'retrievePayment', idField: 'paymentId', fields: ['amount', 'currency', 'storeId'] },
  }),
  // Not on a docs page: the vendor's own code names it ("Shape returned by POST /api/public/v1/payments/process and
  // POST /api/public/v1/payments/continue"), so the path is the vendor's, not a guess.
  continuePayment: op('POST /payments/continue', {
    request: continuePaymentRequest,
    response: paymentSchema,
    unwrap: ['payment'],
    answer: 'required',
    requires: ['id', 'status'],
  }),
  retrievePayment: op('GET /payments/{id}', { response: paymentSchema, unwrap: ['payment'], answer: 'required', requires: ['id', 'status'] }),
  voidPayment: op('POST /payments/void', { request: voidPaymentRequest, ...paymentOutcome() }),
  refundPayment: op('POST /payments/refund', { request: refundPaymentRequest, ...paymentOutcome(), nested: { refund: refundSchema } }),
  listPayments: op('POST /payments', {
    request: listPaymentsRequest,
    response: paymentSchema,
    unwrap: ['payments'],
    answer: 'list',
    // Items are recognised by what the SDK relies on, so a guide's decimal amounts do not drop a payment.
    requires: ['id', 'status'],
  }),
});
