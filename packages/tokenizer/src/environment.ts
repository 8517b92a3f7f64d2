import { MAX_TIMER_MS } from '@tessera/core';
import { TesseraConfigurationError } from './errors.js';

/** Where the tokenizer sends card data: the real vault, its development twin, or the local sandbox. */
export type TokenizerEnvironment = 'production' | 'development' | 'local';

/** A vault preset: URL, default public key (only the sandbox has one) and the provider name put in service tokens. */
export interface EnvironmentPreset {
  vaultUrl: string;
  vaultKey: string | undefined;
  provider: string;
}

/** Default vault URL of the local sandbox (`tessera-sandbox --port 4010`). */
export const LOCAL_VAULT_URL = 'http://127.0.0.1:4010';

/** Hosts that may be reached over plain http: this machine (the sandbox). Everything else needs https. */
export const loopbackHosts: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Public vault key of the sandbox. It is a publishable key, never a secret API key. */
export const SANDBOX_VAULT_KEY = 'pk_test_tessera_sandbox';

// Placeholders until the real vault hosts are published; production and development have no default key.
const presets: Record<TokenizerEnvironment, EnvironmentPreset> = {
  production: { vaultUrl: 'https://vault.tessera.example', vaultKey: undefined, provider: 'tessera-vault' },
  development: { vaultUrl: 'https://vault.dev.tessera.example', vaultKey: undefined, provider: 'tessera-vault' },
  local: { vaultUrl: LOCAL_VAULT_URL, vaultKey: SANDBOX_VAULT_KEY, provider: 'tessera-sandbox-vault' },
};

/** Options shared by every browser-side client. */
export interface VaultConnectionOptions {
  /** Which preset to start from. An unknown value is a {@link TesseraConfigurationError}. */
  environment: TokenizerEnvironment;
  /** Overrides the preset's vault URL (origin, optionally with a path prefix). */
  vaultUrl?: string;
  /** The public vault key (sent as `X-Tessera-Vault-Key`). Required for `production` and `development`. */
  vaultKey?: string;
  /** Time limit of each vault request in milliseconds. Default 15000. */
  timeoutMs?: number;
}

/** Resolved vault connection. */
export interface VaultConnection {
  environment: TokenizerEnvironment;
  vaultUrl: string;
  vaultKey: string | undefined;
  provider: string;
  timeoutMs: number;
}

/** Applies the environment preset and the overrides; throws {@link TesseraConfigurationError} on anything wrong. */
export function resolveVaultConnection(options: VaultConnectionOptions): VaultConnection {
  const environment = (options as Partial<VaultConnectionOptions> | undefined)?.environment;
  if (typeof environment !== 'string' || !Object.prototype.hasOwnProperty.call(presets, environment)) {
    throw new TesseraConfigurationError('unknown_environment', 'environment must be "production", "development" or "local"');
  }
  const preset = presets[environment];
  const vaultUrl = (options.vaultUrl ?? preset.vaultUrl).replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(vaultUrl);
  } catch {
    // Not a URL: refused below.
  }
  // Card data goes there: https always, plain http only to this machine (the sandbox).
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname)))) {
    throw new TesseraConfigurationError('invalid_vault_url', 'vaultUrl must be an https URL (plain http only on localhost)');
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS)) {
    throw new TesseraConfigurationError('invalid_option', 'timeoutMs must be a positive number');
  }
  const vaultKey = options.vaultKey ?? preset.vaultKey;
  if (vaultKey !== undefined && (typeof vaultKey !== 'string' || vaultKey.trim() === '')) {
    throw new TesseraConfigurationError('missing_vault_key', 'vaultKey must be a non-empty string');
  }
  if (vaultKey?.startsWith('sk_')) {
    // A secret API key must never reach a browser; refuse it rather than send it to the vault.
    throw new TesseraConfigurationError('invalid_option', 'vaultKey must be a public vault key (pk_…), never a secret API key');
  }
  return { environment, vaultUrl, vaultKey, provider: preset.provider, timeoutMs };
}

/** The vault key, or a configuration error naming the environment that lacks one. */
export function requireVaultKey(connection: VaultConnection): string {
  if (connection.vaultKey === undefined) {
    throw new TesseraConfigurationError(
      'missing_vault_key',
      `environment "${connection.environment}" has no default vault key: pass vaultKey (your public pk_ key)`,
    );
  }
  return connection.vaultKey;
}
