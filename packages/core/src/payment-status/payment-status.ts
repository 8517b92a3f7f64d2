/**
 * Every payment status the SDK knows, with what it means:
 * - `terminal`: the document names it terminal (section 3.1): `succeeded`, `failed`, `declined`;
 * - `settled`: it will not change by itself (the terminal ones, and the post-auth statuses we chose for what the
 *   document leaves "not shown": `authorized`, `voided`, `partially_refunded`, `refunded`), so polling stops there;
 * - `failed`: one of the two failure outcomes (section 7.1).
 * A capture moves an authorized payment to `succeeded`; a void or a refund moves it on, but only on a new request.
 */
export const paymentStatuses = {
  pending: { terminal: false, settled: false, failed: false },
  succeeded: { terminal: true, settled: true, failed: false },
  failed: { terminal: true, settled: true, failed: true },
  declined: { terminal: true, settled: true, failed: true },
  authorized: { terminal: false, settled: true, failed: false },
  voided: { terminal: false, settled: true, failed: false },
  partially_refunded: { terminal: false, settled: true, failed: false },
  refunded: { terminal: false, settled: true, failed: false },
} as const satisfies Record<string, { terminal: boolean; settled: boolean; failed: boolean }>;

/** A known payment status. */
export type KnownPaymentStatus = keyof typeof paymentStatuses;
/** A payment status: one of the known ones, or another string the service may add. */
export type PaymentStatus = KnownPaymentStatus | (string & {});
/** A flag of {@link paymentStatuses}: `terminal`, `settled` or `failed`. */
export type PaymentStatusFlag = keyof (typeof paymentStatuses)[KnownPaymentStatus];
/** The known statuses that have flag `F` (e.g. `PaymentStatusesWith<'terminal'>` is `'succeeded' | 'failed' | 'declined'`). */
export type PaymentStatusesWith<F extends PaymentStatusFlag> = { [S in KnownPaymentStatus]: (typeof paymentStatuses)[S][F] extends true ? S : never }[KnownPaymentStatus];

const flagged = (status: PaymentStatus, flag: PaymentStatusFlag): boolean => Object.hasOwn(paymentStatuses, status) && paymentStatuses[status as KnownPaymentStatus][flag];
const withFlag = <F extends PaymentStatusFlag>(flag: F): readonly PaymentStatusesWith<F>[] =>
  knownPaymentStatuses.filter((status): status is PaymentStatusesWith<F> => paymentStatuses[status][flag]);

/** Every status the SDK knows, in the order of {@link paymentStatuses}. Other strings from the service pass through. */
export const knownPaymentStatuses = /* @__PURE__ */ Object.keys(paymentStatuses) as readonly KnownPaymentStatus[];

/** The terminal statuses the document names (section 3.1): `succeeded`, `failed`, `declined`. */
export const terminalPaymentStatuses = /* @__PURE__ */ withFlag('terminal');

/**
 * The statuses that will not change without a new request: the terminal ones and the settled post-auth ones
 * (`authorized`, `voided`, `partially_refunded`, `refunded`). Every poller (`waitForFinalStatus`) stops on them.
 */
export const settledPaymentStatuses = /* @__PURE__ */ withFlag('settled');

/** True for the terminal statuses the document names: `succeeded`, `failed`, `declined` ({@link terminalPaymentStatuses}). */
export function isTerminalPaymentStatus(status: PaymentStatus): boolean {
  return flagged(status, 'terminal');
}

/**
 * True when a payment's status will not change without a new request ({@link settledPaymentStatuses}): what a
 * poller waits for. `pending` and unknown statuses are not settled, so a poller keeps waiting on them.
 */
export function isSettledPaymentStatus(status: PaymentStatus): boolean {
  return flagged(status, 'settled');
}

/** True for the two failure outcomes, `failed` and `declined` (section 7.1). */
export function isFailedPaymentStatus(status: PaymentStatus): boolean {
  return flagged(status, 'failed');
}

/**
 * Every `subStatus` the SDK knows, as the vendor's published examples and code show them: `approved` (a purchase
 * that succeeded), `authorized` (the vendor's polling code reads an authorization as `pending` / `authorized`),
 * `voided` (a void answers `failed` / `voided`). Other strings pass through.
 */
export const knownPaymentSubStatuses = ['approved', 'authorized', 'voided', 'declined', 'failed', 'refunded', 'partially_refunded'] as const;
/** A known payment `subStatus`. */
export type KnownPaymentSubStatus = (typeof knownPaymentSubStatuses)[number];
/** A payment's `subStatus`: one of the known ones, or another string the service may add. */
export type PaymentSubStatus = KnownPaymentSubStatus | (string & {});

/**
 * What a merchant branches on, read from a payment's `status`, `subStatus` and `requireAction` together
 * ({@link normalizePaymentStatus}):
 * - `requires_action`: the customer must act (a 3DS challenge, a redirect, …; see `requireAction`);
 * - `processing`: the service is still working on it;
 * - `authorized`: held, to capture or void;
 * - `succeeded`: captured (a purchase, or a captured authorization);
 * - `voided`: an authorization cancelled;
 * - `refunded` / `partially_refunded`;
 * - `declined`: the issuer or processor refused; `failed`: it could not be completed;
 * - `unknown`: a status the SDK does not know (read `status` and `subStatus` yourself).
 */
export type NormalizedPaymentStatus =
  | 'requires_action'
  | 'processing'
  | 'authorized'
  | 'succeeded'
  | 'voided'
  | 'refunded'
  | 'partially_refunded'
  | 'declined'
  | 'failed'
  | 'unknown';

/** The fields {@link normalizePaymentStatus} reads (a payment, or any answer that carries them). */
export interface PaymentStatusFields {
  readonly status: string;
  readonly subStatus?: string | null | undefined;
  readonly requireAction?: string | null | undefined;
}

/** The normalized statuses that will not change without the merchant acting: every poller stops on them. */
export const settledNormalizedStatuses: readonly NormalizedPaymentStatus[] = ['authorized', 'succeeded', 'voided', 'refunded', 'partially_refunded', 'declined', 'failed'];

/**
 * One reading of a payment's `status` and `subStatus`, in either of the forms the service uses: `succeeded` /
 * `approved` is `succeeded`; `authorized`, or `pending` / `authorized`, is `authorized`; `failed` / `voided` (or
 * `voided`) is `voided`; `pending` or `processing` with a `requireAction` other than `none` is `requires_action`.
 * Never throws: a status it does not know is `unknown`.
 */
export function normalizePaymentStatus(payment: PaymentStatusFields): NormalizedPaymentStatus {
  const { status, subStatus } = payment;
  if (status === 'voided' || subStatus === 'voided') return 'voided';
  if (status === 'refunded' || status === 'partially_refunded') return status;
  if (status === 'authorized' || (subStatus === 'authorized' && (status === 'pending' || status === 'processing'))) return 'authorized';
  if (status === 'succeeded' || status === 'declined' || status === 'failed') return status;
  if (status === 'pending' || status === 'processing') {
    const action = payment.requireAction;
    return action !== undefined && action !== null && action !== '' && action !== 'none' ? 'requires_action' : 'processing';
  }
  return 'unknown';
}

/**
 * True when the payment will not change without the merchant acting (a capture, void or refund): what
 * `waitForFinalStatus` waits for. Reads both forms of the status ({@link normalizePaymentStatus}).
 */
export function isSettledPayment(payment: PaymentStatusFields): boolean {
  return settledNormalizedStatuses.includes(normalizePaymentStatus(payment));
}
