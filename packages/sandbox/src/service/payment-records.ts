import type { KnownPaymentSubStatus, KnownPaymentStatus, PaymentMetadata, ReasonType } from '@tessera/core';
import { byId, internalById } from '../state/collection.js';
import type { SandboxContext } from './context.js';
import { notFound } from '../errors/http-error.js';
import type { CustomerActionOutcome } from './test-cards.js';

// A payment as the sandbox keeps it, the payments table, and the pending challenges' table; how a payment moves from
// one status to another is lifecycle.ts.

/** One try of a payment on one processor (the cascade): approved, declined, failed, or asking the customer to act. */
export interface PaymentAttempt {
  processorId: string;
  processorType: string;
  outcome: 'approved' | 'declined' | 'failed' | CustomerActionOutcome;
}

/**
/**
 * What a payment asks the customer for (`requireActionData`), in the shapes the vendor's code reads: a 3DS challenge;
 * a page to send the customer to, with the `resumeToken` the return page resumes with (`redirect`, or
 * `processor_auth`, the processor's own page, named again in `metadata.type`); Airwallex's device fingerprint
 * (core-js's `AirwallexRadarActionData`); a Stripe Radar session (core-js's `StripeRadarActionData`); or, on a payment
 * declined or failed when processed, why (the vendor's `error` action: its plugin SDK shows `message`).
 */
export type PaymentActionData = PaymentAction & {
  /** Set when the customer's page said it took the action (`POST /api/v1/payments/require-action/processed`, plugin-sdk). */
  processed?: true;
};

/** The actions of {@link PaymentActionData}, each in its own shape. */
type PaymentAction =
  | { type: 'threeds_auth'; metadata: { threedsSession: { externalSessionId: string; acsChallengeUrl: string; acsTransID: string; messageVersion: string } } }
  | { type: 'redirect'; resumeToken: string; metadata: { redirect: { redirectUrl: string } } }
  | { type: 'processor_auth'; resumeToken: string; metadata: { type: 'processor_auth'; redirect: { redirectUrl: string } } }
  | { type: 'radar'; metadata: { provider: 'airwallex'; isTest: boolean } }
  | { type: 'stripe_radar'; metadata: { type: 'stripe_radar'; radar: { publishableKey: string; orderId?: string } } }
  | { type: 'error'; errorCode: string; message: string; blockRule?: BlockedBy };

/** The block rule that declined a payment: its id, name and operator, and the criteria the payment matched. */
export interface BlockedBy {
  id: string;
  name: string;
  operator: 'OR' | 'AND';
  matched: string[];
}

/** The top-level `requireAction` of each action: its type, but `radar` for both radar checks (as the vendor's answers). */
export const topLevelAction = {
  threeds_auth: 'threeds_auth',
  redirect: 'redirect',
  processor_auth: 'processor_auth',
  radar: 'radar',
  stripe_radar: 'radar',
  error: 'error',
} as const satisfies Record<PaymentAction['type'], string>;

/**
 * Status of a payment record: `processing` while its flow routes it (inside one request: no answer, event or
 * listing shows it), then one of core's known statuses but `voided` (a void reports `failed` / `voided`, as the
 * vendor publishes). Changed only by the lifecycle's `transition()`.
 */
export type PaymentRecordStatus = 'processing' | Exclude<KnownPaymentStatus, 'voided'>;

/**
 * A payment. The fields beyond section 2.7 are listed in docs/contracts.md. `requireAction`, `capturedAmount` and
 * `refundedAmount` are derived (from the challenge data and status, and from the ledger): plain fields that only
 * {@link transition} sets, with what they are derived from, and read-only to everything else.
 */
export interface PaymentRecord {
  id: string;
  amount: number;
  currency: string;
  /** Set by {@link transition} only (the lists keep an index by it). */
  readonly status: PaymentRecordStatus;
  /**
   * The finer status the vendor publishes beside `status` (`approved`, `voided`, …); `null` while there is no outcome.
   * Set by {@link transition} only.
   */
  readonly subStatus: KnownPaymentSubStatus | null;
  /**
   * While the payment is `pending` on an action (`requireActionData`), the action (`radar` for both radar checks);
   * `error` on a payment declined or failed when processed (`requireActionData` says why); else `none`.
   */
  readonly requireAction: 'none' | (typeof topLevelAction)[PaymentActionData['type']];
  /** The action the payment asked for (a challenge, a redirect, …), kept after it ends; or why it was declined. */
  requireActionData: PaymentActionData | null;
  /** The published process request's `returnUrl`: where the redirect page sends the customer back. */
  returnUrl?: string;
  mode: 'purchase' | 'auth';
  initiatedBy: 'customer' | 'merchant';
  reasonType?: ReasonType;
  storeId: string;
  paymentInstrumentId: string;
  customerId: string;
  paymentFlowId: string | null;
  threedsSessionId?: string;
  /** The published process request's `orderId` and `subscriptionId`, when given. */
  orderId?: string;
  subscriptionId?: string;
  /** The purchase's or authorization's `metadata` (the merchant's own keys), when given: kept and answered as sent. */
  metadata?: PaymentMetadata;
  /** When it was voided. */
  voidedAt?: string;
  /** Purchases and captures in the ledger. */
  readonly capturedAmount: number;
  /** Refunds in the ledger. */
  readonly refundedAmount: number;
  processorId: string | null;
  attempts: PaymentAttempt[];
  createdAt: string;
  updatedAt: string;
}

/** Payments by id. */
export const payments = byId<PaymentRecord>()('payments');

/**
 * The payment, or a 404 with the published code `PAYMENT_NOT_FOUND` (also when `storeId` is given and the payment
 * belongs to another store).
 */
export function requirePayment(ctx: SandboxContext, id: string, storeId?: string): PaymentRecord {
  const payment = payments.of(ctx).get(id);
  if (!payment || (storeId !== undefined && payment.storeId !== storeId)) throw notFound('payment', id, 'PAYMENT_NOT_FOUND');
  return payment;
}

/** The name of the payments' grouping by store and status (state/ordered.ts `changingGroups`), which the list reads. */
export const PAYMENT_STATUS_GROUPS = 'storeStatus';

/** A payment's group in {@link PAYMENT_STATUS_GROUPS}: its store, status and subStatus, one per line. */
export const paymentStatusKey = (payment: PaymentRecord): string => `${payment.storeId}\n${payment.status}\n${payment.subStatus ?? ''}`;

/** acsTransID → payment id, for pending 3DS challenges (internal). */
export const challenges = internalById<string>()('challenges');
