import type * as PublishedWebElements from '@basis-theory/web-elements';
import type { BasisTheoryElements } from '@basis-theory/web-elements';
import { isLoopbackUrl } from '@tessera/core/internal';
import { TesseraConfigurationError } from '../errors/errors.js';
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

/** The sandbox's client script as it loads, how many loads of the card fields hold it, and how one lets go. */
interface SandboxScript {
  loading: Promise<void>;
  holders: number;
  release: () => void;
}
const sandboxScripts = new Map<string, SandboxScript>();

// The sandbox serves its emulation of BT's CDN client at the path the loader would fetch from BT. It sets
// `window.BasisTheoryElements`, which the unmodified loader takes as already loaded (its pre-set-client seam:
// `customDomain` must be https and cannot point at http://127.0.0.1). Injected once per URL and shared: each hold is
// released once (the fields drop their client with it), a failed load's too, and the last one removes the script, so
// unmounted fields leave no <script> behind and the next mount injects it again.
function holdSandboxClient(vaultUrl: string): SandboxScript {
  const src = `${vaultUrl}/web-elements/${WEB_ELEMENTS_VERSION}/client/index.js`;
  let entry = sandboxScripts.get(src);
  if (!entry) {
    // A script added by a script is async already.
    const script = document.createElement('script');
    const loading = new Promise<void>((resolve, reject) => {
      script.onload = () => resolve();
      script.onerror = () => reject(new TesseraFieldsError('load_failed', `Could not load ${src}: is the sandbox running, and does the page's Content-Security-Policy allow it in script-src?`));
    });
    script.src = src;
    const held: SandboxScript = {
      loading,
      holders: 0,
      release: () => {
        if (--held.holders > 0) return;
        script.remove();
        sandboxScripts.delete(src);
      },
    };
    sandboxScripts.set(src, (entry = held));
    document.head.append(script);
  }
  entry.holders++;
  return entry;
}

/** True when the vault is the local sandbox (the `local` environment, or a `vaultUrl` on this machine). */
export function isSandboxVault(connection: VaultConnection): boolean {
  return connection.environment === 'local' || isLoopbackUrl(connection.vaultUrl);
}

/** Basis Theory's elements client as it loads, and `release`, to call once the fields that loaded it are unmounted. */
export interface WebElementsClient {
  elements: Promise<BasisTheoryElements>;
  release: (() => void) | undefined;
}

/**
 * Loads Basis Theory's elements client through the real loader. Against the sandbox, its client script is injected
 * first (and held until `release`), then `basistheory()` finds it; elsewhere the loader fetches BT's own client from
 * `https://js.basistheory.com`. BT's telemetry (to Datadog) is off unless `enableTelemetry` is true, and always off
 * against the sandbox.
 */
export function loadWebElementsClient(connection: VaultConnection, loadModule: WebElementsLoader, enableTelemetry = false): WebElementsClient {
  const sandbox = isSandboxVault(connection);
  const script = sandbox ? holdSandboxClient(connection.vaultUrl) : undefined;
  const elements = (async (): Promise<BasisTheoryElements> => {
    let module: WebElementsModule;
    try {
      module = await loadModule();
    } catch {
      throw new TesseraConfigurationError('missing_dependency', 'Card fields need @basis-theory/web-elements: install it next to @tessera/tokenizer (npm install @basis-theory/web-elements@^2.17.0)');
    }
    await script?.loading;
    let loaded: BasisTheoryElements | undefined;
    let cause: unknown;
    try {
      loaded = (await module.basistheory(connection.vaultKey, { disableTelemetry: sandbox || !enableTelemetry })) as BasisTheoryElements | undefined;
    } catch (error) {
      cause = error;
    }
    if (!loaded) throw new TesseraFieldsError('load_failed', `Basis Theory's card fields did not load (${String(cause)}): check the network and the page's Content-Security-Policy`, { cause });
    return loaded;
  })();
  return { elements, release: script?.release };
}
