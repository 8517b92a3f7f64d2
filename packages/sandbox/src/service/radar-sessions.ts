import { nonEmptyString, type OperationInput, z } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext } from './context.js';
import { notFound } from '../errors/http-error.js';
import { type PaymentRecord, payments, requirePayment } from './payment-records.js';
import { SANDBOX_STRIPE_PUBLISHABLE_KEY } from './payment-actions.js';
import { validate } from '../wire/validate.js';

/** The radar providers the vendor's code runs. */
export type RadarProvider = 'airwallex' | 'stripe';

/**
 * A radar session the merchant's server saved (`POST /radar-sessions`) for the payment, or the order, whose radar
 * action it answers: a continue of that payment then settles it.
 */
export interface RadarSessionRecord {
  /** `rs_…`, the answer's `radarSessionId`. */
  id: string;
  provider: RadarProvider;
  paymentId: string | null;
  orderId: string | null;
  /** The provider's session id: Airwallex's `data-order-session-id` (`airwallexRadarSessionId`), Stripe's `rse_…`. */
  providerSessionId: string;
  /** Stripe's session object as the page got it (`stripeRadarSessionData`); `null` for Airwallex. */
  stripeRadarSessionData: Record<string, unknown> | null;
  /**
   * Whether the sandbox's stand-in script collected this session in a browser (Airwallex's fingerprint reported the
   * id, before or after the save; Stripe.js's stand-in created the session). A save is accepted either way.
   */
  collected: boolean;
  createdAt: string;
}

/** Radar sessions the merchant saved (`POST /radar-sessions`), by `rs_…` id. */
export const radarSessions = byId<RadarSessionRecord>()('radarSessions');

/** A device session a stand-in script collected in a browser: an Airwallex fingerprint, or a Stripe Radar session. */
export interface RadarDeviceSessionRecord {
  /** Airwallex's `data-order-session-id`, or the Stripe Radar session's `rse_…`. */
  id: string;
  provider: RadarProvider;
  createdAt: string;
}

/** What the radar stand-ins collected (`/sandbox/radar/*`), by the provider's session id. */
export const radarDeviceSessions = byId<RadarDeviceSessionRecord>()('radarDeviceSessions');

type RadarSessionInput = OperationInput<'createRadarSession'>;

/** Stripe's body of `POST /radar-sessions` (the other is Airwallex's). */
const isStripeSession = (input: RadarSessionInput): input is Extract<RadarSessionInput, { stripeRadarSessionData: unknown }> => typeof input.stripeRadarSessionId === 'string';

/** True when a payment names the order (its process request's `orderId`): a Stripe session saved by `orderId` alone is for it. */
function knownOrder(ctx: SandboxContext, orderId: string): boolean {
  for (const payment of payments.of(ctx).values()) if (payment.orderId === orderId) return true;
  return false;
}

/**
 * `POST /radar-sessions` → `{ success: true, radarSessionId: 'rs_…' }`, the vendor's answer. Airwallex's `{ paymentId,
 * airwallexRadarSessionId }` or Stripe's `{ paymentId?, orderId?, stripeRadarSessionId, stripeRadarSessionData }`; a
 * payment (or, by `orderId` alone, an order of a payment) the sandbox does not know is a 404. Saving the same session
 * for the same payment again answers the same record. Saving changes no payment: continuing it does.
 */
export function createRadarSession(ctx: SandboxContext, input: RadarSessionInput): { success: true; radarSessionId: string } {
  const saved = isStripeSession(input)
    ? { provider: 'stripe' as const, providerSessionId: input.stripeRadarSessionId, paymentId: input.paymentId ?? null, orderId: input.orderId ?? null, data: input.stripeRadarSessionData }
    : { provider: 'airwallex' as const, providerSessionId: input.airwallexRadarSessionId, paymentId: input.paymentId, orderId: null, data: null };
  const { provider, providerSessionId, paymentId, orderId } = saved;
  if (paymentId !== null) requirePayment(ctx, paymentId);
  else if (orderId !== null && !knownOrder(ctx, orderId)) throw notFound('order', orderId);
  const same = [...radarSessions.of(ctx).values()].find(
    (saved) => saved.provider === provider && saved.providerSessionId === providerSessionId && saved.paymentId === paymentId && saved.orderId === orderId,
  );
  if (same) return { success: true, radarSessionId: same.id };
  const record: RadarSessionRecord = {
    id: ctx.nextId('rs'),
    provider,
    paymentId,
    orderId,
    providerSessionId,
    stripeRadarSessionData: saved.data,
    collected: radarDeviceSessions.of(ctx).has(providerSessionId),
    createdAt: ctx.nowIso(),
  };
  radarSessions.of(ctx).set(record.id, record);
  return { success: true, radarSessionId: record.id };
}

