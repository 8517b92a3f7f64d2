import {
  isSettledPayment,
  normalizePaymentStatus,
  TesseraValidationError,
  type AuthorizeRequest,
  type CaptureRequest,
  type ContinuePaymentRequest,
  type ListPaymentsFilters,
  type Payment,
  type ProcessPaymentRequest,
  type PurchaseRequest,
  type Refund,
  type RefundPaymentRequest,
  type VoidPaymentRequest,
} from '@tessera/core';
import { authorizeRequest, captureRequest, purchaseRequest, refundSchema } from '@tessera/core/schemas';
import { isLoopbackUrl, parseOrThrow, poll, resourceId } from '@tessera/core/internal';
import type { HttpClient } from '../transport/http-client.js';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import { recogniseNested, type Recognised } from './response-body.js';
import { reconcilePayment, type ReconcileFrom, type ReconcileOptions, type ReconcileResult } from './reconcile.js';

/** A request of one mode, without its `mode` (the shortcut method sets it). */
export type WithoutMode<T> = T extends unknown ? Omit<T, 'mode'> : never;

/** Parameters of {@link Payments.list}. */
export interface ListPaymentsParams {
  /** Page to start from and its size. Default `{ page: 1, pageSize: 20 }`. */
  pagination?: { page?: number; pageSize?: number };
  /**
   * Only the payments that pass every filter: `status`, `currency`, `date` (published convention), `storeIds`,
   * `processorTransactionId`, `orderId`, `customerId`, `paymentInstrumentId` (see `ListPaymentsFilters`). A key the
   * SDK does not type is refused before sending (a typo never widens the list); send one the service adds later under
   * `unlisted`.
   */
  filters?: ListPaymentsFilters;
  /** The published sort: `{ field: 'createdAt', direction: 'desc' }`. Not with `useCursor` (the published page says so). */
  sortBy?: { field?: string; direction?: 'asc' | 'desc' };
  /**
   * Keyset paging, as published: newest first by `createdAt` (not sortable), each page asked for with the
   * `nextCursor` of the answer before it, until an answer gives none. Payments created while you list do not shift
   * the pages. Default `false` (pages by number).
   */
  useCursor?: boolean;
  /** With `useCursor`, the cursor to start at: a page's `nextCursor` from an earlier walk. Default: the first page. */
  cursor?: string;
}

/**
 * The answer of `void` or `refund`, whose body the interface document does not show (the published API answers the
 * payment's fields at the top level). The call succeeded (a 2xx); `payment` is the payment when the body is one or
 * wraps one (`{ payment }`, `{ data }`) with at least `id` and `status` (best effort), and `raw` the body exactly
 * as sent (guaranteed; `undefined` for an empty 204).
 */
export type PaymentOutcome = Recognised<'payment', Payment>;

/**
 * The answer of `refund`. The published answer is the payment's fields at the top level, the refund under `refund`
 * (`{ id, refundedAmount, status, refund: { id, amount, currency, status, createdAt } }`), but its schema is "any":
 * so a recognised `payment` (at least `id` and `status`) comes with the `refund` when the body has one, and a body the
 * SDK does not recognise as a payment is still returned, never thrown (the refund happened), with `payment` and
 * `refund` both `undefined` and the body in `raw`. A `refund` never comes without its `payment`: narrow on `payment`.
 */
export type RefundOutcome =
  | {
      /** The payment after the refund (its `status`, `refundedAmount`, …): the body, or the payment it wraps. */
      readonly payment: Payment;
      /** The refund the service made (`{ id, amount?, currency?, status?, createdAt? }`), or `undefined` when the body has none. */
      readonly refund: Refund | undefined;
      /** The body exactly as the service sent it (parsed JSON). */
      readonly raw: unknown;
    }
  | {
      /** No payment recognised in the body (best effort: read it with `payments.retrieve`). */
      readonly payment: undefined;
      /** Never without a recognised payment: a `refund` elsewhere in the body stays in `raw`. */
      readonly refund: undefined;
      /** The body exactly as the service sent it: parsed JSON, or `undefined` when it was empty (e.g. a 204). */
      readonly raw: unknown;
    };

