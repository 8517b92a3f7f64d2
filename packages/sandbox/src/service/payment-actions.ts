import { ACS_MESSAGE_VERSION, authenticateBtSession, type BtThreeDSSessionRecord, newBtThreeDSSession } from '../emulations/bt-threeds.js';
import type { SandboxContext } from './context.js';
import { challenges, type PaymentActionData, type PaymentRecord } from './payment-records.js';
import { randomUuid } from '../state/random.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { CustomerActionOutcome } from './test-cards.js';

/**
 * The Stripe publishable key of the sandbox's Stripe Radar test card (`metadata.radar.publishableKey`): the key the
 * sandbox's Stripe.js stand-in (`GET /stripe-js/v3/`) creates Radar sessions for. It is public, as every `pk_` key.
 */
export const SANDBOX_STRIPE_PUBLISHABLE_KEY = 'pk_test_tessera_sandbox';

/**
 * Asks for a 3DS challenge: the service authenticates the payment's BT session (one the sandbox makes when the payment
 * named none, or named one already used), BT answers `challenge` with the ACS URL and transaction id the page needs,
 * and the ACS page settles the payment by that transaction id.
 */
export function threeDSChallengeAction(ctx: SandboxContext, payment: PaymentRecord, btSession: BtThreeDSSessionRecord | undefined, cardBrand: string | undefined, origin: string): PaymentActionData {
  const session = btSession?.authenticationStatus === 'pending' ? btSession : newBtThreeDSSession(ctx, null, cardBrand);
  authenticateBtSession(session, true, `${origin}${sandboxRoutes.acsChallenge}`);
  challenges.of(ctx).set(session.acsTransID, payment.id);
  return {
    type: 'threeds_auth',
    metadata: { threedsSession: { externalSessionId: session.id, acsChallengeUrl: session.acsChallengeUrl, acsTransID: session.acsTransID, messageVersion: ACS_MESSAGE_VERSION } },
  };
}

/**
 * What a test card's action asks the customer for, other than a 3DS challenge ({@link threeDSChallengeAction}):
 * `redirect` and `processor_auth` send the customer to the sandbox's page (`GET /redirect/{id}`, which settles the
 * payment and returns to its `returnUrl`) with an opaque `resumeToken`; the radar checks ask for Airwallex's
 * fingerprint (a demo environment: `isTest`) or a Stripe Radar session with the sandbox's publishable key and the
 * payment's `orderId`, saved with `POST /radar-sessions` before the payment is continued.
 */
export function customerAction(payment: PaymentRecord, outcome: Exclude<CustomerActionOutcome, 'challenge'>, origin: string): PaymentActionData {
  switch (outcome) {
    case 'redirect':
    case 'processor_auth': {
      const redirect = { redirectUrl: `${origin}${sandboxRoutes.redirectPage.replace('{id}', encodeURIComponent(payment.id))}` };
      // Unguessable, as a processor's would be: the return page holds it, not the payment's id alone.
      const resumeToken = `rt_${randomUuid().replace(/-/g, '')}`;
      return outcome === 'redirect' ? { type: 'redirect', resumeToken, metadata: { redirect } } : { type: 'processor_auth', resumeToken, metadata: { type: 'processor_auth', redirect } };
    }
    case 'airwallex_radar':
    case 'airwallex_radar_then_challenge':
      return { type: 'radar', metadata: { provider: 'airwallex', isTest: true } };
    case 'stripe_radar':
      return {
        type: 'stripe_radar',
        metadata: { type: 'stripe_radar', radar: { publishableKey: SANDBOX_STRIPE_PUBLISHABLE_KEY, ...(payment.orderId !== undefined ? { orderId: payment.orderId } : {}) } },
      };
  }
}
