import type { Payment } from './payment.js';

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

/** The arguments `startChallenge` takes, read from a pending payment. */
export interface ThreeDSChallenge {
  /** The provider's session id (`externalSessionId`). */
  sessionId: string;
  acsChallengeUrl: string;
  /** `acsTransID`. */
  acsTransactionId: string;
  /** `messageVersion`. */
  threeDSVersion: string;
}

/** True when the payment is pending on a 3DS challenge (`requireAction: 'threeds_auth'` with challenge data). */
export function requiresThreeDS(payment: Payment): boolean {
  return getThreeDSChallenge(payment) !== undefined;
}

/**
 * Reads the challenge arguments from a payment that requires 3DS (section 4.5), renamed as `startChallenge`
 * takes them. Returns `undefined` when no challenge is needed.
 */
export function getThreeDSChallenge(payment: Payment): ThreeDSChallenge | undefined {
  if (payment.status !== 'pending' || payment.requireAction !== 'threeds_auth') return undefined;
  const session = payment.requireActionData?.metadata?.threedsSession;
  if (!session) return undefined;
  return {
    sessionId: session.externalSessionId,
    acsChallengeUrl: session.acsChallengeUrl,
    acsTransactionId: session.acsTransID,
    threeDSVersion: session.messageVersion,
  };
}
