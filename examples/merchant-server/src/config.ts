import { publicCheckoutConfig } from '@tessera/server';
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
  /** The bearer token of the back-office routes (`STAFF_API_TOKEN`); unset, they answer 503. */
  staffToken?: string;
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
  // TESSERA_ENVIRONMENT (production when unset, never the sandbox by surprise), the vault's URL and public key: a
  // secret key given as the vault key is refused here, naming the variable, before the page could be handed it.
  const publicConfig: PublicConfig = { ...publicCheckoutConfig(env), storeId: env.TESSERA_STORE_ID! };
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
  if (env.STAFF_API_TOKEN && env.STAFF_API_TOKEN.length < 32) throw new Error('STAFF_API_TOKEN must be at least 32 characters: make one with `openssl rand -hex 32`');
  if (env.STAFF_API_TOKEN) config.staffToken = env.STAFF_API_TOKEN;
  return config;
}
