import * as z from 'zod/mini';
import { nonEmptyString, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op, recognisedAs } from '../plumbing/operation.js';

// The two bodies of `POST /radar-sessions`, as @tagadapay/core-js 3.1.0 sends them (`IStripeRadarApiClient` and
// `IAirwallexRadarApiClient` in `dist/radar/`). Stripe first: when a body fits neither, the closer branch names the
// field, and a body with a Stripe session id is a Stripe one.
const stripeRadarSessionRequest = z
  .looseObject({
    orderId: z.optional(resourceId),
    paymentId: z.optional(resourceId),
    /** Stripe's Radar Session id (`rse_…`), what `stripe.createRadarSession()` resolved with. */
    stripeRadarSessionId: nonEmptyString,
    /** Stripe's Radar Session object as `stripe.createRadarSession()` resolved with it (`radarSession`). */
    stripeRadarSessionData: z.record(z.string(), z.unknown()),
  })
  .check(
    z.refine((body) => body.paymentId !== undefined || body.orderId !== undefined, { message: 'give paymentId or orderId', path: ['paymentId'], params: { code: 'required' } }),
    withoutCardData,
  );

const airwallexRadarSessionRequest = z
  .looseObject({
    paymentId: resourceId,
    /** The UUID the page set as the Airwallex fraud script's `data-order-session-id`. */
    airwallexRadarSessionId: nonEmptyString,
  })
  .check(withoutCardData);

/**
 * Body of `POST /radar-sessions` (not on a docs page: the vendor's own code, core-js's radar types): saves the
 * device check a payment asked for (`requireAction: 'radar'`) before the payment is continued. Either Airwallex's,
 * `{ paymentId, airwallexRadarSessionId }` (the fingerprint script's `data-order-session-id`), or Stripe's, `{
 * stripeRadarSessionId, stripeRadarSessionData, paymentId?, orderId? }` (what `stripe.createRadarSession()`
 * resolved with; `paymentId` or `orderId` required). No card data.
 */
export const createRadarSessionRequest = z.union([stripeRadarSessionRequest, airwallexRadarSessionRequest]);
/** Body of `POST /radar-sessions`: Airwallex's `{ paymentId, airwallexRadarSessionId }` or Stripe's session. */
export type CreateRadarSessionRequest = RequestFields<z.input<typeof createRadarSessionRequest>>;

/**
 * The answer of `POST /radar-sessions`, as the vendor's code types it: `{ success, radarSessionId }` (the saved
 * session's id, `savedSessionId` in the vendor's managers). Unknown fields pass through.
 */
export const savedRadarSession = z.looseObject({ success: z.boolean(), radarSessionId: nonEmptyString });
/** The answer of `POST /radar-sessions`. */
export type SavedRadarSession = z.infer<typeof savedRadarSession>;

/**
 * The catalog entries of radar sessions, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const radarSessionOperations = () => catalogEntries({
  // Not on a docs page: the vendor's own code names it (core-js's radar types: "Persist the … radar session ID to
  // the backend. Maps to POST /api/public/v1/radar-sessions (API key auth)"), so the path is the vendor's, not a guess.
  //
  // Recognised, not required: the answer is known only from the vendor's TypeScript type, and once the service
  // answered 2xx the session is saved, so no body (another shape, an empty 204) may turn the save into an error the
  // merchant's server would retry or report. The call returns `{ radarSession, raw }`: `radarSession` is the typed
  // `{ success, radarSessionId }` when the body (or its `radarSession` / `data`) matches the vendor's type, else
  // `undefined` beside the body as sent.
  createRadarSession: op('POST /radar-sessions', { request: createRadarSessionRequest, ...recognisedAs('radarSession', savedRadarSession) }),
});
