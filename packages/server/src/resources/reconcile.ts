import { TesseraAbortError, TesseraValidationError, type FieldError, type Payment, type ProcessPaymentRequest } from '@tessera/core';
import { processPaymentRequest } from '@tessera/core/schemas';
import { operations, parseOrThrow } from '@tessera/core/internal';
import { TesseraConflictError } from '../errors/api-error.js';
import { TesseraOutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { listIn } from './response-body.js';

/**
 * What `payments.reconcile` starts from: the {@link TesseraOutcomeUnknownError} a call threw, or the call itself (the
 * request you sent, its idempotency key and when you sent it: after a crash, from your own records).
 */
export type ReconcileFrom =
  | TesseraOutcomeUnknownError
  | {
      /** The request as you sent it to `payments.process` (or `purchase` / `authorize`, with their `mode`). */
      readonly request: ProcessPaymentRequest;
      /** The idempotency key it carried, when you know it (needed to replay it; see {@link ReconcileOptions.replay}). */
      readonly idempotencyKey?: string | undefined;
      /** When you sent it (your clock): the search looks from a little before. */
      readonly sentAt: Date | string;
    };

/** Options of `payments.reconcile`. */
export interface ReconcileOptions extends Pick<RequestOptions, 'signal' | 'timeoutMs'> {
  /**
   * Send the request again with its own idempotency key, and take the answer as the payment. Only where the service
   * honours `Idempotency-Key` (the sandbox does; the vendor's published API does not say): a service that ignored the
   * key would charge again, and a request that never arrived is carried out now. Default: the client's
   * `idempotentRetries` (on only against a local sandbox, unless you turned it on). Never without a key.
   */
  replay?: boolean;
  /**
   * How long the service keeps an idempotency key, in milliseconds: a request sent longer ago is never replayed (the
   * key may be forgotten, and the replay would charge again), it is searched for. Default 86400000 (24 hours, as
   * Stripe keeps keys; the vendor publishes no figure). Lower it if your service forgets sooner.
   */
  keyRetentionMs?: number;
  /**
   * How far the service's clock may be from yours, in milliseconds: the search reads the payments created from this
   * long before the request was sent to this long after now. Default 300000 (5 minutes).
   */
  clockSkewMs?: number;
  /** Pages of 100 payments read at most, newest first. Default 20. A window holding more is answered `ambiguous`. */
  maxPages?: number;
  /**
   * How long after it was sent a call may still be carried out by the service, in milliseconds: the search does not
   * start before then (it waits, abortable with `signal`), so a charge still in flight is not missed. Default 10000.
   */
  settleMs?: number;
}

/** What a reconcile relied on: each piece of evidence that a payment is the one the request made. */
export type ReconcileEvidence =
  /** The request was sent again with its idempotency key, and the service answered with the payment it keeps for it. */
  | 'idempotency_key'
  /** The payment's id was in the request (a capture, continue, void or refund), and it was read back. */
  | 'payment_id'
  /** The published `orderId` of the request is the payment's. */
  | 'order_id'
  /** Every entry of the request's `metadata` is on the payment. */
  | 'metadata'
  /** The payment is of the request's instrument. */
  | 'payment_instrument'
  /** The payment has the request's amount and currency, and its store when the service lists it. */
  | 'amount'
  /** The payment was created in the search's time window. */
  | 'time_window';

/** How the list was searched: the store, the time window and how much was read. */
export interface ReconcileSearch {
  /** The store whose payments were listed. */
  readonly storeId: string;
  /** The window searched (ISO 8601), from a little before the request was sent to a little after now. */
  readonly from: string;
  readonly to: string;
  /** Pages and payments read. */
  readonly pagesRead: number;
  readonly paymentsRead: number;
  /** True when every payment of the window was read; false when `maxPages` stopped the search first. */
  readonly complete: boolean;
}

/**
 * The answer of `payments.reconcile`, on `outcome`:
 * - `found`: `payment` is the one the request made, by `reliedOn` (read its `status`: the call may have made a
 *   payment that was then declined).
 * - `not_found`: every payment of the window was read and none can be it: the request was not carried out. Retry it
 *   with the same idempotency key (never a new one), or give up.
 * - `ambiguous`: more than one payment could be it, or one could be but nothing proves it (the service's list does not
 *   show the field that would), or the window held more payments than `maxPages`: `candidates` holds them (maybe none),
 *   never a guess. A person decides; do not retry.
 */
export type ReconcileResult =
  | { readonly outcome: 'found'; readonly payment: Payment; readonly reliedOn: readonly ReconcileEvidence[]; readonly search: ReconcileSearch | undefined }
  | { readonly outcome: 'not_found'; readonly reliedOn: readonly ReconcileEvidence[]; readonly search: ReconcileSearch }
  | { readonly outcome: 'ambiguous'; readonly candidates: readonly Payment[]; readonly reliedOn: readonly ReconcileEvidence[]; readonly search: ReconcileSearch };

/** What reconcile needs of `payments`. */
export interface ReconcilePayments {
  readonly idempotentRetries: boolean;
  process(request: ProcessPaymentRequest, options: RequestOptions): Promise<Payment>;
  retrieve(id: string, options: RequestOptions): Promise<Payment>;
  list(params: { pagination: { page: number; pageSize: number }; filters: { storeIds: string[] }; useCursor: true }, options: RequestOptions): PagePromise<Payment>;
}

const DEFAULT_CLOCK_SKEW_MS = 5 * 60_000;
const DEFAULT_MAX_PAGES = 20;
const DEFAULT_SETTLE_MS = 10_000;
const DEFAULT_KEY_RETENTION_MS = 24 * 60 * 60_000;
const PAGE_SIZE = 100;

/** The operations whose request names the payment: it is read back. */
const byPaymentId: Readonly<Record<string, string>> = { continuePayment: 'paymentId', voidPayment: 'paymentId', refundPayment: 'paymentId' };

/** Finds what a call whose outcome is unknown did to payments. See `payments.reconcile`. */
export async function reconcilePayment(payments: ReconcilePayments, from: ReconcileFrom, options: ReconcileOptions = {}): Promise<ReconcileResult> {
  checkOptions(options);
  const call = callOf(from);
  const requestOptions: RequestOptions = { ...(options.signal ? { signal: options.signal } : {}), ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
  const idField = byPaymentId[call.operation];
  const body = call.body as Record<string, unknown>;
  if (idField !== undefined || body.mode === 'capture') {
    const ids = Array.isArray(body.paymentIds) ? body.paymentIds : [];
    if (typeof body.paymentId !== 'string' || ids.length > 1) {
      throw new TesseraValidationError([{ field: 'from', code: 'several_payments', message: 'names several payments (paymentIds): read each with payments.retrieve' }]);
    }
    const payment = await payments.retrieve(body.paymentId, requestOptions);
    return { outcome: 'found', payment, reliedOn: ['payment_id'], search: undefined };
  }
  const request = call.body as CheckedCharge;
  const keyKept = Date.now() - call.sentAt.getTime() < (options.keyRetentionMs ?? DEFAULT_KEY_RETENTION_MS);
  if ((options.replay ?? payments.idempotentRetries) && keyKept) {
    const replayed = await replay(payments, call, requestOptions);
    if (replayed !== undefined) return { outcome: 'found', payment: replayed, reliedOn: ['idempotency_key'], search: undefined };
  }
  await settle(call.sentAt, options);
  return search(payments, request, call.sentAt, options, requestOptions);
}

/** Options that cannot be searched with: a `TesseraValidationError` naming each, before any request. */
function checkOptions(options: ReconcileOptions): void {
  const problems: FieldError[] = [];
  const whole = (field: 'clockSkewMs' | 'keyRetentionMs' | 'maxPages' | 'settleMs', minimum: number) => {
    const value = options[field];
    if (value !== undefined && !(Number.isInteger(value) && value >= minimum)) problems.push({ field, code: 'invalid', message: `must be a whole number of at least ${minimum}` });
  };
  whole('clockSkewMs', 0);
  whole('keyRetentionMs', 0);
  whole('maxPages', 1);
  whole('settleMs', 0);
  if (problems.length > 0) throw new TesseraValidationError(problems);
}

/** Waits until `settleMs` after the call was sent: a charge the service is still making is then listed. */
async function settle(sentAt: Date, options: ReconcileOptions): Promise<void> {
  const wait = sentAt.getTime() + (options.settleMs ?? DEFAULT_SETTLE_MS) - Date.now();
  if (wait <= 0) return;
  options.signal?.throwIfAborted();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, wait);
    options.signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new TesseraAbortError('The reconcile was aborted', { cause: options.signal?.reason }));
    }, { once: true });
  });
}

