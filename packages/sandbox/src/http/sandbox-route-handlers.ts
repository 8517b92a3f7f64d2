import { z } from '@tessera/core/internal';
import { challengePage, completePage } from '../emulations/acs.js';
import type { RouteResult } from '../wire/answer.js';
import { btElementsClientScript } from '../emulations/bt-elements-client.js';
import { btElementFile } from '../emulations/bt-elements-pages.js';
import { challengeFramePage, methodFramePage } from '../emulations/bt-threeds-pages.js';
import { authenticateBtThreeDSSession, btChallengeResult, createBtThreeDSSession } from '../emulations/bt-threeds.js';
import { acsMethodPage, methodNotificationPage } from '../emulations/bt-threeds-method.js';
import { completeChallengeRoute } from '../service/challenges.js';
import { completeCheckoutSession } from '../service/checkout.js';
import type { SandboxContext } from '../service/context.js';
import { dashboardData, dashboardPage, dashboardScript, dashboardStyles } from '../service/dashboard.js';
import { airwallexFingerprintScript, stripeJsScript } from '../emulations/radar-scripts.js';
import { applePayJsScript } from '../emulations/apple-pay-js.js';
import { googlePayJsScript } from '../emulations/google-pay-js.js';
import { walletSheetPage, walletSheetScript } from '../emulations/wallet-sheet-page.js';
import { createStripeRadarSession, radarDeviceSessions, radarSessions, recordAirwallexFingerprint } from '../service/radar-sessions.js';
import { redirectCompletePage, redirectPage } from '../emulations/redirect-page.js';
import type { SandboxRequest } from './request.js';
import { radarCorsHeaders, type RouteAuth, type RouteServices } from './route-pipeline.js';
import type { SandboxRouteName } from '../wire/sandbox-routes.js';
import { validate } from '../wire/validate.js';
import { browserSessionRouteHandlers } from './browser-session-handlers.js';
import { addFaultRule, clearFaultRules, listFaultRules, removeFaultRule } from './fault-routes.js';
import { globalAdvanceRequest } from '../service/test-clock-requests.js';
import { advanceTestClockRoute, createTestClockRoute, deleteTestClockRoute, listTestClocksRoute, retrieveTestClockRoute } from './test-clock-routes.js';
import { tokenizeCard } from '../emulations/vault.js';
import { appleMerchantSession } from '../emulations/apple-merchant-session.js';
import { tokenizeApplePay, tokenizeGooglePay } from '../emulations/wallet-vault.js';
import { mintApplePayToken, mintGooglePayToken } from '../emulations/wallet-tokens.js';
import { walletCardViews } from '../service/wallet-cards.js';
import { createServiceToken } from '../emulations/service-token.js';
import { helperEndpointView, registerWebhookEndpoint } from '../service/webhook-endpoints.js';
import { notFound, SandboxHttpError } from '../errors/http-error.js';
import { stores } from '../service/stores.js';
import { trigger } from '../service/triggers.js';
import { MAX_DELIVERY_DELAY_MS, MAX_FAIL_FIRST, webhookDeliveries, webhookEndpoints, webhookEvents } from '../service/webhooks.js';

/** One of the sandbox's own routes; its path is {@link sandboxRoutes}' entry of the same name. */
export interface SandboxRoute {
  /** Upper-case HTTP method. */
  method: string;
  auth: RouteAuth;
  /** Faults and `Idempotency-Key` apply (the vault and BT's API; not the pages, the ACS or the `/sandbox/*` helpers). */
  guarded: boolean;
  /** CORS headers, for a route a page on another origin calls that its `auth` gives none (the radar stand-ins' routes). */
  cors?: Readonly<Record<string, string>>;
  /** Its body may carry a card number and CVC: its `Idempotency-Key` records are never kept in a data file. */
  cardData?: true;
  /** The operation; `services` for the helpers that act on the routes themselves (the fault rules). */
  handle(ctx: SandboxContext, request: SandboxRequest, services: RouteServices): RouteResult;
}

const idOf = (params: Record<string, string>): string => params.id ?? '';

// A version segment of the Elements CDN's paths (`2.17.0`, `2.18.0-beta.1`): any other is a 404.
const elementsVersion = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/;
/** The route's answer when its `{version}` has the shape of a version; a 404 otherwise. */
const forVersion = (answer: (params: Record<string, string>) => RouteResult): SandboxRoute['handle'] => (_ctx, { params }) => {
  if (!elementsVersion.test(params.version ?? '')) throw new SandboxHttpError(404, 'not_found', 'No Basis Theory Elements version of that shape');
  return answer(params);
};

