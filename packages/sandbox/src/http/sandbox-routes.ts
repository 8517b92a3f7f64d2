import { vaultApplePayPath, vaultApplePaySessionPath, vaultCardsPath, vaultGooglePayPath } from '@tessera/core/internal';

/**
 * Paths the sandbox serves besides core's API routes: the vault (Basis Theory's token API: CORS, `BT-API-KEY` public key), Basis Theory's 3DS API and the pages web-threeds loads, the emulation of Basis Theory Elements' CDN (`/web-elements/*`: the client script and the hosted element pages, no auth), the ACS and redirect pages (no auth),
 * the stand-ins for the radar providers' scripts (Airwallex's device fingerprint under `/airwallex`, for
 * `https://static.airwallex.com`; Stripe.js under `/stripe-js`, for `https://js.stripe.com`) and the two routes they
 * call from the page (no auth, CORS), and the `/sandbox/*` test helpers (secret key; the dashboard's page, files and data: loopback only, no key). The vault paths come from core (shared with the tokenizer); the others are spelled here only.
 */
export const sandboxRoutes = {
  // Before the vault's: the router matches a path's end under any prefix, and these end like /tokens and /apple-pay.
  listWalletCards: '/sandbox/wallet-cards',
  mintApplePayToken: '/sandbox/wallet-sheets/apple-pay/tokens',
  mintGooglePayToken: '/sandbox/wallet-sheets/google-pay/tokens',
  vaultTokenizeCard: vaultCardsPath,
  vaultTokenizeApplePay: vaultApplePayPath,
  vaultTokenizeGooglePay: vaultGooglePayPath,
  vaultApplePayMerchantSession: vaultApplePaySessionPath,
  btCreateThreeDSSession: '/3ds/sessions',
  btAuthenticateThreeDSSession: '/3ds/sessions/{id}/authenticate',
  btThreeDSChallengeResult: '/3ds/sessions/{id}/challenge-result',
  btChallengeFramePage: '/pages/challenge.html',
  btMethodFramePage: '/pages/method.html',
  btElementsClientScript: '/web-elements/{version}/client/index.js',
  btElementsHostedFile: '/web-elements/{version}/hosted-elements/{file}',
  acsChallenge: '/acs/challenge',
  acsComplete: '/acs/complete',
  redirectPage: '/redirect/{id}',
  redirectComplete: '/redirect/{id}/complete',
  airwallexFingerprintScript: '/airwallex/webapp/fraud/device-fingerprint/index.js',
  stripeJsScript: '/stripe-js/v3/',
  // The stand-ins for Apple Pay JS and Google's pay.js (the providers' paths: a page swaps only the origin) and their sheet.
  applePayJsScript: '/applepay/jsapi/1.latest/apple-pay-sdk.js',
  googlePayJsScript: '/gp/p/js/pay.js',
  walletSheet: '/sandbox/wallet-sheet',
  walletSheetScript: '/sandbox/wallet-sheet/sheet.js',
  reportAirwallexFingerprint: '/sandbox/radar/airwallex-fingerprints',
  createStripeRadarSession: '/sandbox/radar/stripe-sessions',
  advanceClock: '/sandbox/clock/advance',
  createTestClock: '/sandbox/test-clocks',
  listTestClocks: '/sandbox/test-clocks',
  retrieveTestClock: '/sandbox/test-clocks/{id}',
  advanceTestClock: '/sandbox/test-clocks/{id}/advance',
  deleteTestClock: '/sandbox/test-clocks/{id}',
  completeCheckoutSession: '/sandbox/checkout-sessions/{id}/complete',
  listDeliveredWebhooks: '/sandbox/webhooks',
  addWebhookEndpoint: '/sandbox/webhook-endpoints',
  listWebhookDeliveries: '/sandbox/webhook-deliveries',
  resendWebhookEvent: '/sandbox/events/{id}/resend',
  triggerEvent: '/sandbox/trigger',
  listRadarSessions: '/sandbox/radar-sessions',
  addFaultRule: '/sandbox/faults',
  listFaultRules: '/sandbox/faults',
  clearFaultRules: '/sandbox/faults',
  removeFaultRule: '/sandbox/faults/{id}',
  createServiceToken: '/sandbox/service-tokens',
  dashboard: '/sandbox/dashboard',
  dashboardScript: '/sandbox/dashboard/app.js',
  dashboardStyles: '/sandbox/dashboard/app.css',
  dashboardData: '/sandbox/dashboard/data',
  completeDashboardChallenge: '/sandbox/challenges/{id}/complete',
} as const;

/** Name of one of the sandbox's own routes ({@link sandboxRoutes}). */
export type SandboxRouteName = keyof typeof sandboxRoutes;
