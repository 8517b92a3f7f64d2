import type { PublicConfig } from './app.js';

/** The merchant server's settings, read from environment variables (see `.env.example`). */
export interface MerchantConfig {
  apiKey: string;
  /**
   * Origin of the service (`TESSERA_BASE_URL`), overriding the one `TESSERA_ENVIRONMENT` picks for `@tessera/server`
   * (`local`: the sandbox at http://localhost:4010; `production`: the real API).
   */
  baseUrl?: string;
  storeId: string;
  port: number;
  staticDir?: string;
  publicConfig: PublicConfig;
  /** The webhook endpoint's signing secret (`TESSERA_WEBHOOK_SECRET`), from registering the endpoint with the service. */
  webhookSecret?: string;
}

/**
 * The event types the starter's endpoint subscribes to when it registers itself with the sandbox at start-up (the
 * sandbox fires these; see its README).
 */
export const WEBHOOK_EVENT_TYPES = [
  'payment/succeeded',
  'payment/authorized',
  'payment/pending',
  'payment/declined',
  'payment/failed',
  'payment/voided',
  'payment/refunded',
  'payment/partially_refunded',
  'order/created',
  'order/paid',
  'subscription/created',
  'subscription/renewed',
  'subscription/past_due',
];

/** Reads the configuration from `env`, failing with the names of every missing variable. */
export function readConfig(env: Record<string, string | undefined>): MerchantConfig {
  const missing = ['TESSERA_API_KEY', 'TESSERA_STORE_ID'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Missing environment variables: ${missing.join(', ')} (see .env.example)`);
  const environment = (env.TESSERA_ENVIRONMENT ?? 'local') as PublicConfig['environment'];
  if (!['production', 'development', 'local'].includes(environment)) throw new Error('TESSERA_ENVIRONMENT must be production, development or local');
  const publicConfig: PublicConfig = { environment, storeId: env.TESSERA_STORE_ID! };
  if (env.TESSERA_VAULT_URL) publicConfig.vaultUrl = env.TESSERA_VAULT_URL;
  if (env.TESSERA_VAULT_KEY) publicConfig.vaultKey = env.TESSERA_VAULT_KEY;
  if (env.GOOGLE_PAY_MERCHANT_ID) publicConfig.googleMerchantId = env.GOOGLE_PAY_MERCHANT_ID;
  const config: MerchantConfig = {
    apiKey: env.TESSERA_API_KEY!,
    storeId: env.TESSERA_STORE_ID!,
    port: Number(env.PORT ?? 3000),
    publicConfig,
  };
  if (env.TESSERA_BASE_URL) config.baseUrl = env.TESSERA_BASE_URL;
  if (env.CHECKOUT_STATIC_DIR) config.staticDir = env.CHECKOUT_STATIC_DIR;
  if (env.TESSERA_WEBHOOK_SECRET) config.webhookSecret = env.TESSERA_WEBHOOK_SECRET;
  return config;
}