/** A fixed secret: `whsec_` and 16 to 200 letters, digits or `+/=_-` (it goes into `.env` files and HMAC keys). */
const fixedSecret = z.string().check(z.regex(/^whsec_[A-Za-z0-9+/=_-]{16,200}$/, 'must be whsec_ followed by 16 to 200 letters, digits or +/=_-'));
const deliveryMode = z.union([
  z.strictObject({ kind: z.enum(['normal', 'duplicates', 'out-of-order']) }),
  z.strictObject({ kind: z.literal('delay'), ms: z.int().check(z.minimum(0), z.maximum(MAX_DELIVERY_DELAY_MS)) }),
  z.strictObject({ kind: z.literal('fail-first'), attempts: z.int().check(z.minimum(1), z.maximum(MAX_FAIL_FIRST)) }),
]);
const endpointRequest = z.strictObject({ storeId: z.optional(z.string()), url: z.url({ protocol: /^https?$/ }), secret: z.optional(fixedSecret), mode: z.optional(deliveryMode) });
const resendRequest = z.optional(z.strictObject({ endpointId: z.optional(z.string()) }));
const triggerRequest = z.strictObject({ type: z.string(), storeId: z.optional(z.string()) });
/** The most deliveries one page of the delivery log holds. */
const DELIVERY_PAGE = 500;

const vault = (handle: SandboxRoute['handle']): SandboxRoute => ({ method: 'POST', auth: 'vault', guarded: true, handle });
const acs = (handle: SandboxRoute['handle']): SandboxRoute => ({ method: 'POST', auth: 'none', guarded: false, handle });
const page = (html: string): SandboxRoute => ({ method: 'GET', auth: 'none', guarded: false, handle: () => ({ html }) });
const script = (text: string): SandboxRoute => ({ method: 'GET', auth: 'none', guarded: false, handle: () => ({ script: text }) });
// What the radar stand-ins send from the merchant's page: no key (the page has none to give), CORS open.
const fromRadarScript = (handle: SandboxRoute['handle']): SandboxRoute => ({ method: 'POST', auth: 'none', guarded: false, cors: radarCorsHeaders, handle });
// The dashboard's page, files and data: read without a key, from loopback only; its actions are helpers (secret key).
const onLoopback = (handle: SandboxRoute['handle']): SandboxRoute => ({ method: 'GET', auth: 'loopback', guarded: false, handle });
// What the stand-in wallet sheet (a page of the sandbox's origin) posts: no key, no CORS, same origin only.
const fromWalletSheet = (handle: SandboxRoute['handle']): SandboxRoute => ({ method: 'POST', auth: 'same-origin', guarded: false, handle });
const helper = (method: 'GET' | 'POST' | 'DELETE', handle: SandboxRoute['handle']): SandboxRoute => ({ method, auth: 'api', guarded: false, handle });

