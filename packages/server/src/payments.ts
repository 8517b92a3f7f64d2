import {
  API_PREFIX,
  authorizeRequest,
  captureRequest,
  isSettledPaymentStatus,
  listPaymentsRequest,
  parseOrThrow,
  payment,
  poll,
  processPaymentRequest,
  purchaseRequest,
  refundPaymentRequest,
  resourceId,
  routePath,
  routes,
  voidPaymentRequest,
  type AuthorizeRequest,
  type CaptureRequest,
  type Payment,
  type ProcessPaymentRequest,
  type PurchaseRequest,
  type RefundPaymentRequest,
  TesseraValidationError,
  type VoidPaymentRequest,
} from '@tessera/core';
import type * as z from 'zod/mini';
import type { HttpClient } from './http-client.js';
import { generateIdempotencyKey } from './idempotency-key.js';
import { Page, PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';
import { recogniseList, recognisePayment, requirePayment, type Recognised } from './response-body.js';

/** A request of one mode, without its `mode` (the shortcut method sets it). */
export type WithoutMode<T> = T extends unknown ? Omit<T, 'mode'> : never;

/** Parameters of {@link Payments.list}. */
export interface ListPaymentsParams {
  /** Page to start from and its size. Default `{ page: 1, pageSize: 20 }`. */
  pagination?: { page?: number; pageSize?: number };
  /** Only payments of these stores. */
  filters?: { storeIds?: string[] };
}

/**
 * The answer of `void` or `refund`, whose body the interface document does not show. The call succeeded (a 2xx);
 * `payment` is the payment when the body is one or wraps one (`{ payment }`, `{ data }`) with at least `id` and
 * `status` (best effort), and `raw` the body exactly as sent (guaranteed; `undefined` for an empty 204).
 */
export type PaymentOutcome = Recognised<'payment', Payment>;

/** Options of {@link Payments.waitForFinalStatus}. */
export interface WaitForFinalStatusOptions {
  /**
   * Milliseconds between polls. Default 1500 (the interface document asks for every 1–2 s). Below
   * {@link MIN_POLL_INTERVAL_MS} only against a loopback origin (a local sandbox); otherwise refused with a
   * `TesseraValidationError` before the first request.
   */
  intervalMs?: number;
  /** Give up with a `TesseraTimeoutError` after this many milliseconds. Default 120000. */
  timeoutMs?: number;
  /** Cancels polling, including the wait between polls, with a `TesseraAbortError`. */
  signal?: AbortSignal;
  /** Called with the payment whenever its status changes (and for the first one fetched). */
  onStatus?: (payment: Payment) => void;
}

const DEFAULT_PAGE_SIZE = 20;

/** The shortest `waitForFinalStatus` interval against a service that is not on this machine. */
export const MIN_POLL_INTERVAL_MS = 1000;

const loopbackHost = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function isLoopback(apiUrl: string): boolean {
  try {
    return loopbackHost.test(new URL(apiUrl).hostname);
  } catch {
    return false;
  }
}

/** Payments: process (purchase, authorize, capture), retrieve, poll, void, refund and list (sections 4.5–4.8). */
export class Payments {
  readonly #http: HttpClient;
  readonly #loopback: boolean;

  /** @internal Created by `Tessera`; `apiUrl` decides whether short polling intervals are allowed. */
  constructor(http: HttpClient, apiUrl = `https://api.invalid${API_PREFIX}`) {
    this.#http = http;
    this.#loopback = isLoopback(apiUrl);
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
    return this.#process(processPaymentRequest, params, options);
  }

  /** Charges now: `process` with `mode: 'purchase'`. */
  async purchase(params: WithoutMode<PurchaseRequest>, options?: RequestOptions): Promise<Payment> {
    return this.#process(purchaseRequest, { ...params, mode: 'purchase' }, options);
  }

  /** Authorizes only, to capture or void later: `process` with `mode: 'auth'`. */
  async authorize(params: WithoutMode<AuthorizeRequest>, options?: RequestOptions): Promise<Payment> {
    return this.#process(authorizeRequest, { ...params, mode: 'auth' }, options);
  }

  /** Captures an authorization (all of it, or `amount`): `process` with `mode: 'capture'`. */
  async capture(params: WithoutMode<CaptureRequest>, options?: RequestOptions): Promise<Payment> {
    return this.#process(captureRequest, { ...params, mode: 'capture' }, options);
  }

  /** Fetches a payment. Accepts a bare payment or `{ payment }` from the service; requires only `id` and `status`. */
  async retrieve(id: string, options?: RequestOptions): Promise<Payment> {
    const route = routes.retrievePayment;
    const result = await this.#http.send(route.method, routePath(route, { id: parseOrThrow(resourceId, id, 'id') }), options);
    return requirePayment(result);
  }

  /**
   * Polls the payment until its status will not change by itself: `succeeded`, `failed` or `declined` (or, after
   * an authorization, `authorized`, `voided`, `refunded`, `partially_refunded`), and returns it.
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
      until: (current) => isSettledPaymentStatus(current.status),
      onValue: (current) => {
        if (current.status !== lastStatus) options.onStatus?.(current);
        lastStatus = current.status;
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
    const body = parseOrThrow(voidPaymentRequest, params);
    const route = routes.voidPayment;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return { payment: recognisePayment(result.data), raw: result.data };
  }

  /**
   * Refunds a captured payment: `amount` in minor units for a partial refund, or everything not yet refunded. Any
   * 2xx is returned, never thrown: the refund happened. See {@link PaymentOutcome}.
   */
  async refund(params: RefundPaymentRequest, options?: RequestOptions): Promise<PaymentOutcome> {
    const body = parseOrThrow(refundPaymentRequest, params);
    const route = routes.refundPayment;
    const result = await this.#http.send(route.method, routePath(route), { ...options, body });
    return { payment: recognisePayment(result.data), raw: result.data };
  }

  /** Lists payments, newest first as the service orders them. Await for one page, or `for await` for all. */
  list(params: ListPaymentsParams = {}, options?: RequestOptions): PagePromise<Payment> {
    // Later pages send another body, so they get keys of their own rather than the caller's.
    const laterPageOptions: RequestOptions = { ...options };
    delete laterPageOptions.idempotencyKey;
    const fetchPage = async (page: number, pageOptions: RequestOptions = laterPageOptions): Promise<Page<Payment>> => {
      const body = parseOrThrow(listPaymentsRequest, {
        ...params,
        pagination: { page, pageSize: params.pagination?.pageSize ?? DEFAULT_PAGE_SIZE },
      });
      const route = routes.listPayments;
      const result = await this.#http.send(route.method, routePath(route), { ...pageOptions, body });
      const list = recogniseList(payment, result.data, ['payments']);
      return new Page(list.items, { page, pageSize: body.pagination.pageSize, total: list.total, raw: result.data }, (next) => fetchPage(next));
    };
    return new PagePromise(fetchPage(params.pagination?.page ?? 1, options));
  }

  async #process<S extends z.ZodMiniType>(schema: S, params: unknown, options: RequestOptions | undefined): Promise<Payment> {
    const body = parseOrThrow(schema, params);
    const route = routes.processPayment;
    // Known before sending, so an answer the SDK cannot read can name the key to reconcile with.
    const idempotencyKey = options?.idempotencyKey ?? generateIdempotencyKey();
    return requirePayment(await this.#http.send(route.method, routePath(route), { ...options, body, idempotencyKey }), idempotencyKey);
  }
}
