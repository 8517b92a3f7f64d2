import * as z from 'zod/mini';
import { currencyCode, minorUnits, positiveMinorUnits, resourceId, withoutCardData, type RequestFields } from './common.js';

/** The four values the challenge needs (section 2.7, `requireActionData.metadata.threedsSession`). */
export const threeDSChallengeData = z.looseObject({
  externalSessionId: z.string(),
  acsChallengeUrl: z.url(),
  acsTransID: z.string(),
  messageVersion: z.string(),
});
/** The values the 3DS challenge needs. */
export type ThreeDSChallengeData = z.infer<typeof threeDSChallengeData>;

/** A payment (section 2.7). Amounts are integers in minor units. Unknown fields pass through. */
export const payment = z.looseObject({
  id: z.string(),
  amount: minorUnits,
  currency: z.string(),
  /** A `PaymentStatus`: one of `knownPaymentStatuses`, or another string the service may add. */
  status: z.string(),
  /** `none`, or `threeds_auth` when the customer must complete a 3DS challenge. */
  requireAction: z.optional(z.string()),
  requireActionData: z.optional(
    z.nullable(
      z.looseObject({
        type: z.string(),
        metadata: z.optional(z.looseObject({ threedsSession: z.optional(threeDSChallengeData) })),
      }),
    ),
  ),
});
/** A payment (section 2.7). */
export type Payment = z.infer<typeof payment>;

/** Response of `POST /payments/process`, and (our choice, "not shown" in the document) of void and refund. */
export const paymentResponse = z.looseObject({ payment });
/** `{ payment }` */
export type PaymentResponse = z.infer<typeof paymentResponse>;

/** Reason of a merchant-initiated payment. */
export const reasonType = z.enum(['recurring', 'unscheduled', 'installment']);
/** Reason of a merchant-initiated payment. */
export type ReasonType = z.infer<typeof reasonType>;

function chargeRequest<const M extends 'purchase' | 'auth'>(mode: M) {
  const base = {
    mode: z.literal(mode),
    amount: minorUnits,
    currency: currencyCode,
    storeId: resourceId,
    paymentInstrumentId: resourceId,
    threedsSessionId: z.optional(resourceId),
    paymentFlowId: z.optional(resourceId),
  };
  return z.discriminatedUnion('initiatedBy', [
    // "Not needed for CIT" (section 4.5) is not "forbidden": a customer-initiated payment may carry one.
    z.looseObject({ ...base, initiatedBy: z.literal('customer'), reasonType: z.optional(reasonType) }).check(withoutCardData),
    z.looseObject({ ...base, initiatedBy: z.literal('merchant'), reasonType }).check(withoutCardData),
  ]);
}

/** Purchase: charge now (customer- or merchant-initiated). */
export const purchaseRequest = chargeRequest('purchase');
/** Authorize only; capture or void later. */
export const authorizeRequest = chargeRequest('auth');
/**
 * Capture of an earlier authorization. The document shows only `paymentId` and `mode`; `storeId` is accepted, and
 * `amount` (our choice) captures part of the authorization. Without it the whole authorized amount is captured.
 */
export const captureRequest = z.looseObject({
  mode: z.literal('capture'),
  paymentId: resourceId,
  storeId: z.optional(resourceId),
  // A partial capture moves money: zero would settle the authorization for nothing.
  amount: z.optional(positiveMinorUnits),
}).check(withoutCardData);

/**
 * Body of `POST /payments/process` (section 4.5), a union on `mode`: purchase and auth need amount, currency,
 * storeId, paymentInstrumentId and initiatedBy; `initiatedBy: 'merchant'` also needs reasonType; capture needs paymentId.
 * Fields the document does not list (e.g. `metadata`) pass through to the service.
 */
export const processPaymentRequest = z.discriminatedUnion('mode', [purchaseRequest, authorizeRequest, captureRequest]);
/** Body of `POST /payments/process`. */
export type ProcessPaymentRequest = RequestFields<z.infer<typeof processPaymentRequest>>;
/** A purchase request (without `mode`, for the `purchase` shortcut). */
export type PurchaseRequest = RequestFields<z.infer<typeof purchaseRequest>>;
/** An authorization request. */
export type AuthorizeRequest = RequestFields<z.infer<typeof authorizeRequest>>;
/** A capture request. */
export type CaptureRequest = RequestFields<z.infer<typeof captureRequest>>;

/** Body of `POST /payments/void` (section 4.7). */
export const voidPaymentRequest = z.looseObject({ paymentId: resourceId, storeId: resourceId }).check(withoutCardData);
/** Body of `POST /payments/void`. */
export type VoidPaymentRequest = RequestFields<z.infer<typeof voidPaymentRequest>>;

/** Body of `POST /payments/refund` (section 4.8). Without `amount` the refund is for everything not yet refunded. */
export const refundPaymentRequest = z.looseObject({
  paymentId: resourceId,
  storeId: resourceId,
  // A refund of zero would move nothing yet change the payment's status.
  amount: z.optional(positiveMinorUnits),
}).check(withoutCardData);
/** Body of `POST /payments/refund`. */
export type RefundPaymentRequest = RequestFields<z.infer<typeof refundPaymentRequest>>;

/** Page number of the list operations: from 1. */
export const pageNumber = z.int().check(z.minimum(1));
/** Page size of the list operations: at least 1 (the document sets no maximum; the service may cap it). */
export const pageSize = z.int().check(z.minimum(1));

/** Body of list payments (section 4.10, path assumed): `{ pagination: { page, pageSize }, filters: { storeIds } }`. */
export const listPaymentsRequest = z.looseObject({
  pagination: z.looseObject({ page: pageNumber, pageSize }),
  filters: z.optional(z.looseObject({ storeIds: z.optional(z.array(resourceId)) })),
});
/** Body of list payments. */
export type ListPaymentsRequest = RequestFields<z.infer<typeof listPaymentsRequest>>;

/** Result of list payments: `data` (given) plus optional paging facts. */
export const paymentList = z.looseObject({
  data: z.array(payment),
  total: z.optional(z.number()),
  page: z.optional(z.number()),
  pageSize: z.optional(z.number()),
});
/** Result of list payments. */
export type PaymentList = z.infer<typeof paymentList>;
