import { sandboxRoutes } from '../http/sandbox-routes.js';

// The stand-ins for the two scripts the vendor's radar code loads (@tagadapay/core-js 3.1.0, `radar/*`), so that a
// page running that protocol works offline against the sandbox. Plain ES2017, no eval, no inline handler (they run
// under a strict Content-Security-Policy). Each finds the sandbox from its own `src`: what precedes its path there
// (origin and any prefix), so they work on any port.

/** The script's own `src` up to its path: where the sandbox's routes are. Its text is pasted into both scripts. */
const sandboxBase = (scriptPath: string): string => `
  function sandboxBase(script) {
    var src = script && script.src ? script.src : '';
    var at = src.indexOf(${JSON.stringify(scriptPath)});
    if (at >= 0) return src.slice(0, at);
    return src ? new URL(src).origin : location.origin;
  }`;

/**
 * `GET /airwallex/webapp/fraud/device-fingerprint/index.js`, for Airwallex's device fingerprint script
 * (`https://static.airwallex.com/webapp/fraud/device-fingerprint/index.js`): reads its own tag's
 * `data-order-session-id` (`document.currentScript`, else `#airwallex-fraud-api`, the vendor's tag id) and reports it
 * to `POST /sandbox/radar/airwallex-fingerprints`, then again each time the attribute changes (the vendor's code
 * reuses the tag for a second check and changes only the attribute).
 */
export const airwallexFingerprintScript = `/* Tessera sandbox: stand-in for Airwallex's device fingerprint script. */
(function () {
  'use strict';${sandboxBase(sandboxRoutes.airwallexFingerprintScript)}
  var script = document.currentScript || document.getElementById('airwallex-fraud-api');
  if (!script) return;
  var endpoint = sandboxBase(script) + ${JSON.stringify(sandboxRoutes.reportAirwallexFingerprint)};
  var reported = '';
  function report() {
    var sessionId = script.getAttribute('data-order-session-id');
    if (!sessionId || sessionId === reported) return;
    reported = sessionId;
    fetch(endpoint, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: sessionId })
    }).catch(function () {
      if (reported === sessionId) reported = '';
    });
  }
  report();
  new MutationObserver(report).observe(script, { attributes: true, attributeFilter: ['data-order-session-id'] });
})();
`;

/**
 * `GET /stripe-js/v3/`, for Stripe.js (`https://js.stripe.com/v3/`): defines `window.Stripe(publishableKey)`, whose
 * `createRadarSession()` resolves as Stripe.js's published `RadarSessionPayload`: `{ radarSession }` from `POST
 * /sandbox/radar/stripe-sessions`, or `{ error: { type, message } }` (a key the sandbox does not know, the sandbox
 * out of reach). `Stripe('sk_…')` throws, as Stripe.js refuses a secret key. A page that has `window.Stripe` keeps it.
 */
export const stripeJsScript = `/* Tessera sandbox: stand-in for Stripe.js (Stripe(key).createRadarSession() only). */
(function () {
  'use strict';
  if (typeof window.Stripe === 'function') return;${sandboxBase(sandboxRoutes.stripeJsScript)}
  var endpoint = sandboxBase(document.currentScript) + ${JSON.stringify(sandboxRoutes.createStripeRadarSession)};
  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }
  function failure(type, message) {
    return { error: { type: type, message: message } };
  }
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw integrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }
    if (publishableKey.indexOf('sk_') === 0) {
      throw integrationError('You should not use your secret key with Stripe.js.\\nPlease pass a publishable key instead.');
    }
    return {
      createRadarSession: function () {
        return fetch(endpoint, {
          method: 'POST',
          mode: 'cors',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ publishableKey: publishableKey })
        }).then(function (response) {
          return response.json();
        }).then(function (body) {
          if (body && body.radarSession && typeof body.radarSession.id === 'string') return { radarSession: body.radarSession };
          if (body && body.error && typeof body.error.type === 'string') return { error: body.error };
          return failure('api_error', 'The sandbox answered without a Radar session');
        }, function () {
          return failure('api_connection_error', 'The sandbox could not be reached to create a Radar session');
        });
      }
    };
  }
  window.Stripe = Stripe;
})();
`;