/** How the sandbox serves its own routes. A missing one does not compile. */
export const sandboxRouteHandlers = {
  // The service's browser session API (x-cms-token, CORS).
  ...browserSessionRouteHandlers,
  // Vault: Basis Theory's API (BT-API-KEY public key, CORS, snake_case).
  vaultTokenizeCard: { ...vault((ctx, { body }) => ({ status: 201, json: tokenizeCard(ctx, body) })), cardData: true },
  vaultTokenizeApplePay: vault((ctx, { body }) => ({ status: 201, json: tokenizeApplePay(ctx, body) })),
  vaultTokenizeGooglePay: vault((ctx, { body }) => ({ status: 201, json: tokenizeGooglePay(ctx, body) })),
  vaultApplePayMerchantSession: vault((ctx, { body }) => ({ status: 201, json: appleMerchantSession(ctx, body) })),
  // The test wallet cards, and the stand-in sheets' minting of wallet tokens (same origin only: no key, no CORS).
  listWalletCards: { method: 'GET', auth: 'none', guarded: false, handle: () => ({ json: walletCardViews() }) },
  mintApplePayToken: fromWalletSheet((ctx, { body }) => ({ status: 201, json: mintApplePayToken(ctx, body) })),
  mintGooglePayToken: fromWalletSheet((ctx, { body }) => ({ status: 201, json: mintGooglePayToken(ctx, body) })),

  // Basis Theory 3DS (web-threeds in the page: public key, CORS; the service's server calls: secret key).
  btCreateThreeDSSession: { method: 'POST', auth: 'bt', guarded: true, cardData: true, handle: (ctx, { body, origin }) => createBtThreeDSSession(ctx, body, origin) },
  btAuthenticateThreeDSSession: { method: 'POST', auth: 'bt-secret', guarded: true, handle: (ctx, { params, origin }) => authenticateBtThreeDSSession(ctx, idOf(params), origin) },
  btThreeDSChallengeResult: { method: 'GET', auth: 'bt-secret', guarded: true, handle: (ctx, { params }) => btChallengeResult(ctx, idOf(params)) },
  btChallengeFramePage: page(challengeFramePage),
  btMethodFramePage: page(methodFramePage),
  // Where the ACS notifies the end of a session's 3DS method (no auth, HTML form, as an ACS posts it).
  btMethodNotification: acs((ctx, { params, form }) => methodNotificationPage(ctx, idOf(params), form)),
  // The emulation of Basis Theory Elements' CDN (no auth): the client script the loader injects, and its element pages.
  btElementsClientScript: { method: 'GET', auth: 'none', guarded: false, handle: forVersion(() => ({ script: btElementsClientScript })) },
  btElementsHostedFile: { method: 'GET', auth: 'none', guarded: false, handle: forVersion((params) => btElementFile(params.file ?? '')) },

  // ACS pages (no auth, HTML forms).
  acsChallenge: acs((ctx, { form }) => challengePage(ctx, form)),
  acsComplete: acs((ctx, { form }) => completePage(ctx, form)),
  acsMethod: acs((ctx, { form, origin }) => acsMethodPage(ctx, form, origin)),
  // The page of a `redirect` action (no auth, HTML forms).
  redirectPage: { method: 'GET', auth: 'none', guarded: false, handle: (ctx, { params, url }) => redirectPage(ctx, idOf(params), url.searchParams.get('returnUrl')) },
  redirectComplete: acs((ctx, { params, form }) => redirectCompletePage(ctx, idOf(params), form)),

  // Stand-ins for the radar providers' scripts (no auth, text/javascript), and the routes they call from the page.
  airwallexFingerprintScript: script(airwallexFingerprintScript),
  stripeJsScript: script(stripeJsScript),
  reportAirwallexFingerprint: fromRadarScript((ctx, { body }) => ({ json: recordAirwallexFingerprint(ctx, body) })),
  createStripeRadarSession: fromRadarScript((ctx, { body }) => createStripeRadarSession(ctx, body)),
  // Stand-ins for Apple Pay JS and pay.js (no auth, CORS: Apple's loader sets crossorigin), and their sheet's page.
  applePayJsScript: { ...script(applePayJsScript), cors: radarCorsHeaders },
  googlePayJsScript: { ...script(googlePayJsScript), cors: radarCorsHeaders },
  walletSheet: { method: 'GET', auth: 'none', guarded: false, handle: () => walletSheetPage() },
  walletSheetScript: script(walletSheetScript),

  // Test helpers (secret key).
  advanceClock: helper('POST', (ctx, { body }) => ({ json: { now: ctx.clock.advance(validate(globalAdvanceRequest, body).ms).toISOString() } })),
  // Scoped test clocks (`sandbox.testClocks` over HTTP).
  createTestClock: helper('POST', (ctx, { body }) => createTestClockRoute(ctx, body)),
  listTestClocks: helper('GET', (ctx) => listTestClocksRoute(ctx)),
  retrieveTestClock: helper('GET', (ctx, { params }) => retrieveTestClockRoute(ctx, idOf(params))),
  advanceTestClock: helper('POST', (ctx, { params, body }) => advanceTestClockRoute(ctx, idOf(params), body)),
  deleteTestClock: helper('DELETE', (ctx, { params }) => deleteTestClockRoute(ctx, idOf(params))),
  completeCheckoutSession: helper('POST', (ctx, { params, body }) => ({ json: completeCheckoutSession(ctx, idOf(params), body) })),
  listDeliveredWebhooks: helper('GET', (ctx, { url }) => {
    const storeId = url.searchParams.get('storeId');
    const matches = (entry: { storeId: string }): boolean => storeId === null || entry.storeId === storeId;
    return { json: { data: webhookEvents.of(ctx).filter(matches), deliveries: webhookDeliveries.of(ctx).filter(matches) } };
  }),
  // The same registration as `POST /webhooks`, for every event type; the answer keeps the earlier `{ storeId, endpoints }`.
  addWebhookEndpoint: helper('POST', (ctx, { body }) => {
    const input = validate(endpointRequest, body);
    // Without a store: the sandbox's first one (the default store, as `tessera-sandbox listen` uses it).
    const storeId = input.storeId ?? stores.of(ctx).keys().next().value ?? '';
    const endpoint = registerWebhookEndpoint(ctx, { storeId, url: input.url, eventTypes: 'all', secret: input.secret, mode: input.mode });
    const endpoints = [...webhookEndpoints.of(ctx).values()].filter((candidate) => candidate.storeId === storeId).map((candidate) => candidate.url);
    return { status: 201, json: { storeId, endpoints: [...new Set(endpoints)], endpoint: helperEndpointView(endpoint) } };
  }),
  // The delivery log, oldest first, each delivery with its position (`index`) and attempts; `endpointId` and
  // `eventId` filter it, `since=<index>` starts there (a poller asks again from its first unfinished one).
  listWebhookDeliveries: helper('GET', (ctx, { url }) => {
    const query = url.searchParams;
    const since = Math.max(0, Number.parseInt(query.get('since') ?? '0', 10) || 0);
    const endpointId = query.get('endpointId');
    const eventId = query.get('eventId');
    const all = webhookDeliveries.of(ctx);
    const deliveries = [];
    for (let index = since; index < all.length && deliveries.length < DELIVERY_PAGE; index++) {
      const delivery = all[index];
      if (!delivery || (endpointId !== null && delivery.endpointId !== endpointId) || (eventId !== null && delivery.eventId !== eventId)) continue;
      deliveries.push({ index, ...delivery });
    }
    return { json: { deliveries, total: all.length } };
  }),
  // Delivers an event again: same id, signed anew (a new signature timestamp).
  resendWebhookEvent: helper('POST', (ctx, { params, body }) => {
    const endpointId = validate(resendRequest, body)?.endpointId;
    const deliveries = ctx.webhooks.resend(idOf(params), endpointId);
    if (!deliveries) {
      if (!webhookEvents.of(ctx).some((event) => event.id === idOf(params))) throw notFound('event', idOf(params));
      throw notFound('webhook endpoint', endpointId ?? '');
    }
    return { status: 202, json: { eventId: idOf(params), deliveries: deliveries.map(({ endpointId: id, url: target }) => ({ endpointId: id, url: target })) } };
  }),
  // Does what causes an event (a purchase, a refund, a subscription, the clock…) and answers the ids and events.
  triggerEvent: helper('POST', (ctx, request) => {
    const input = validate(triggerRequest, request.body);
    return { status: 201, json: trigger(ctx, request.origin, input.type, input.storeId) };
  }),
  // What the radar stand-ins collected and the merchant saved, for a test over HTTP (sandbox.records, in memory).
  listRadarSessions: helper('GET', (ctx) => ({ json: { radarSessions: [...radarSessions.of(ctx).values()], deviceSessions: [...radarDeviceSessions.of(ctx).values()] } })),
  // The fault rules of a running sandbox (`sandbox.faults` over HTTP): add one, list them and what fired, remove.
  addFaultRule: helper('POST', (_ctx, { body }, { faults }) => addFaultRule(faults, body)),
  listFaultRules: helper('GET', (_ctx, _request, { faults }) => listFaultRules(faults)),
  clearFaultRules: helper('DELETE', (_ctx, _request, { faults }) => clearFaultRules(faults)),
  removeFaultRule: helper('DELETE', (_ctx, { params }, { faults }) => removeFaultRule(faults, idOf(params))),
  // A service token for a test card, as the tokenizer makes it against this vault (its body names a card: never kept).
  createServiceToken: { ...helper('POST', (ctx, { body }) => ({ status: 201, json: createServiceToken(ctx, body) })), cardData: true },

  // The dashboard (loopback only; its actions: the helpers above and below, with the secret key).
  dashboard: onLoopback(() => dashboardPage()),
  dashboardScript: onLoopback(() => ({ script: dashboardScript })),
  dashboardStyles: onLoopback(() => ({ css: dashboardStyles })),
  dashboardData: onLoopback((ctx) => dashboardData(ctx)),
  // A 3DS challenge approved or failed by a payment id, a session id or an ACS transaction id: the dashboard's
  // buttons, `connectSandbox().challenges` and `tessera-sandbox challenge`.
  completeDashboardChallenge: helper('POST', (ctx, { params, body }) => completeChallengeRoute(ctx, idOf(params), body)),
} satisfies { readonly [K in SandboxRouteName]: SandboxRoute };

/** The routes whose body may carry a card number and CVC (`cardData`). */
export const cardDataRoutes: ReadonlySet<SandboxRouteName> = new Set(
  (Object.keys(sandboxRouteHandlers) as SandboxRouteName[]).filter((name) => (sandboxRouteHandlers[name] as SandboxRoute).cardData === true),
);
