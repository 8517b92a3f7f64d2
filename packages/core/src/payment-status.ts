import type { Payment, PaymentStatus } from './payment.js';

/** The terminal statuses the document names (section 3.1): succeeded, failed, declined. */
export const terminalPaymentStatuses = ['succeeded', 'failed', 'declined'] as const;

// Statuses we chose for the states the document leaves "not shown" (after auth, void, refund). None of them
// changes without a new request, so polling stops there too.
const settledStatuses: ReadonlySet<string> = new Set([...terminalPaymentStatuses, 'authorized', 'voided', 'partially_refunded', 'refunded']);

/**
 * True when a payment's status will not change without a new request: `succeeded`, `failed`, `declined`, and the
 * post-auth statuses `authorized`, `voided`, `partially_refunded`, `refunded`. `pending` and unknown statuses are
 * not terminal, so a poller keeps waiting on them.
 */
export function isTerminalPaymentStatus(status: PaymentStatus): boolean {
  return settledStatuses.has(status);
}

/** True for the two failure outcomes, `failed` and `declined` (section 7.1). */
export function isFailedPaymentStatus(status: PaymentStatus): boolean {
  return status === 'failed' || status === 'declined';
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