/** Options of {@link Payments.waitForFinalStatus}. */
export interface WaitForFinalStatusOptions {
  /**
   * Milliseconds between polls. Default 1500 (the interface document asks for every 1–2 s). Below
   * `MIN_POLL_INTERVAL_MS` (`@tessera/server/internal`) only against a loopback origin (a local sandbox); otherwise refused with a
   * `TesseraValidationError` before the first request.
   */
  intervalMs?: number;
  /** Give up with a `TesseraTimeoutError` after this many milliseconds. Default 120000. */
  timeoutMs?: number;
  /** Cancels polling, including the wait between polls, with a `TesseraAbortError`. */
  signal?: AbortSignal;
  /** Called with the payment whenever its `status` or `subStatus` changes (and for the first one fetched). */
  onStatus?: (payment: Payment) => void;
}

const DEFAULT_PAGE_SIZE = 20;

/** The shortest `waitForFinalStatus` interval against a service that is not on this machine. */
export const MIN_POLL_INTERVAL_MS = 1000;

/** Payments: process (purchase, authorize, capture), retrieve, poll, void, refund and list (sections 4.5–4.8). */
export class Payments extends Resource<'processPayment' | 'continuePayment' | 'retrievePayment' | 'voidPayment' | 'refundPayment' | 'listPayments'> {
  readonly #loopback: boolean;
  readonly #idempotentRetries: boolean;

  /** @internal Created by `Tessera`; its API URL decides whether short polling intervals are allowed. */
  constructor(http: HttpClient) {
    super(http);
    this.#loopback = isLoopbackUrl(http.apiUrl);
    this.#idempotentRetries = http.idempotentRetries;
  }

  /**
   * Requests a payment: `mode` `purchase` charges now, `auth` authorizes only, `capture` captures an earlier
   * authorization. A payment that needs 3DS comes back `pending` with `requireAction: 'threeds_auth'` (not an error):
   * hand `getThreeDSChallenge(payment)` to the browser, then {@link waitForFinalStatus}.
   *
   * Guaranteed on the returned payment: `id`, `status`, and the challenge data when `requireAction` is
   * `threeds_auth` (checked at runtime). Every other field is passed through as the service sent it (best effort;
   * the type describes the documented shape). A 2xx without them throws {@link TesseraResponseValidationError}:
   * the payment was requested successfully; reconcile with its `idempotencyKey`, never retry with a new one.
   */
  async process(params: ProcessPaymentRequest, options?: RequestOptions): Promise<Payment> {
    return this.call('processPayment', params, options);
  }

  /** Charges now: `process` with `mode: 'purchase'`. */
  async purchase(params: WithoutMode<PurchaseRequest>, options?: RequestOptions): Promise<Payment> {
    return this.call('processPayment', { ...params, mode: 'purchase' }, options, purchaseRequest);
  }

  /** Authorizes only, to capture or void later: `process` with `mode: 'auth'`. */
  async authorize(params: WithoutMode<AuthorizeRequest>, options?: RequestOptions): Promise<Payment> {
    return this.call('processPayment', { ...params, mode: 'auth' }, options, authorizeRequest);
  }

  /**
   * Captures an authorization (all of it, or `amount`): `process` with `mode: 'capture'`. The published API requires
   * `amount`, `currency` and `storeId` on every request: the ones you leave out are read from the authorization
   * (`GET /payments/{paymentId}`) before the capture is sent.
   */
  async capture(params: WithoutMode<CaptureRequest>, options?: RequestOptions): Promise<Payment> {
    return this.call('processPayment', { ...params, mode: 'capture' }, options, captureRequest);
  }

  /**
   * Asks the service to go on with a payment once the customer has done what it asked for (`requireAction`: a 3DS
   * challenge, a redirect): `POST /payments/continue { paymentId }`, as the vendor's own code does. Answers as
   * {@link process}: the payment, possibly final, or asking for another action. Poll with {@link waitForFinalStatus}
   * when it is still `processing`.
   */
  async continue(params: ContinuePaymentRequest, options?: RequestOptions): Promise<Payment> {
    return this.call('continuePayment', params, options);
  }

  /** Fetches a payment. Accepts a bare payment or `{ payment }` from the service; requires only `id` and `status`. */
  async retrieve(id: string, options?: RequestOptions): Promise<Payment> {
    return this.call('retrievePayment', { id }, options);
  }

