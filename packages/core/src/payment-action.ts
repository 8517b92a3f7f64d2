import type { Payment } from './payment.js';

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

/**
 * The URL the customer must be sent to when the payment asks for a redirect (`requireAction: 'redirect'`, the
 * URL in `requireActionData.metadata.redirect.redirectUrl`), or `undefined`.
 */
export function getRedirectUrl(payment: Payment): string | undefined {
  if (payment.requireAction !== 'redirect') return undefined;
  const url = payment.requireActionData?.metadata?.redirect?.redirectUrl;
  return typeof url === 'string' && url !== '' ? url : undefined;
}