/**
 * True when the merchant saved the radar session the payment waits on: Airwallex's for the payment, or Stripe's for
 * the payment or for its order (`orderId`).
 */
export function hasRadarSession(ctx: SandboxContext, payment: PaymentRecord): boolean {
  const action = payment.requireActionData;
  if (action?.type !== 'radar' && action?.type !== 'stripe_radar') return false;
  const provider: RadarProvider = action.type === 'radar' ? 'airwallex' : 'stripe';
  for (const saved of radarSessions.of(ctx).values()) {
    if (saved.provider !== provider) continue;
    if (saved.paymentId === payment.id) return true;
    if (provider === 'stripe' && saved.paymentId === null && payment.orderId !== undefined && saved.orderId === payment.orderId) return true;
  }
  return false;
}

/**
 * The longest `sessionId` a fingerprint report is kept with (a merchant's order session id: a UUID is 36 characters).
 * Any page may send the report, with no key: a longer id would let it write up to a megabyte a request to the data file.
 */
const MAX_FINGERPRINT_SESSION_ID = 256;

const fingerprintReport = z.looseObject({
  sessionId: nonEmptyString.check(
    z.refine((id: string) => id.length <= MAX_FINGERPRINT_SESSION_ID, {
      message: `must be at most ${MAX_FINGERPRINT_SESSION_ID} characters: send the order session id the script was given (data-order-session-id), such as a UUID`,
      params: { code: 'too_big' },
    }),
  ),
});

/**
 * `POST /sandbox/radar/airwallex-fingerprints { sessionId }`, which the Airwallex stand-in script sends from the page
 * for each `data-order-session-id` it runs with: records that the fingerprint ran, and marks the sessions already
 * saved with that id `collected`.
 */
export function recordAirwallexFingerprint(ctx: SandboxContext, body: unknown): RadarDeviceSessionRecord {
  const { sessionId } = validate(fingerprintReport, body);
  const known = radarDeviceSessions.of(ctx).get(sessionId);
  if (known) return known;
  const record: RadarDeviceSessionRecord = { id: sessionId, provider: 'airwallex', createdAt: ctx.nowIso() };
  radarDeviceSessions.of(ctx).set(sessionId, record);
  for (const saved of radarSessions.of(ctx).values()) if (saved.providerSessionId === sessionId) saved.collected = true;
  return record;
}

/**
 * `POST /sandbox/radar/stripe-sessions { publishableKey }`, which the Stripe.js stand-in's `createRadarSession()`
 * sends: for the sandbox's key, a new Radar session, answered as Stripe.js resolves (`{ radarSession: { id: 'rse_…',
 * object: 'radar.session' } }`); for any other, Stripe's error for a key it does not know (the key is not echoed).
 */
export function createStripeRadarSession(ctx: SandboxContext, body: unknown): { status: number; json: unknown } {
  const key = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).publishableKey : undefined;
  if (key !== SANDBOX_STRIPE_PUBLISHABLE_KEY) {
    return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: use the sandbox\'s Stripe publishable key from the payment\'s requireActionData' } } };
  }
  const record: RadarDeviceSessionRecord = { id: ctx.nextId('rse'), provider: 'stripe', createdAt: ctx.nowIso() };
  radarDeviceSessions.of(ctx).set(record.id, record);
  return { status: 200, json: { radarSession: { id: record.id, object: 'radar.session', livemode: false } } };
}
