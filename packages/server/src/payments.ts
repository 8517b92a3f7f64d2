import {
  authorizeRequest,
  captureRequest,
  isTerminalPaymentStatus,
  listPaymentsRequest,
  parseOrThrow,
  payment,
  paymentList,
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
  type VoidPaymentRequest,
} from '@tessera/core';
import type * as z from 'zod/mini';
import { parseResponse, type HttpClient } from './http-client.js';
import { Page, PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';

/** A request of one mode, without its `mode` (the shortcut method sets it). */
export type WithoutMode<T> = T extends unknown ? Omit<T, 'mode'> : never;

/** Parameters of {@link Payments.list}. */
export interface ListPaymentsParams {
  /** Page to start from and its size. Default `{ page: 1, pageSize: 20 }`. */
  pagination?: { page?: number; pageSize?: number };
  /** Only payments of these stores. */
  filters?: { storeIds?: string[] };
}

/** Options of {@link Payments.waitForFinalStatus}. */
export interface WaitForFinalStatusOptions {
  /** Milliseconds between polls. Default 1500 (the interface document asks for every 1–2 s). */
  intervalMs?: number;
  /** Give up with a `TesseraTimeoutError` after this many milliseconds. Default 120000. */
  timeoutMs?: number;
  /** Cancels polling, including the wait between polls, with a `TesseraAbortError`. */
  signal?: AbortSignal;
  /** Called with the payment whenever its status changes (and for the first one fetched). */
  onStatus?: (payment: Payment) => void;
}

const DEFAULT_PAGE_SIZE = 20;

/** Payments: process (purchase, authorize, capture), retrieve, poll, void, refund and list (sections 4.5–4.8). */
export class Payments {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Requests a payment: `mode` `purchase` charges now, `auth` authorizes only, `capture` captures an earlier
   * authorization. A payment that needs 3DS comes back `pending` with `requireAction: 'threeds_auth'` (not an error):
   * hand `getThreeDSChallenge(payment)` to the browser, then {@link waitForFinalStatus}.
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

  /** Fetches a payment. Accepts a bare payment or `{ payment }` from the service. */
  async retrieve(id: string, options?: RequestOptions): Promise<Payment> {
    const route = routes.retrievePayment;
    const result = await this.#http.send(route.method, routePath(route, { id: parseOrThrow(resourceId, id, 'id') }), options);
    return parseResponse(payment, result, 'payment');
  }

  /**
   * Polls the payment until its status will not change by itself: `succeeded`, `failed` or `declined` (or, after
   * an authorization, `authorized`, `voided`, `refunded`, `partially_refunded`), and returns it.
   */
  async waitForFinalStatus(id: string, options: WaitForFinalStatusOptions = {}): Promise<Payment> {
    const paymentId = parseOrThrow(resourceId, id, 'id');
    let lastStatus: string | undefined;
    return poll((signal) => this.retrieve(paymentId, signal ? { signal } : {}), {
      until: (current) => isTerminalPaymentStatus(current.status),
      onValue: (current) => {
        if (current.status !== lastStatus) options.onStatus?.(current);
        lastStatus = current.status;
      },
      ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** Cancels an authorization. */
  async void(params: VoidPaymentRequest, options?: RequestOptions): Promise<Payment> {
    const body = parseOrThrow(voidPaymentRequest, params);
    const route = routes.voidPayment;
    return parseResponse(payment, await this.#http.send(route.method, routePath(route), { ...options, body }), 'payment');
  }

  /** Refunds a captured payment: `amount` in minor units for a partial refund, or everything not yet refunded. */
  async refund(params: RefundPaymentRequest, options?: RequestOptions): Promise<Payment> {
    const body = parseOrThrow(refundPaymentRequest, params);
    const route = routes.refundPayment;
    return parseResponse(payment, await this.#http.send(route.method, routePath(route), { ...options, body }), 'payment');
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
      const list = parseResponse(paymentList, await this.#http.send(route.method, routePath(route), { ...pageOptions, body }));
      return new Page(list.data, { page, pageSize: body.pagination.pageSize, total: list.total }, (next) => fetchPage(next));
    };
    return new PagePromise(fetchPage(params.pagination?.page ?? 1, options));
  }

  async #process<S extends z.ZodMiniType>(schema: S, params: unknown, options: RequestOptions | undefined): Promise<Payment> {
    const body = parseOrThrow(schema, params);
    const route = routes.processPayment;
    return parseResponse(payment, await this.#http.send(route.method, routePath(route), { ...options, body }), 'payment');
  }
}
