import { TesseraError, type FieldError } from '@tessera/core';

// The two the server throws too, declared once in core: a vault that cannot be reached, a 2xx it cannot use.
export { TesseraConnectionError, TesseraResponseValidationError } from '@tessera/core';

/** Why a tokenizer or 3DS configuration was refused. */
export type ConfigurationErrorReason = 'unknown_environment' | 'missing_vault_key' | 'invalid_vault_url' | 'invalid_option' | 'missing_dependency' | 'mixed_environments';

/**
 * The tokenizer (or 3DS helper) was configured wrongly: an unknown environment, no vault key for an environment
 * that has no default key, or a malformed URL. Thrown at once; there is never a fallback to another environment.
 */
export class TesseraConfigurationError extends TesseraError {
  static override readonly brand: string = 'Configuration';
  /** Which check failed. */
  declare readonly reason: ConfigurationErrorReason;

  constructor(reason: ConfigurationErrorReason, message: string) {
    super('configuration_error', message, { reason });
  }
}

/**
 * The vault answered with an HTTP error. The message names the status and the vault's error code only; it never
 * repeats anything that was sent.
 */
export class TesseraVaultError extends TesseraError {
  static override readonly brand: string = 'Vault';
  /** HTTP status of the vault's answer. */
  declare readonly status: number;
  /** The vault's own error code, when its body had one (e.g. `validation_error`, `unauthorized`). */
  declare readonly vaultCode: string | undefined;
  /**
   * Request id from the vault (`bt-trace-id`, else `x-request-id`), for support; only one of at most 128 characters
   * with no run of 12 or more digits (core's `safeRequestId`), so it never carries card data.
   */
  declare readonly requestId: string | undefined;
  /** Field errors the vault reported, if any. */
  declare readonly fields: FieldError[];

  constructor(status: number, { vaultCode, requestId, fields = [] }: { vaultCode?: string | undefined; requestId?: string | undefined; fields?: FieldError[] } = {}) {
    super('vault_error', `The vault refused the request (HTTP ${status}${vaultCode ? `, ${vaultCode}` : ''})`);
    Object.assign(this, { status, vaultCode, requestId, fields });
  }

  override toJSON(): Record<string, unknown> {
    const { status, vaultCode, requestId, fields } = this;
    return { ...super.toJSON(), status, vaultCode, requestId, fields };
  }
}

/** Why a 3DS challenge could not be started. */
export type ChallengeErrorReason = 'challenge_in_progress' | 'no_dom';

/** A 3DS challenge could not be started: another one is open, or there is no DOM (server-side rendering). */
export class TesseraChallengeError extends TesseraError {
  static override readonly brand: string = 'Challenge';
  /** Which check failed. */
  declare readonly reason: ChallengeErrorReason;

  constructor(reason: ChallengeErrorReason, message: string) {
    super(reason, message, { reason });
  }
}

/**
 * Why a wallet (Apple Pay, Google Pay) did not give a token:
 * - `not_available`: this browser or device cannot pay with it (no `ApplePaySession`, `canMakePayments()` false,
 *   `isReadyToPay` false, no pay.js): offer the card fields;
 * - `script_failed`: Apple Pay JS or Google's pay.js did not load (network, Content-Security-Policy);
 * - `session_refused`: the browser or the provider refused to open the sheet (Safari: a second sheet while one is
 *   open, or no user gesture: start it from the click itself; Google: a request it does not accept);
 * - `merchant_validation_failed`: the vault refused Apple's merchant validation (its `TesseraVaultError` as `cause`),
 *   or Apple did not accept the session it gave: register the domain with the service;
 * - `cancelled`: the customer closed the sheet;
 * - `shipping_update_failed`: your `onShippingContactChange` or `onShippingMethodChange` threw: the sheet was closed;
 * - `token_failed`: the sheet gave no payment token the vault could take.
 */
export type WalletErrorReason = 'not_available' | 'script_failed' | 'session_refused' | 'merchant_validation_failed' | 'cancelled' | 'shipping_update_failed' | 'token_failed';

/**
 * A wallet sheet (Apple Pay, Google Pay) was unavailable, refused, closed or failed: `reason` says which. The vault's
 * refusal of a token, and a vault not reached, stay their typed errors (`TesseraVaultError`, `TesseraConnectionError`,
 * `TesseraTimeoutError`); an abort through `signal` is a
 * `TesseraAbortError`. Never carries the wallet's payment token: the browser's own error is kept as `cause` only.
 */
export class TesseraWalletError extends TesseraError {
  static override readonly brand: string = 'Wallet';
  /** Which step failed. */
  declare readonly reason: WalletErrorReason;

  constructor(reason: WalletErrorReason, message: string, options?: { cause?: unknown }) {
    super(`wallet_${reason}`, message, { ...options, reason });
  }
}

/**
 * Basis Theory's web-threeds could not create the 3DS session (a refused token, a card no 3DS scheme supports, a
 * network failure). The message is web-threeds' own text, which names no card data and no key.
 */
export class TesseraThreeDSError extends TesseraError {
  static override readonly brand: string = 'ThreeDS';
  constructor(detail: string) {
    super('threeds_session_failed', `Basis Theory could not create the 3DS session: ${detail}`);
  }
}
