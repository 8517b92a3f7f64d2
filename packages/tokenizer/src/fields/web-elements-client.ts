import type * as PublishedWebElements from '@basis-theory/web-elements';
import type { BasisTheoryElements } from '@basis-theory/web-elements';
import { isLoopbackUrl } from '@tessera/core/internal';
import { TesseraConfigurationError } from '@tessera/tokenizer';
import type { VaultConnection } from '../vault/environment.js';
import { TesseraFieldsError } from './fields-error.js';

/**
 * The part of `@basis-theory/web-elements` card fields use: its loader, `basistheory(apiKey, options)`. Spelled here
 * (not imported) so the published types of `@tessera/tokenizer` never name the optional peer; the check below keeps it
 * the package's own.
 */
export interface WebElementsModule {
  basistheory: (apiKey: string, options?: { disableTelemetry?: boolean }) => Promise<object | undefined>;
}
type Check<T extends true> = T;
/** @internal Compile-time check only: fails to compile if the published `@basis-theory/web-elements` stops matching. */
export type PublishedWebElementsMatches = Check<typeof PublishedWebElements extends WebElementsModule ? true : false>;

/** Loads `@basis-theory/web-elements` (the fields entry's default is a dynamic `import()`). */
export type WebElementsLoader = () => Promise<WebElementsModule>;

/** The version of `@basis-theory/web-elements` the fields are written against; the sandbox serves its client under it. */
export const WEB_ELEMENTS_VERSION = '2.17.0';

const sandboxScripts = new Map<string, Promise<void>>();

// The sandbox serves its emulation of BT's CDN client at the path the loader would fetch from BT. It sets
// `window.BasisTheoryElements`, which the unmodified loader takes as already loaded (its pre-set-client seam:
// `customDomain` must be https and cannot point at http://127.0.0.1). Injected once per URL; a failed load is
// forgotten so the next mount tries again.
function loadSandboxClient(vaultUrl: string): Promise<void> {
  const src = `${vaultUrl}/web-elements/${WEB_ELEMENTS_VERSION}/client/index.js`;
  let loading = sandboxScripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = Object.assign(document.createElement('script'), { src, async: true });
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        script.remove();
        sandboxScripts.delete(src);
        reject(new TesseraFieldsError('load_failed', `Could not load ${src}: is the sandbox running, and does the page's Content-Security-Policy allow it in script-src?`));
      });
      document.head.append(script);
    });
    sandboxScripts.set(src, loading);
  }
  return loading;
}

/** True when the vault is the local sandbox (the `local` environment, or a `vaultUrl` on this machine). */
export function isSandboxVault(connection: VaultConnection): boolean {
  return connection.environment === 'local' || isLoopbackUrl(connection.vaultUrl);
}

/**
 * Loads Basis Theory's elements client through the real loader. Against the sandbox, its client script is injected
 * first, then `basistheory()` finds it; elsewhere the loader fetches BT's own client from `https://js.basistheory.com`.
 * BT's telemetry (to Datadog) is off unless `enableTelemetry` is true, and always off against the sandbox.
 */
export async function loadWebElementsClient(connection: VaultConnection, loadModule: WebElementsLoader, enableTelemetry = false): Promise<BasisTheoryElements> {
  let module: WebElementsModule;
  try {
    module = await loadModule();
  } catch {
    throw new TesseraConfigurationError('missing_dependency', 'Card fields need @basis-theory/web-elements: install it next to @tessera/tokenizer (npm install @basis-theory/web-elements@^2.17.0)');
  }
  const sandbox = isSandboxVault(connection);
  if (sandbox) await loadSandboxClient(connection.vaultUrl);
  let elements: BasisTheoryElements | undefined;
  try {
    elements = (await module.basistheory(connection.vaultKey, { disableTelemetry: sandbox || !enableTelemetry })) as BasisTheoryElements | undefined;
  } catch (error) {
    throw new TesseraFieldsError('load_failed', `Basis Theory's card fields did not load (${String(error)}): check the network and the page's Content-Security-Policy`, { cause: error });
  }
  if (!elements) throw new TesseraFieldsError('load_failed', "Basis Theory's card fields did not load");
  return elements;
}
