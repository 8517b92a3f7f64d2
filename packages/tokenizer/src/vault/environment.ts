import { isLoopbackUrl, MAX_TIMER_MS, SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { TesseraConfigurationError } from '../errors/errors.js';
import type { TokenizerEnvironment } from './environment-name.js';
import { claimPageEnvironment } from './page-environment.js';

export type { TokenizerEnvironment } from './environment-name.js';

/** A vault preset: Basis Theory's API origin and the public key. */
export interface EnvironmentPreset {
  vaultUrl: string;
  vaultKey: string;
}

/** Basis Theory's API origin (the vault of the real service). */
export const BASIS_THEORY_API_URL = 'https://api.basistheory.com';

/**
 * Default vault URL of the local sandbox (`tessera-sandbox --port 4010`). `localhost`, not `127.0.0.1`:
 * basis-theory-js and web-threeds switch every other host to https.
 */
export const LOCAL_VAULT_URL = 'http://localhost:4010';

/**
 * True for an https URL, or a plain http one to this machine (core's `isLoopbackUrl`: `localhost`, 127.0.0.0/8,
 * `[::1]`: the sandbox), as the server client decides where its key may go. Card data, the 3DS library and the
 * challenge page are only ever fetched from such a URL.
 */
export function isSecureUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || (protocol === 'http:' && isLoopbackUrl(value));
  } catch {
    return false;
  }
}

/** The provider name of Basis Theory tokens in service tokens, as the service knows it. */
export const VAULT_PROVIDER = 'basistheory';

// The service's BT public keys, as @tagadapay/core-js@3.1.0 publishes them (dist/core/config.js).
const presets: Record<TokenizerEnvironment, EnvironmentPreset> = {
  production: { vaultUrl: BASIS_THEORY_API_URL, vaultKey: 'key_prod_us_pub_PNMB2AiaECJ463K6QAPNU6' },
  development: { vaultUrl: BASIS_THEORY_API_URL, vaultKey: 'key_test_us_pub_VExdfbFQARn821iqP8zNaq' },
  local: { vaultUrl: LOCAL_VAULT_URL, vaultKey: SANDBOX_VAULT_KEY },
};

/** Options shared by every browser-side client. */
export interface VaultConnectionOptions {
  /**
   * Which preset to start from. An unknown value is a {@link TesseraConfigurationError}, and so is another environment
   * than the one the page already uses (`mixed_environments`): a page talks to one vault.
   */
  environment: TokenizerEnvironment;
  /** Overrides the preset's vault URL: Basis Theory's API origin (or the sandbox's), optionally with a path prefix. */
  vaultUrl?: string;
  /** Overrides the preset's Basis Theory public key (sent as `BT-API-KEY`). Never a secret key. */
  vaultKey?: string;
  /** Time limit of each vault request in milliseconds. Default 15000. */
  timeoutMs?: number;
}

/** Resolved vault connection. */
export interface VaultConnection {
  environment: TokenizerEnvironment;
  /** Basis Theory's API origin (or the sandbox's emulation of it). */
  vaultUrl: string;
  /** The Basis Theory public key (trimmed), sent as `BT-API-KEY`. */
  vaultKey: string;
  provider: string;
  timeoutMs: number;
}

/** Applies the environment preset and the overrides; throws {@link TesseraConfigurationError} on anything wrong. */
export function resolveVaultConnection(options: VaultConnectionOptions): VaultConnection {
  const environment = (options as Partial<VaultConnectionOptions> | undefined)?.environment;
  if (typeof environment !== 'string' || !Object.hasOwn(presets, environment)) {
    throw new TesseraConfigurationError('unknown_environment', 'environment must be "production", "development" or "local"');
  }
  const preset = presets[environment];
  const vaultUrl = (options.vaultUrl ?? preset.vaultUrl).replace(/\/+$/, '');
  // Card data goes there: https always, plain http only to this machine (the sandbox).
  if (!isSecureUrl(vaultUrl)) {
    throw new TesseraConfigurationError('invalid_vault_url', 'vaultUrl must be an https URL (plain http only on localhost)');
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS)) {
    throw new TesseraConfigurationError('invalid_option', 'timeoutMs must be a positive number');
  }
  const givenKey: unknown = options.vaultKey ?? preset.vaultKey;
  const vaultKey = typeof givenKey === 'string' ? givenKey.trim() : '';
  if (vaultKey === '') throw new TesseraConfigurationError('missing_vault_key', 'vaultKey must be a non-empty string');
  if (vaultKey.startsWith('sk_') || vaultKey.includes('_pvt_')) {
    // A secret key (Tessera `sk_…`, Basis Theory `key_…_pvt_…`) must never reach a browser: refuse, never send.
    throw new TesseraConfigurationError('invalid_option', 'vaultKey must be a Basis Theory public key (key_…_pub_…), never a secret key');
  }
  return { environment: claimPageEnvironment(environment), vaultUrl, vaultKey, provider: VAULT_PROVIDER, timeoutMs };
}
