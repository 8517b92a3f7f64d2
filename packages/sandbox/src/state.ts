import type {
  createCheckoutSessionRequest,
  createProductRequest,
  createStoreRequest,
  customerData,
  paymentFlowInput,
  processorConfig,
  processorInput,
  productPriceInput,
  productVariantInput,
  KnownPaymentStatus,
  KnownPaymentSubStatus,
  ReasonType,
  RequestFields,
  threeDSSession,
} from '@tessera/core';
import type * as z from 'zod/mini';
import type { TestCardOutcome } from './test-cards.js';
import type { WebhookEventType } from './webhooks.js';

/** A processor as the sandbox keeps it: core's processor input without `options` (which may hold gateway secrets, never returned). */
export type ProcessorRecord = Omit<RequestFields<z.output<typeof processorInput>>, 'options'> & { id: string; archived: boolean; createdAt: string };

/** One processor of a flow. */
export type FlowProcessorConfig = RequestFields<z.output<typeof processorConfig>>;

/** A payment flow: core's flow input (fields the document does not list are kept) with its id. */
export type PaymentFlowRecord = RequestFields<z.output<typeof paymentFlowInput>> & { id: string; createdAt: string };

/** A store: core's create-store input with its id; `selectedPaymentFlowId` is `null` for a store without a flow. */
export type StoreRecord = Omit<RequestFields<z.output<typeof createStoreRequest>>, 'selectedPaymentFlowId'> & {
  id: string;
  selectedPaymentFlowId: string | null;
  createdAt: string;
};

/**
 * A price of a variant: core's price input with its id. Any `interval` string is stored; the test clock rebills
 * `day`, `week`, `month` and `year` ({@link BillingInterval}).
 */
export type PriceRecord = RequestFields<z.output<typeof productPriceInput>> & { id: string };

/** A product variant: core's variant input with its id, its product's id and priced ids. */
export type VariantRecord = Omit<RequestFields<z.output<typeof productVariantInput>>, 'prices'> & { id: string; productId: string; prices: PriceRecord[] };

/** A product: core's create-product input with ids for it and its variants. */
export type ProductRecord = Omit<RequestFields<z.output<typeof createProductRequest>>, 'variants'> & { id: string; variants: VariantRecord[]; createdAt: string };

/** A checkout session: core's create-checkout-session input with its id, total and where to send the customer. */
export type CheckoutSessionRecord = RequestFields<z.output<typeof createCheckoutSessionRequest>> & {
  id: string;
  amount: number;
  redirectUrl: string;
  status: 'open' | 'completed';
  orderId?: string;
  /** The token a published `GET /checkout/init` put in its redirect. */
  checkoutToken?: string;
  /** Where `pay-v2` sends the customer after paying (init's `returnUrl`). */
  returnUrl?: string;
  createdAt: string;
};

/** An order. */
export interface OrderRecord {
  id: string;
  storeId: string;
  status: 'paid';
  amount: number;
  currency: string;
  customerId: string;
  paymentId: string;
  checkoutSessionId?: string;
  subscriptionId?: string;
  items: { variantId: string; quantity: number; amount: number }[];
  createdAt: string;
}

/** The intervals the sandbox's test clock rebills. */
export type BillingInterval = 'day' | 'week' | 'month' | 'year';

/** A subscription, created by a checkout with a recurring price or by `POST /subscriptions/create`; the test clock rebills it. */
export interface SubscriptionRecord {
  id: string;
  storeId: string;
  customerId: string;
  /** The instrument each period is charged on; `null` for one created without any (its renewals fail: `past_due`). */
  paymentInstrumentId: string | null;
  variantId: string;
  priceId: string;
  quantity: number;
  amount: number;
  currency: string;
  /** The price's interval as given; only a {@link BillingInterval} is rebilled. */
  interval: string;
  intervalCount: number;
  status: 'active' | 'past_due';
  /**
   * When the next renewal is due (ISO time), derived from `createdAt`, the interval and `renewals`; `null` for an
   * interval the sandbox does not bill (never rebilled).
   */
  readonly currentPeriodEnd: string | null;
  /** How many renewals have been billed. */
  renewals: number;
  /** The processor `POST /subscriptions/change-processor` set (recorded and answered; the store's flow still routes). */
  preferredProcessorId?: string | null;
  /** The published `metadata`: `source` (`api` or `checkout`) and what create was given. */
  metadata?: Record<string, unknown>;
  createdAt: string;
  /** When it last changed; its `createdAt` until then. */
  updatedAt?: string;
}

