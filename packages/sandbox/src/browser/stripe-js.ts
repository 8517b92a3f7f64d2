import type { sandboxBase } from './sandbox-base.js';

/** What the stand-in's `createRadarSession()` resolves with: Stripe.js's published `RadarSessionPayload`. */
type RadarSessionPayload = { radarSession: { id: string } & Record<string, unknown> } | { error: { type: string; message: string } };

/**
 * The stand-in for Stripe.js (`GET /stripe-js/v3/`, for `https://js.stripe.com/v3/`): defines
 * `window.Stripe(publishableKey)`, whose `createRadarSession()` resolves as Stripe.js's published
 * `RadarSessionPayload`: `{ radarSession }` from the sandbox (`sessionPath`), or `{ error: { type, message } }` (a key
 * the sandbox does not know, the sandbox out of reach). `Stripe('sk_…')` throws, as Stripe.js refuses a secret key. A
 * page that has `window.Stripe` keeps it.
 */
export function stripeJs(base: typeof sandboxBase, scriptPath: string, sessionPath: string): void {
  'use strict';
  const page = window as unknown as { Stripe?: unknown };
  if (typeof page.Stripe === 'function') return;
  const script = document.currentScript;
  const endpoint = base(script instanceof HTMLScriptElement ? script : null, scriptPath) + sessionPath;
  const integrationError = (message: string): Error => {
    const error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  };
  const failure = (type: string, message: string): RadarSessionPayload => ({ error: { type, message } });
  page.Stripe = (publishableKey: unknown) => {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw integrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }
    if (publishableKey.startsWith('sk_')) {
      throw integrationError('You should not use your secret key with Stripe.js.\nPlease pass a publishable key instead.');
    }
    return {
      createRadarSession: (): Promise<RadarSessionPayload> =>
        fetch(endpoint, { method: 'POST', mode: 'cors', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ publishableKey }) })
          .then((response) => response.json() as Promise<Partial<{ radarSession: { id?: unknown }; error: { type?: unknown; message?: unknown } }> | null>)
          .then(
            (body): RadarSessionPayload => {
              if (body?.radarSession && typeof body.radarSession.id === 'string') return { radarSession: body.radarSession as { id: string } };
              if (body?.error && typeof body.error.type === 'string') return { error: { type: body.error.type, message: typeof body.error.message === 'string' ? body.error.message : '' } };
              return failure('api_error', 'The sandbox answered without a Radar session');
            },
            () => failure('api_connection_error', 'The sandbox could not be reached to create a Radar session'),
          ),
    };
  };
}