/** A purchase or authorization as its schema checked it. */
interface CheckedCharge {
  mode: 'purchase' | 'auth';
  amount: number;
  currency: string;
  storeId: string;
  paymentInstrumentId: string;
  orderId?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
}

/** The call to reconcile, checked before anything is sent. */
function callOf(from: ReconcileFrom): { operation: string; body: unknown; sentAt: Date; idempotencyKey: string | undefined } {
  if (from instanceof TesseraOutcomeUnknownError) {
    const request = from.request;
    if (request === undefined) {
      throw new TesseraValidationError([{ field: 'from', code: 'no_request', message: `holds no request (it came from tessera.request): pass { request, idempotencyKey, sentAt } instead` }]);
    }
    if (request.operation !== 'processPayment' && byPaymentId[request.operation] === undefined) {
      throw new TesseraValidationError([{ field: 'from', code: 'not_a_payment', message: `is an error of ${request.operation}, which makes no payment: read what it made with its own retrieve or list` }]);
    }
    return { operation: request.operation, body: request.body, sentAt: request.sentAt, idempotencyKey: from.idempotencyKey };
  }
  const problems: FieldError[] = [];
  const sentAt = from.sentAt instanceof Date ? from.sentAt : new Date(from.sentAt);
  if (Number.isNaN(sentAt.getTime())) problems.push({ field: 'sentAt', code: 'invalid_date', message: 'must be a Date or an ISO 8601 date: when the request was sent' });
  if (from.idempotencyKey !== undefined && (typeof from.idempotencyKey !== 'string' || from.idempotencyKey === '')) {
    problems.push({ field: 'idempotencyKey', code: 'invalid_type', message: 'must be the non-empty key the request carried, or left out' });
  }
  if (problems.length > 0) throw new TesseraValidationError(problems);
  const body = parseOrThrow(processPaymentRequest, from.request, 'request');
  return { operation: 'processPayment', body, sentAt, idempotencyKey: from.idempotencyKey };
}