/** A customer: core's customer data with its id and store. */
export type CustomerRecord = RequestFields<z.output<typeof customerData>> & { id: string; storeId: string; createdAt: string };

/** A vault token. Holds no card number and no CVC: only masked facts and the test-card outcome. */
export interface VaultTokenRecord {
  id: string;
  type: 'card' | 'apple_pay' | 'google_pay';
  last4: string;
  bin: string;
  brand: string;
  expMonth: number;
  expYear: number;
  outcome: TestCardOutcome;
  createdAt: string;
}

/** A payment instrument. */
export interface InstrumentRecord {
  id: string;
  type: string;
  customerId: string;
  storeId: string;
  /** Always true: the sandbox deletes and deactivates no instrument. */
  isActive: boolean;
  /** True for the customer's first instrument. */
  isDefault: boolean;
  /** The token's `provider` (`basistheory`). */
  tokenizer: string;
  /** The card facts the token stated; a fact it did not state is absent (never invented). */
  card: { last4?: string; brand?: string; expMonth?: number; expYear?: number };
  /** Funding and segment, as the vault knows them or the token stated them; `null` when unknown. */
  cardEnrichment: { funding: string | null; segment: string | null };
  /** What a `simulated` processor does with this card. */
  outcome: TestCardOutcome;
  createdAt: string;
}

/** A persisted 3DS session (section 2.6): core's 3DS session with its store. */
export type ThreeDSSessionRecord = RequestFields<z.output<typeof threeDSSession>> & { storeId: string; createdAt: string };

/**
 * A Basis Theory 3DS session of the sandbox's BT emulation (`POST /3ds/sessions`). `authenticationStatus` follows
 * BT's values: `pending` until authenticated, then `challenge`, `successful` or `failed`.
 */
export interface BtThreeDSSessionRecord {
  id: string;
  /** The card token the session is for; `null` for a session the sandbox made for a payment without one. */
  tokenId: string | null;
  /** The card brand BT names, when the card's facts are known. */
  cardBrand?: string;
  deviceInfo: Record<string, unknown>;
  acsTransID: string;
  dsTransID: string;
  acsChallengeUrl: string;
  challenged: boolean;
  authenticationStatus: 'pending' | 'challenge' | 'successful' | 'failed';
  createdAt: string;
}

/** One try of a payment on one processor (the cascade). */
export interface PaymentAttempt {
  processorId: string;
  processorType: string;
  outcome: 'approved' | 'declined' | 'failed' | 'challenge' | 'redirect' | 'processor_auth' | 'radar';
}

/** What a payment asks the customer for: a 3DS challenge, a redirect to a page, or an action no browser runs. */
export type PaymentActionData =
  | { type: 'threeds_auth'; metadata: { threedsSession: { externalSessionId: string; acsChallengeUrl: string; acsTransID: string; messageVersion: string } } }
  | { type: 'redirect'; metadata: { redirect: { redirectUrl: string } } }
  | { type: 'processor_auth' | 'radar'; metadata: Record<string, unknown> };

/**
 * Status of a payment record: `processing` while its flow routes it (inside one request: no answer, event or
 * listing shows it), then one of core's known statuses but `voided` (a void reports `failed` / `voided`, as the
 * vendor publishes). Changed only by the lifecycle's `transition()`.
 */
export type PaymentRecordStatus = 'processing' | Exclude<KnownPaymentStatus, 'voided'>;

/**
 * A payment. The fields beyond section 2.7 are listed in docs/contracts.md. `requireAction`, `capturedAmount` and
 * `refundedAmount` are derived (from the challenge data and status, and from the ledger): they read as fields,
 * serialize as fields, and cannot be set.
 */
