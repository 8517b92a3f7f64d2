import { TesseraWalletError } from '../errors/errors.js';
import { loadScript } from '../platform/script-loader.js';
import type { TokenizerEnvironment } from '../vault/environment.js';
import { applePaySession } from './apple-pay.js';
import { googlePaymentsClientClass } from './google-pay.js';
import type { WalletName } from './wallet-request.js';

// The providers' scripts, as @tagadapay/core-js 3.1.0 loads them (payments/apple-pay-service.js, google-pay-service.js).
// The sandbox serves stand-ins under the same paths, so `local` swaps only the origin.
const APPLE_PAY_JS_PATH = '/jsapi/1.latest/apple-pay-sdk.js';
const scripts: Record<WalletName, { origin: string; sandboxPath: string; path: string; name: string; loaded: () => boolean }> = {
  apple_pay: { origin: 'https://applepay.cdn-apple.com', sandboxPath: `/applepay${APPLE_PAY_JS_PATH}`, path: APPLE_PAY_JS_PATH, name: 'Apple Pay JS', loaded: () => applePaySession() !== undefined },
  google_pay: { origin: 'https://pay.google.com', sandboxPath: '/gp/p/js/pay.js', path: '/gp/p/js/pay.js', name: "Google's pay.js", loaded: () => googlePaymentsClientClass() !== undefined },
};

/** What picks a wallet script's origin: the environment and the vault URL (whose origin is the sandbox's in `local`). */
export interface WalletScriptSource {
  environment: TokenizerEnvironment;
  vaultUrl: string;
}

/** Where a wallet's script comes from: the provider's URL, or in `local` the sandbox's stand-in (the vault's origin). */
export function walletScriptUrl(wallet: WalletName, connection: WalletScriptSource): string {
  const script = scripts[wallet];
  return connection.environment === 'local' ? `${new URL(connection.vaultUrl).origin}${script.sandboxPath}` : `${script.origin}${script.path}`;
}

/**
 * Loads a wallet's script when the page needs it: the provider's when its global is missing (Safari has
 * `ApplePaySession` without Apple Pay JS); in `local` the sandbox's stand-in, once, whatever the browser has, so the
 * sheet is always the test sheet. Nothing is loaded at import.
 */
export async function loadWalletScript(wallet: WalletName, connection: WalletScriptSource, timeoutMs?: number, signal?: AbortSignal): Promise<void> {
  const script = scripts[wallet];
  const src = walletScriptUrl(wallet, connection);
  const local = connection.environment === 'local';
  if (local ? document.querySelector(`script[src="${src}"]`) !== null && script.loaded() : script.loaded()) return;
  await loadScript(src, {
    // Apple's own loader sets crossorigin (anonymous); Google's does not.
    attributes: wallet === 'apple_pay' ? { crossorigin: 'anonymous' } : {},
    timeoutMs,
    signal,
    fail: (detail) => new TesseraWalletError('script_failed', `${script.name} ${detail} (${src}): check the network and that your Content-Security-Policy allows it (script-src ${new URL(src).origin})`),
  });
  if (!script.loaded()) throw new TesseraWalletError('not_available', `${script.name} loaded from ${src} but defined nothing: check that the URL serves ${script.name}`);
}
