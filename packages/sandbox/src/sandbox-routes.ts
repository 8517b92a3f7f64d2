import { vaultApplePayPath, vaultApplePaySessionPath, vaultCardsPath, vaultGooglePayPath, vaultThreeDSSessionsPath } from '@tessera/core';

/**
 * Paths the sandbox serves besides core's API routes: the vault, Basis Theory's API (CORS, BT-API-KEY public key), the ACS pages (no auth) and
 * the `/sandbox/*` test helpers (secret key). The vault paths come from core (shared with the tokenizer); the others are spelled here only.
 */
export const sandboxRoutes = {
  vaultTokenizeCard: vaultCardsPath,
  vaultTokenizeApplePay: vaultApplePayPath,
  vaultTokenizeGooglePay: vaultGooglePayPath,
  vaultApplePayMerchantSession: vaultApplePaySessionPath,
  vaultCreateThreeDSSession: vaultThreeDSSessionsPath,
  acsChallenge: '/acs/challenge',
  acsComplete: '/acs/complete',
  advanceClock: '/sandbox/clock/advance',
  completeCheckoutSession: '/sandbox/checkout-sessions/{id}/complete',
  listDeliveredWebhooks: '/sandbox/webhooks',
  addWebhookEndpoint: '/sandbox/webhook-endpoints',
} as const;
