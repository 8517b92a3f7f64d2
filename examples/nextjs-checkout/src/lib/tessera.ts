import 'server-only';
import { Tessera, type TesseraEnvironment } from '@tessera/server';

// The one place the secret key is read. `server-only` makes a build fail when a client component imports this file,
// so the key can never end up in the browser's bundle.

/** What the checkout page may know: which vault to tokenize in. Never the secret key. */
export interface PublicConfig {
  environment: TesseraEnvironment;
  vaultUrl?: string;
  vaultKey?: string;
}

type Env = Record<string, string | undefined>;

const environments: readonly TesseraEnvironment[] = ['production', 'development', 'local'];

function environmentOf(env: Env): TesseraEnvironment {
  const environment = (env.TESSERA_ENVIRONMENT ?? 'local') as TesseraEnvironment;
  if (!environments.includes(environment)) throw new Error('TESSERA_ENVIRONMENT must be production, development or local');
  return environment;
}

function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name} (see .env.example)`);
  return value;
}

let cached: { key: string; client: Tessera } | undefined;

/**
 * The `@tessera/server` client, from `TESSERA_API_KEY` and `TESSERA_BASE_URL` (else the origin of
 * `TESSERA_ENVIRONMENT`, `local` by default: the sandbox on http://localhost:4010). Read when a request needs it,
 * not at import, so `next build` needs no secrets; made once per configuration.
 */
export function getTessera(env: Env = process.env): Tessera {
  const apiKey = required(env, 'TESSERA_API_KEY');
  const environment = environmentOf(env);
  const baseUrl = env.TESSERA_BASE_URL;
  const key = JSON.stringify([apiKey, environment, baseUrl]);
  if (cached?.key !== key) cached = { key, client: new Tessera({ apiKey, environment, ...(baseUrl ? { baseUrl } : {}) }) };
  return cached.client;
}

/** The store every payment of this shop belongs to (`TESSERA_STORE_ID`). */
export const getStoreId = (env: Env = process.env): string => required(env, 'TESSERA_STORE_ID');

/** The signing secret of the webhook endpoint (`TESSERA_WEBHOOK_SECRET`), if one is set. */
export const getWebhookSecret = (env: Env = process.env): string | undefined => env.TESSERA_WEBHOOK_SECRET || undefined;

/** The page's settings: the environment and, when set, the vault's origin and public key (`TESSERA_VAULT_URL`, `TESSERA_VAULT_KEY`). */
export function getPublicConfig(env: Env = process.env): PublicConfig {
  const config: PublicConfig = { environment: environmentOf(env) };
  if (env.TESSERA_VAULT_URL) config.vaultUrl = env.TESSERA_VAULT_URL;
  if (env.TESSERA_VAULT_KEY) config.vaultKey = env.TESSERA_VAULT_KEY;
  return config;
}