/** The payment the service keeps for the request's key, or `undefined` when it will not say (another body, no key). */
async function replay(payments: ReconcilePayments, call: { body: unknown; idempotencyKey: string | undefined }, options: RequestOptions): Promise<Payment | undefined> {
  if (call.idempotencyKey === undefined) return undefined;
  try {
    return await payments.process(call.body as ProcessPaymentRequest, { ...options, idempotencyKey: call.idempotencyKey });
  } catch (error) {
    // The key was kept for another body, or is still in use: the list decides.
    if (TesseraConflictError.isInstance(error)) return undefined;
    throw error;
  }
}

type Verdict = 'match' | 'mismatch' | 'unknown';

/** Lists the store's payments of the window, newest first, and sorts each into what it can be. */
async function search(payments: ReconcilePayments, request: CheckedCharge, sentAt: Date, options: ReconcileOptions, requestOptions: RequestOptions): Promise<ReconcileResult> {
  const skew = options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const from = sentAt.getTime() - skew;
  const to = Date.now() + skew;
  const definite: Payment[] = [];
  const possible: Payment[] = [];
  const seen = new Set<string>();
  let pagesRead = 0;
  let paymentsRead = 0;
  let complete = false;
  let lastTime: number | undefined;
  let inOrder = true;
  let page = await payments.list({ pagination: { page: 1, pageSize: PAGE_SIZE }, filters: { storeIds: [request.storeId] }, useCursor: true }, requestOptions);
  for (;;) {
    pagesRead += 1;
    let older = false;
    // An answer that shows no list at all is not an empty store: the search cannot say "not found" from it.
    if (page.data.length === 0 && listIn(operations.listPayments, page.raw) === undefined) break;
    for (const payment of page.data) {
      paymentsRead += 1;
      const createdAt = timeOf(payment.createdAt);
      if (createdAt === undefined || (lastTime !== undefined && createdAt > lastTime)) inOrder = false;
      if (createdAt !== undefined) lastTime = createdAt;
      if (createdAt !== undefined && createdAt < from) older = true;
      // A payment the list does not date may be in the window: it stays a candidate unless something else rules it out.
      if (seen.has(payment.id) || (createdAt !== undefined && (createdAt < from || createdAt > to))) continue;
      seen.add(payment.id);
      const verdicts = evidence(payment, request);
      if (Object.values(verdicts).includes('mismatch')) continue;
      (proves(verdicts, request) && verdicts.amount === 'match' && createdAt !== undefined ? definite : possible).push(payment);
    }
    // Keyset pages are newest first (published: `useCursor` sorts by createdAt, descending): a payment older than the
    // window ends the search, unless the answers showed themselves out of order (then it reads to the end).
    if ((older && inOrder) || !page.hasNextPage()) {
      complete = true;
      break;
    }
    if (pagesRead >= maxPages) break;
    page = await page.getNextPage();
  }
  const reliedOn = reliedOnFor(request);
  const searched: ReconcileSearch = { storeId: request.storeId, from: new Date(from).toISOString(), to: new Date(to).toISOString(), pagesRead, paymentsRead, complete };
  if (definite.length === 1 && possible.length === 0 && complete) return { outcome: 'found', payment: definite[0]!, reliedOn, search: searched };
  if (definite.length === 0 && possible.length === 0 && complete) return { outcome: 'not_found', reliedOn, search: searched };
  return { outcome: 'ambiguous', candidates: [...definite, ...possible], reliedOn, search: searched };
}