  /**
   * Polls the payment until it will not change without you acting: `succeeded`, `failed`, `declined`,
   * `authorized`, `voided`, `refunded` or `partially_refunded`, in either form the service reports them
   * (`pending` / `authorized`, `failed` / `voided`: see `normalizePaymentStatus`), and returns it.
   */
  async waitForFinalStatus(id: string, options: WaitForFinalStatusOptions = {}): Promise<Payment> {
    const paymentId = parseOrThrow(resourceId, id, 'id');
    if (options.intervalMs !== undefined && options.intervalMs < MIN_POLL_INTERVAL_MS && !this.#loopback) {
      throw new TesseraValidationError([
        { field: 'intervalMs', code: 'too_small', message: `must be at least ${MIN_POLL_INTERVAL_MS} ms against a service that is not on this machine` },
      ]);
    }
    let lastStatus: string | undefined;
    return poll((signal) => this.retrieve(paymentId, signal ? { signal } : {}), {
      until: isSettledPayment,
      onValue: (current) => {
        const status = `${current.status}/${current.subStatus ?? ''}/${normalizePaymentStatus(current)}`;
        if (status !== lastStatus) options.onStatus?.(current);
        lastStatus = status;
      },
      ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /**
   * Cancels an authorization. Any 2xx is returned, never thrown: the void happened. See {@link PaymentOutcome}.
   */
  async void(params: VoidPaymentRequest, options?: RequestOptions): Promise<PaymentOutcome> {
    return this.call('voidPayment', params, options);
  }

  /**
   * Refunds a captured payment (`paymentId`, or the published `paymentIds`): `amount` in minor units for a partial
   * refund, or everything not yet refunded (sent as `refundAll: true`). Any 2xx is returned, never thrown: the
   * refund happened. See {@link RefundOutcome}.
   */
  async refund(params: RefundPaymentRequest, options?: RequestOptions): Promise<RefundOutcome> {
    const { payment, refund, raw } = await this.call('refundPayment', params, options);
    // The published answer is the payment's fields with `refund` among them: a refund is read in the payment (the body
    // itself, or the payment it wraps), else beside it, and only with a payment, so narrowing on `payment` is enough.
    if (payment === undefined) return { payment, refund: undefined, raw };
    return { payment, refund: (recogniseNested(refundSchema, payment, 'refund') as Refund | undefined) ?? refund, raw };
  }

  /**
   * Finds what a payment call whose outcome is unknown did: pass the {@link TesseraOutcomeUnknownError} it threw (or
   * `{ request, idempotencyKey, sentAt }` from your own records). A call that named its payment (capture, continue,
   * void, refund) reads that payment back. A purchase or authorization is replayed with its own key where the service
   * honours keys (`replay`), else searched for: the store's payments from a little before it was sent to now, held
   * against the request's `orderId` and `metadata` (give one on every payment to make this certain), instrument,
   * amount and currency. Answers `found` (the payment), `not_found` (safe to retry with the same key, or to give up)
   * or `ambiguous` (the candidates, never a guess), with what it relied on. Invalid input throws a
   * `TesseraValidationError` before any request. See {@link ReconcileResult}.
   */
  async reconcile(from: ReconcileFrom, options?: ReconcileOptions): Promise<ReconcileResult> {
    const payments = {
      idempotentRetries: this.#idempotentRetries,
      process: (request: ProcessPaymentRequest, requestOptions: RequestOptions) => this.process(request, requestOptions),
      retrieve: (id: string, requestOptions: RequestOptions) => this.retrieve(id, requestOptions),
      list: (params: ListPaymentsParams, requestOptions: RequestOptions) => this.list(params, requestOptions),
    };
    return reconcilePayment(payments, from, options);
  }

  /**
   * Lists payments, newest first as the service orders them. Await for one page, or `for await` for all. With
   * `useCursor: true` the pages are walked by the service's `nextCursor` (sent as `cursor`), not by number: every
   * request of the walk keeps the first's `pagination`, so a service that also applied the page number skips nothing.
   */
  list(params: ListPaymentsParams = {}, options?: RequestOptions): PagePromise<Payment> {
    const pageSize = params.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
    const first = params.pagination?.page ?? 1;
    if (params.useCursor !== true) return this.paginate('listPayments', first, pageSize, (page) => ({ ...params, pagination: { page, pageSize } }), options);
    const { cursor: start, ...rest } = params;
    const input = (_page: number, cursor: string | undefined) => ({ ...rest, pagination: { page: first, pageSize }, ...(cursor === undefined ? {} : { cursor }) });
    return this.paginate('listPayments', first, pageSize, input, options, { cursor: start });
  }
}