export interface PaymentRecord {
  id: string;
  amount: number;
  currency: string;
  status: PaymentRecordStatus;
  /** The finer status the vendor publishes beside `status` (`approved`, `voided`, …); `null` while there is no outcome. */
  subStatus: KnownPaymentSubStatus | null;
  /** The action's `type` while the payment is `pending` on it (`requireActionData`), else `none`. */
  readonly requireAction: 'none' | PaymentActionData['type'];
  /** The action the payment asked for (a challenge, a redirect, …); kept after it ends. */
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

/** A webhook event recorded for a store. */
export interface WebhookEventRecord {
  id: string;
  type: WebhookEventType;
  storeId: string;
  createdAt: string;
  data: unknown;
}

/** One attempt of a delivery: when it started, the answer's status (`null` without one) and why it failed. */
export interface WebhookDeliveryAttempt {
  attempt: number;
  /** When it started (real time, as the signature's timestamp). */
  at: string;
  status: number | null;
  /** `connection_error` or `timeout` when no answer came. */
  error?: 'connection_error' | 'timeout';
  durationMs: number;
}

/** One delivery of one event to one endpoint, with each attempt. */
export interface WebhookDelivery {
  eventId: string;
  eventType: WebhookEventType;
  storeId: string;
  /** The endpoint (`wh_…`) it goes to. */
  endpointId: string;
  url: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  /** HTTP status of the last attempt, when there was an answer. */
  lastStatus?: number;
  /** Every attempt so far, first one first. */
  history: WebhookDeliveryAttempt[];
}

/** A registered webhook endpoint (`POST /webhooks`, or the `/sandbox/webhook-endpoints` helper). */
export interface WebhookEndpointRecord {
  id: string;
  storeId: string;
  url: string;
  /** The `whsec_…` secret every delivery to it is signed with. */
  secret: string;
  /** The event types it receives. */
  eventTypes: string[];
  /** Registered by the helper: every event type. */
  allEvents: boolean;
  enabled: boolean;
  description: string | null;
  createdAt: string;
}

/**
 * A money movement, the one record of money: a payment's captured and refunded amounts are sums of its entries.
 * Tests count `charge` and `capture` entries to assert that nothing was charged twice.
 */
export interface LedgerEntry {
  /** The transaction id (`txn_…`) a payment's `transactions` show. */
  id: string;
  paymentId: string;
  kind: 'charge' | 'authorize' | 'capture' | 'void' | 'refund';
  amount: number;
  currency: string;
  at: string;
  /** The refund of a `refund` entry. */
  refundId?: string;
}

/** A refund of a payment (`POST /payments/refund`), as the published answer's `refund` shows it, with what it was given. */
export interface RefundRecord {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  /** The request's `metadata`, when given. */
  metadata?: Record<string, unknown>;
  createdAt: string;
}

/** Everything the sandbox holds. Internal: tests read it through the sandbox's read-only `records`. */
export interface SandboxState {
  processors: Map<string, ProcessorRecord>;
  paymentFlows: Map<string, PaymentFlowRecord>;
  stores: Map<string, StoreRecord>;
  products: Map<string, ProductRecord>;
  variants: Map<string, VariantRecord>;
  checkoutSessions: Map<string, CheckoutSessionRecord>;
  orders: Map<string, OrderRecord>;
  subscriptions: Map<string, SubscriptionRecord>;
  customers: Map<string, CustomerRecord>;
  vaultTokens: Map<string, VaultTokenRecord>;
  instruments: Map<string, InstrumentRecord>;
  threedsSessions: Map<string, ThreeDSSessionRecord>;
  /** Basis Theory 3DS sessions of the BT emulation, by BT session id. */
  btThreeDSSessions: Map<string, BtThreeDSSessionRecord>;
  payments: Map<string, PaymentRecord>;
  refunds: Map<string, RefundRecord>;
  /** acsTransID → payment id, for pending 3DS challenges. */
  challenges: Map<string, string>;
  webhookEvents: WebhookEventRecord[];
  /** Webhook endpoints by id (`wh_…`); each receives its store's events of its types. */
  webhookEndpoints: Map<string, WebhookEndpointRecord>;
  webhookDeliveries: WebhookDelivery[];
  ledger: LedgerEntry[];
}

/** An empty state. */
export function createState(): SandboxState {
  return {
    processors: new Map(),
    paymentFlows: new Map(),
    stores: new Map(),
    products: new Map(),
    variants: new Map(),
    checkoutSessions: new Map(),
    orders: new Map(),
    subscriptions: new Map(),
    customers: new Map(),
    vaultTokens: new Map(),
    instruments: new Map(),
    threedsSessions: new Map(),
    btThreeDSSessions: new Map(),
    payments: new Map(),
    refunds: new Map(),
    challenges: new Map(),
    webhookEvents: [],
    webhookEndpoints: new Map(),
    webhookDeliveries: [],
    ledger: [],
  };
}
