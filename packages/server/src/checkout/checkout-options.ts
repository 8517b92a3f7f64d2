import type { Payment, PaymentMetadata } from '@tessera/core';
import type { Tessera } from '../client/tessera.js';
import type { ReconcileOptions } from '../resources/reconcile.js';

/** Who pays: details for a new customer, or an existing customer of the service. */
export type CheckoutCustomer = { email?: string; name?: string } | { customerId: string };

/** What the merchant's server decides for an order reference: never read from the page. */
export interface CheckoutOrder {
  /** In minor units (1999 for 19.99), above 0. */
  amount: number;
  /** ISO 4217, e.g. `USD`. */
  currency: string;
  /** The store the payment is made in. */
  storeId: string;
  /** Default: what the page sent as `customer` (email and name), or an empty new customer. */
  customer?: CheckoutCustomer;
  /** Kept on the payment; the handler adds `checkoutOrderRef` and `checkoutAttempt` to it. */
  metadata?: PaymentMetadata;
  /** Where a redirect or processor page sends the customer back. */
  returnUrl?: string;
}

/** What `beforePayment` answers to stop a payment: a message the page may show the customer. */
export interface CheckoutRefusal {
  refuse: string;
}

/** Options of {@link createCheckoutHandler}. */
export interface CheckoutHandlerOptions {
  /** The merchant's client (its secret key signs every service call). */
  tessera: Tessera;
  /**
   * The order an order reference names: its amount, currency, store and customer, or `undefined` when there is no
   * such order (answered 404 `unknown_order`). `request` is the page's request (its cookies and headers; its body is
   * read already). A resend of one attempt must resolve to the same order, or the service refuses the resend.
   */
  order: (orderRef: string, request: Request) => Promise<CheckoutOrder | undefined> | CheckoutOrder | undefined;
  /**
   * Called before any card is used: answer `{ refuse: 'message' }` to stop (409 `payment_refused`, the message shown
   * to the customer), anything else to go on.
   */
  beforePayment?: (context: { orderRef: string; order: CheckoutOrder; request: Request }) => Promise<CheckoutRefusal | void> | CheckoutRefusal | void;
  /**
   * Called once the service answered the payment (any status, a decline too) and before the page is answered. What it
   * throws is passed to `onError` and never turns the payment into an error answer. A resent request (the same
   * attempt) runs it again for the same payment: make it safe to repeat. Fulfil from the
   * `payment/succeeded` webhook, not from here: the page may never come back.
   */
  afterPayment?: (context: { orderRef: string; order: CheckoutOrder; payment: Payment }) => Promise<void> | void;
  /** The route prefix of the page's calls. Default `DEFAULT_CHECKOUT_BASE_PATH` (`/api/tessera`). */
  basePath?: string;
  /**
   * The origins allowed to call (`https://shop.example`). Default: the request URL's own origin (pass the public
   * origin when a proxy changes the host the handler sees). One other than the handler's own origin gets CORS
   * headers (credentials allowed) and its preflight (`OPTIONS`) answered.
   */
  allowedOrigins?: readonly string[];
  /** The largest body read, in bytes; a longer one is refused (413) before it is parsed. Default 16 KiB. */
  maxBodyBytes?: number;
  /**
   * The secret that signs payment tokens (at least 32 characters). Default: derived from the client's API key, so
   * tokens stay valid across restarts and instances that share the key.
   */
  paymentTokenSecret?: string;
  /** How long a payment token lets the page read or continue its payment, in seconds. Default 3600. */
  paymentTokenTtlSeconds?: number;
  /**
   * How a purchase whose answer was lost is looked for (`payments.reconcile`'s options) before the page is answered.
   * Default: reconcile's (it waits `settleMs`, 10 s, so a charge still in flight is seen).
   */
  reconcile?: Pick<ReconcileOptions, 'settleMs' | 'clockSkewMs' | 'maxPages' | 'timeoutMs'>;
  /**
   * Receives what the handler did not answer the page with: a throw of `order` or a hook, a failed service call.
   * Default: `console.error`. The page gets a typed error without it.
   */
  onError?: (error: unknown, context: { route: CheckoutRouteName }) => void;
}

/** The routes of the checkout protocol, by name (`checkoutRoutes` of `@tessera/core`). */
export type CheckoutRouteName = 'pay' | 'retrieve' | 'continue' | 'radarSession';
