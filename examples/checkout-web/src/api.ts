// The page's one call of its own to the merchant server (same origin); `tessera.pay()` calls the checkout handler.

/** Public settings the merchant server hands the page. */
export interface CheckoutConfig {
  environment: 'production' | 'development' | 'local';
  vaultUrl?: string;
  vaultKey?: string;
  /** Your Google merchant id (Google Pay & Wallet Console): Google Pay needs it in production. */
  googleMerchantId?: string;
  storeId: string;
}

/** Loads the public config (`GET /api/config`); a failure names the status, to show the customer. */
export async function getConfig(): Promise<CheckoutConfig> {
  const response = await fetch('/api/config');
  if (!response.ok) throw new Error(`The shop could not be loaded (HTTP ${response.status}): reload the page.`);
  return (await response.json()) as CheckoutConfig;
}