/** Each reference of the request held against the payment: `unknown` when the payment does not show the field. */
function evidence(payment: Payment, request: CheckedCharge): Record<'amount' | 'instrument' | 'order' | 'metadata', Verdict> {
  const listed = payment as Payment & Record<string, unknown>;
  const storeId = typeof listed.storeId === 'string' ? listed.storeId : undefined;
  return {
    amount: amountVerdict(listed, request, storeId),
    instrument: compare(instrumentIdOf(listed), request.paymentInstrumentId),
    order: request.orderId === undefined ? 'unknown' : compare(typeof listed.orderId === 'string' ? listed.orderId : undefined, request.orderId),
    metadata: metadataVerdict(payment.metadata, request.metadata),
  };
}

/**
 * A payment proves itself by the strongest reference the request gave: its order when it had one, else its metadata
 * when it had some, else its instrument. A weaker one matching does not stand in for a stronger one not shown.
 */
function proves(verdicts: Record<string, Verdict>, request: CheckedCharge): boolean {
  if (request.orderId !== undefined) return verdicts.order === 'match';
  if (request.metadata !== undefined && Object.keys(request.metadata).length > 0) return verdicts.metadata === 'match';
  return verdicts.instrument === 'match';
}

/**
 * The amount, currency and store: a whole amount, a currency or a store that differs rules the payment out; one not
 * shown, or not in minor units (a guide lists `99.99`), rules nothing in or out.
 */
function amountVerdict(listed: Record<string, unknown>, request: CheckedCharge, storeId: string | undefined): Verdict {
  const { amount, currency } = listed;
  if (Number.isInteger(amount) && amount !== request.amount) return 'mismatch';
  if (typeof currency === 'string' && currency.toUpperCase() !== request.currency.toUpperCase()) return 'mismatch';
  if (storeId !== undefined && storeId !== request.storeId) return 'mismatch';
  return Number.isInteger(amount) && typeof currency === 'string' ? 'match' : 'unknown';
}

function compare(actual: string | undefined, expected: string): Verdict {
  if (actual === undefined) return 'unknown';
  return actual === expected ? 'match' : 'mismatch';
}

function metadataVerdict(actual: unknown, expected: Record<string, unknown> | undefined): Verdict {
  if (expected === undefined || Object.keys(expected).length === 0) return 'unknown';
  if (typeof actual !== 'object' || actual === null) return 'unknown';
  const shown = actual as Record<string, unknown>;
  let verdict: Verdict = 'match';
  for (const [key, value] of Object.entries(expected)) {
    const kept = shown[key];
    // A service may keep `1` as `"1"`: values are compared as text; one not kept as a value rules nothing out.
    if (!isScalar(kept) || !isScalar(value)) verdict = 'unknown';
    else if (String(kept) !== String(value)) return 'mismatch';
  }
  return verdict;
}

/** The instrument of a listed payment: the published `paymentInstrument.id`, or a flat `paymentInstrumentId`. */
function instrumentIdOf(payment: Record<string, unknown>): string | undefined {
  if (typeof payment.paymentInstrumentId === 'string') return payment.paymentInstrumentId;
  const instrument = payment.paymentInstrument;
  const id = typeof instrument === 'object' && instrument !== null ? (instrument as Record<string, unknown>).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

function reliedOnFor(request: CheckedCharge): ReconcileEvidence[] {
  return [
    ...(request.orderId !== undefined ? (['order_id'] as const) : []),
    ...(request.metadata !== undefined && Object.keys(request.metadata).length > 0 ? (['metadata'] as const) : []),
    'payment_instrument',
    'amount',
    'time_window',
  ];
}

function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : time;
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
