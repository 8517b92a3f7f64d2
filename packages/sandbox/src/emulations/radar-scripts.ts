import { airwallexFingerprint } from '../browser/airwallex-fingerprint.js';
import { sandboxBase } from '../browser/sandbox-base.js';
import { servedSource } from '../browser/served-source.js';
import { stripeJs } from '../browser/stripe-js.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';

// The stand-ins for the two scripts the vendor's radar code loads (@tagadapay/core-js 3.1.0, `radar/*`), so that a
// page running that protocol works offline against the sandbox: typed files of `../browser/`, served as their source
// with the paths they call. No eval, no inline handler (they run under a strict Content-Security-Policy). Each finds
// the sandbox from its own `src` (`sandboxBase`), so they work on any port.

/**
 * `GET /airwallex/webapp/fraud/device-fingerprint/index.js`, for Airwallex's device fingerprint script: see
 * `../browser/airwallex-fingerprint.ts`.
 */
export const airwallexFingerprintScript = `/* Tessera sandbox: stand-in for Airwallex's device fingerprint script. */\n${servedSource(
  airwallexFingerprint,
  sandboxBase,
  sandboxRoutes.airwallexFingerprintScript,
  sandboxRoutes.reportAirwallexFingerprint,
)}`;

/** `GET /stripe-js/v3/`, for Stripe.js (`Stripe(key).createRadarSession()` only): see `../browser/stripe-js.ts`. */
export const stripeJsScript = `/* Tessera sandbox: stand-in for Stripe.js (Stripe(key).createRadarSession() only). */\n${servedSource(
  stripeJs,
  sandboxBase,
  sandboxRoutes.stripeJsScript,
  sandboxRoutes.createStripeRadarSession,
)}`;
