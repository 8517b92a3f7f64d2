import type { PaymentAction } from '@tessera/core';
import type { TokenizerEnvironment } from '../vault/environment.js';
import { claimPageEnvironment, pageEnvironment } from '../vault/page-environment.js';
import { TesseraNextActionError } from './payment-action-errors.js';
import { sandboxOrigin } from './sandbox-origin.js';
import { randomUuid } from '../platform/random-uuid.js';
import { loadScript } from '../platform/script-loader.js';

/** A radar action: Airwallex's device fingerprint, or a Stripe Radar session. */
export type RadarAction = Extract<PaymentAction, { type: 'radar' | 'stripe_radar' }>;

/**
 * The device session a radar action collected, as your server saves it with `tessera.radarSessions.create(session)`
 * (`POST /radar-sessions`): the vendor's two bodies, field for field (`@tagadapay/core-js` 3.1.0, `radar/types.d.ts`
 * and `radar/stripe-types.d.ts`).
 */
export type RadarSession =
  | { paymentId: string; airwallexRadarSessionId: string }
  | { paymentId: string; orderId?: string; stripeRadarSessionId: string; stripeRadarSessionData: Record<string, unknown> };

/** Where the provider scripts come from, and how long loading one may take. */
export interface RadarScriptOptions {
  /**
   * `local` loads the sandbox's stand-ins from `sandboxUrl`; `production` and `development` the providers' published
   * scripts. Default: the environment this page's other Tessera objects use (card fields, 3DS, a tokenizer), else the
   * providers' scripts. Another one than the page's is a `TesseraConfigurationError` (`mixed_environments`).
   */
  environment?: TokenizerEnvironment | undefined;
  /** The sandbox's origin, for `local`. Default `http://localhost:4010`. */
  sandboxUrl?: string | undefined;
  /** Time limit for loading a provider script, in milliseconds. Default 10000 (as the vendor's code). */
  scriptTimeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

// The providers' published scripts, as @tagadapay/core-js 3.1.0 loads them (radar/AirwallexRadarManager.js,
// radar/StripeRadarManager.js). The sandbox serves stand-ins under the same paths, prefixed.
const AIRWALLEX_ORIGIN = 'https://static.airwallex.com';
const AIRWALLEX_DEMO_ORIGIN = 'https://static-demo.airwallex.com';
const AIRWALLEX_PATH = '/webapp/fraud/device-fingerprint/index.js';
const AIRWALLEX_SCRIPT_ID = 'airwallex-fraud-api';
const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/** The part of Stripe.js a radar session uses (`@stripe/stripe-js`: `Stripe(key).createRadarSession()`). */
type StripeConstructor = (publishableKey: string) => {
  createRadarSession(): Promise<{ radarSession?: Record<string, unknown>; error?: { message?: string } }>;
};

/**
 * Runs a radar action in this page, as the vendor's code does, and returns the session for your server to save:
 * Airwallex loads its fingerprint script once with a fresh session id in `data-order-session-id` (a second check
 * reuses the tag with a new id); Stripe loads Stripe.js once and creates a Radar session with the publishable key.
 */
export async function collectRadarSession(action: RadarAction, paymentId: string, options: RadarScriptOptions = {}): Promise<RadarSession> {
  if (typeof document === 'undefined') throw new TesseraNextActionError('no_dom', action.type, paymentId, 'A radar check runs in a browser page: call confirmPayment there, not during server rendering');
  const environment = options.environment === undefined ? pageEnvironment() : claimPageEnvironment(options.environment);
  const sandbox = environment === 'local' ? sandboxOrigin(options.sandboxUrl) : undefined;
  if (action.type === 'radar') {
    const sessionId = randomUuid();
    const origin = sandbox !== undefined ? `${sandbox}/airwallex` : action.isTest ? AIRWALLEX_DEMO_ORIGIN : AIRWALLEX_ORIGIN;
    const existing = document.getElementById(AIRWALLEX_SCRIPT_ID);
    if (existing) existing.setAttribute('data-order-session-id', sessionId);
    else await loadRadarScript(`${origin}${AIRWALLEX_PATH}`, action, paymentId, options, { id: AIRWALLEX_SCRIPT_ID, 'data-order-session-id': sessionId });
    return { paymentId, airwallexRadarSessionId: sessionId };
  }
  const stripe = await loadStripe(sandbox !== undefined ? `${sandbox}/stripe-js/v3/` : STRIPE_JS_URL, action, paymentId, options);
  const failed = (detail: string, cause?: unknown): TesseraNextActionError =>
    new TesseraNextActionError('session_failed', action.type, paymentId, `Stripe could not create the Radar session: ${detail}`, { cause });
  let answer: Awaited<ReturnType<ReturnType<StripeConstructor>['createRadarSession']>>;
  try {
    answer = await stripe(action.publishableKey).createRadarSession();
  } catch (error) {
    throw failed(error instanceof Error ? error.message : 'Stripe.js threw', error);
  }
  const id = answer.radarSession?.id;
  if (answer.error || typeof id !== 'string' || id === '') throw failed(answer.error?.message ?? 'no session in its answer');
  return { paymentId, ...(action.orderId !== undefined ? { orderId: action.orderId } : {}), stripeRadarSessionId: id, stripeRadarSessionData: answer.radarSession ?? {} };
}

const stripeGlobal = (): StripeConstructor | undefined => {
  const stripe = (globalThis as { Stripe?: unknown }).Stripe;
  return typeof stripe === 'function' ? (stripe as StripeConstructor) : undefined;
};

/** Stripe.js's `Stripe`: the one already on the page, else the script loaded once from `src`. */
async function loadStripe(src: string, action: RadarAction, paymentId: string, options: RadarScriptOptions): Promise<StripeConstructor> {
  const present = stripeGlobal();
  if (present) return present;
  await loadRadarScript(src, action, paymentId, options, {});
  const loaded = stripeGlobal();
  if (!loaded) throw new TesseraNextActionError('script_failed', action.type, paymentId, `Stripe.js loaded from ${src} but defined no window.Stripe: check that the URL serves Stripe.js`);
  return loaded;
}

/** {@link loadScript} with the radar check's typed error. */
function loadRadarScript(src: string, action: RadarAction, paymentId: string, options: RadarScriptOptions, attributes: Record<string, string>): Promise<void> {
  return loadScript(src, {
    attributes,
    timeoutMs: options.scriptTimeoutMs,
    signal: options.signal,
    fail: (detail) =>
      new TesseraNextActionError('script_failed', action.type, paymentId, `The ${action.provider === 'stripe' ? 'Stripe.js' : 'Airwallex fingerprint'} script ${detail} (${src}): check the network and that your Content-Security-Policy allows it (see the tokenizer README)`),
  });
}
