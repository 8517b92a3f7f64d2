import type { CreateRadarSessionRequest, SavedRadarSession } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/**
 * The answer of `radarSessions.create`: `radarSession` is `{ success, radarSessionId }` when the body matches the
 * vendor's type (else `undefined`), `raw` the body as sent. Any 2xx is returned, never thrown: the session is saved.
 */
export type RadarSessionOutcome = Recognised<'radarSession', SavedRadarSession>;

/** Radar sessions: the device check a payment asked for (`requireAction: 'radar'`), saved before it is continued. */
export class RadarSessions extends Resource<'createRadarSession'> {
  /**
   * Saves the radar session the customer's browser collected, `POST /radar-sessions` as the vendor's own code sends
   * it: Airwallex's `{ paymentId, airwallexRadarSessionId }` (the fraud script's `data-order-session-id`) or Stripe's
   * `{ paymentId or orderId, stripeRadarSessionId, stripeRadarSessionData }` (what `stripe.createRadarSession()`
   * resolved with). Then continue the payment with `payments.continue({ paymentId })`. See {@link RadarSessionOutcome}.
   */
  async create(params: CreateRadarSessionRequest, options?: RequestOptions): Promise<RadarSessionOutcome> {
    return this.call('createRadarSession', params, options);
  }
}
