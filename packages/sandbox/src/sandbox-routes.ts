/**
 * Paths the sandbox serves besides core's API routes: the vault (CORS, public key), the ACS pages (no auth) and
 * the `/sandbox/*` test helpers (secret key). Each is spelled here only.
 */
export const sandboxRoutes = {
  vaultTokenizeCard: '/vault/v1/cards',
  vaultTokenizeApplePay: '/vault/v1/wallets/apple_pay',
  vaultTokenizeGooglePay: '/vault/v1/wallets/google_pay',
  vaultApplePayMerchantSession: '/vault/v1/apple-pay/merchant-session',
  vaultCreateThreeDSSession: '/vault/v1/threeds/sessions',
  acsChallenge: '/acs/challenge',
  acsComplete: '/acs/complete',
  advanceClock: '/sandbox/clock/advance',
  completeCheckoutSession: '/sandbox/checkout-sessions/{id}/complete',
  listDeliveredWebhooks: '/sandbox/webhooks',
  addWebhookEndpoint: '/sandbox/webhook-endpoints',
} as const;
