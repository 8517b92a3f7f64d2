import { TesseraValidationError } from '@tessera/core';
import { environmentNames, type TesseraEnvironment } from '../core/environment.js';

/** What a page may know, for its browser client (`createTessera` of `@tessera/tokenizer/client`). Never a secret. */
export interface PublicCheckoutConfig {
  environment: TesseraEnvironment;
  /** The vault's origin, when not the environment's own (a sandbox on another port). */
  vaultUrl?: string;
  /** The vault's public (publishable) key, when not the environment's own. */
  vaultKey?: string;
}

/**
 * The browser client's settings, read from the server's environment variables, for a server-rendered page to hand
 * to the browser: `TESSERA_ENVIRONMENT` (`production`, the default, `development` or `local`, the one the server's
 * client should be given too), `TESSERA_VAULT_URL` and `TESSERA_VAULT_KEY` when set. Read at call time (a build
 * needs none). A secret key given as the vault key (`sk_…`, Basis Theory's `key_…_pvt_…`) is refused here, before it
 * can reach a page: a `TesseraValidationError` naming the variable, never its value.
 */
export function publicCheckoutConfig(env: Readonly<Record<string, string | undefined>> = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}): PublicCheckoutConfig {
  const environment = env.TESSERA_ENVIRONMENT || 'production';
  if (!(environmentNames as string[]).includes(environment)) {
    throw new TesseraValidationError([{ field: 'TESSERA_ENVIRONMENT', code: 'invalid', message: `must be one of ${environmentNames.join(', ')} (or unset, for production)` }]);
  }
  const vaultKey = env.TESSERA_VAULT_KEY?.trim();
  if (vaultKey && (vaultKey.startsWith('sk_') || vaultKey.includes('_pvt_'))) {
    throw new TesseraValidationError([{ field: 'TESSERA_VAULT_KEY', code: 'secret_key', message: 'must be the vault’s public key (key_…_pub_…), never a secret key: it is sent to every page' }]);
  }
  return { environment: environment as TesseraEnvironment, ...(env.TESSERA_VAULT_URL ? { vaultUrl: env.TESSERA_VAULT_URL } : {}), ...(vaultKey ? { vaultKey } : {}) };
}
