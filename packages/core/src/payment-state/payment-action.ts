import type { Payment } from '../resources/payment.js';
import { knownRequireActions } from '../payment-status/require-action.js';

/**
 * The arguments `startChallenge` takes, read from a pending payment. These are the one name of each of the
 * challenge's fields in every Tessera package: the tokenizer's `startChallenge` (as `@basis-theory/web-threeds`
 * names them), the sandbox's challenge helpers (`sandbox.challenges.approve(sessionId)`, `tessera-sandbox challenge`)
 * and its ACS page's form. The wire names, which only the payment's JSON and the EMV 3DS messages use, are given on
 * each field.
 */
export interface ThreeDSChallenge {
  /**
   * The 3DS session's id: the payment's `requireActionData.metadata.threedsSession.externalSessionId`, which the
   * challenge request (CReq) carries as `threeDSServerTransID`.
   */
  sessionId: string;
  /** Where the challenge page is posted: the payment's `acsChallengeUrl`. */
  acsChallengeUrl: string;
  /** The ACS's transaction id: the payment's and the CReq's `acsTransID`. */
  acsTransactionId: string;
  /** The EMV 3DS protocol version: the payment's and the CReq's `messageVersion`. */
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
  if (payment.status !== 'pending') return undefined;
  const action = getPaymentAction(payment);
  return action.type === 'threeds_auth' ? action.challenge : undefined;
}

/**
 * The URL the customer must be sent to when the payment asks for a `redirect` or a `processor_auth` (the URL in
 * `requireActionData.metadata.redirect.redirectUrl`), or `undefined`.
 */
export function getRedirectUrl(payment: Pick<Payment, 'requireAction' | 'requireActionData'>): string | undefined {
  const action = getPaymentAction(payment);
  return action.type === 'redirect' || action.type === 'processor_auth' ? action.redirectUrl : undefined;
}

/** The radar providers the vendor's code runs: Airwallex's device fingerprint, and Stripe Radar. */
export type RadarProvider = 'airwallex' | 'stripe';

/**
 * What a payment asks the customer's browser to do, read by {@link getPaymentAction}: the effective action with the
 * data it needs, typed. `invalid` is a known action whose data lacks what running it needs (`missing` names the
 * field); `unknown` an action no source publishes.
 */
export type PaymentAction =
  | { type: 'none' }
  | { type: 'threeds_auth'; challenge: ThreeDSChallenge }
  | {
      /** `processor_auth`: the processor's own authentication page; `redirect`: any other page. Both are run alike. */
      type: 'redirect' | 'processor_auth';
      redirectUrl: string;
      /** What the return page needs to resume the payment (`requireActionData.resumeToken`), when the service sent one. */
      resumeToken?: string;
    }
  | {
      type: 'radar';
      provider: 'airwallex';
      /** Airwallex's demo environment (`metadata.isTest`; absent means true, as the vendor's example reads it). */
      isTest: boolean;
    }
  | {
      type: 'stripe_radar';
      provider: 'stripe';
      /** The Stripe publishable key the session is created with (`metadata.radar.publishableKey`). */
      publishableKey: string;
      /** The order the session belongs to (`metadata.radar.orderId`), sent back when the session is saved. */
      orderId?: string;
    }
  | {
      type: 'error';
      /** The service's own text (`requireActionData.message`), or a generic one when it sent none. */
      message: string;
      /** Why, as a code (`requireActionData.errorCode`: `insufficient_funds`, …), when the service sent one. */
      errorCode?: string;
    }
  | {
      type: 'invalid';
      /** The known action the payment asked for. */
      action: string;
      /** The field it lacks, as a path of the payment (`requireActionData.metadata.provider`). */
      missing: string;
    }
  | {
      type: 'unknown';
      /** The action, as the payment named it. */
      action: string;
    };

type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
// `none` names no action: a `metadata.type` of `none` does not hide the top-level one.
const isKnown = (value: string | undefined): value is (typeof knownRequireActions)[number] => value !== undefined && value !== 'none' && (knownRequireActions as readonly string[]).includes(value);

/**
 * Reads the action a payment asks for, as the vendor's code runs it. The effective action is the first known one of
 * `requireActionData.metadata.type`, `requireActionData.type` and `requireAction` (a top-level `redirect` may be a
 * `processor_auth`, a `radar` a `stripe_radar`; the vendor's example reads `metadata.type` first); a `radar` naming
 * `metadata.provider: 'stripe'` is a Stripe Radar. A payment whose `requireAction` is absent or `none` asks for
 * nothing. Every field is read by its runtime type, so a malformed answer gives `invalid` (naming what is missing),
 * never an exception.
 */
export function getPaymentAction(payment: Pick<Payment, 'requireAction' | 'requireActionData'>): PaymentAction {
  const top = text(payment.requireAction);
  if (top === undefined || top === 'none') return { type: 'none' };
  const data = fields(payment.requireActionData);
  const metadata = fields(data.metadata);
  const named = [text(metadata.type), text(data.type), top].find(isKnown);
  if (named === undefined) return { type: 'unknown', action: top };
  const at = 'requireActionData.metadata';
  switch (named) {
    case 'threeds_auth': {
      const challenge = readChallenge(fields(metadata.threedsSession));
      return challenge ? { type: 'threeds_auth', challenge } : { type: 'invalid', action: named, missing: `${at}.threedsSession` };
    }
    case 'redirect':
    case 'processor_auth': {
      const redirectUrl = text(fields(metadata.redirect).redirectUrl);
      if (redirectUrl === undefined) return { type: 'invalid', action: named, missing: `${at}.redirect.redirectUrl` };
      const resumeToken = text(data.resumeToken) ?? text(metadata.resumeToken);
      return { type: named, redirectUrl, ...(resumeToken !== undefined ? { resumeToken } : {}) };
    }
    case 'radar':
    case 'stripe_radar': {
      const provider = named === 'stripe_radar' ? 'stripe' : text(metadata.provider);
      if (provider === undefined) return { type: 'invalid', action: named, missing: `${at}.provider` };
      if (provider === 'airwallex') return { type: 'radar', provider, isTest: metadata.isTest !== false && metadata.isTest !== 'false' };
      if (provider !== 'stripe') return { type: 'unknown', action: `${named}:${provider}` };
      const radar = fields(metadata.radar);
      const publishableKey = text(radar.publishableKey);
      if (publishableKey === undefined) return { type: 'invalid', action: 'stripe_radar', missing: `${at}.radar.publishableKey` };
      const orderId = text(radar.orderId);
      return { type: 'stripe_radar', provider: 'stripe', publishableKey, ...(orderId !== undefined ? { orderId } : {}) };
    }
    case 'error': {
      const errorCode = text(data.errorCode) ?? text(metadata.errorCode);
      return { type: 'error', message: text(data.message) ?? text(metadata.message) ?? 'The payment could not be completed', ...(errorCode !== undefined ? { errorCode } : {}) };
    }
    default:
      return { type: 'unknown', action: top };
  }
}

function readChallenge(session: Fields): ThreeDSChallenge | undefined {
  const [sessionId, acsChallengeUrl, acsTransactionId, threeDSVersion] = [session.externalSessionId, session.acsChallengeUrl, session.acsTransID, session.messageVersion].map(text);
  if (sessionId === undefined || acsChallengeUrl === undefined || acsTransactionId === undefined || threeDSVersion === undefined) return undefined;
  return { sessionId, acsChallengeUrl, acsTransactionId, threeDSVersion };
}
