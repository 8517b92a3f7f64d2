import { TesseraConfigurationError } from '../errors/errors.js';

/** Configuration `BasisTheory3ds(publicKey, config)` takes (web-threeds 1.3). */
export interface WebThreedsConfig {
  apiBaseUrl?: string;
  sdkBaseUrl?: string;
  disableTelemetry?: boolean;
}

/** The challenge request of web-threeds' `startChallenge`. */
export interface WebThreedsChallengeRequest {
  sessionId: string;
  acsChallengeUrl: string;
  acsTransactionId: string;
  threeDSVersion: string;
  windowSize?: string;
  timeout?: number;
  containerId?: string;
}

/** What `BasisTheory3ds(...)` returns: the part Tessera uses. */
export interface WebThreeds {
  createSession: (request: { tokenId: string }) => Promise<{ id: string; cardBrand?: string; additionalCardBrands?: string[] }>;
  startChallenge: (request: WebThreedsChallengeRequest) => Promise<{ id: string; isCompleted?: boolean; authenticationStatus?: string }>;
}

/**
 * The part of the `@basis-theory/web-threeds` module Tessera uses (declared here, so the tokenizer's types do not
 * need the optional peer installed).
 */
export interface WebThreedsModule {
  BasisTheory3ds: (publicKey: string, config?: WebThreedsConfig) => WebThreeds;
}

/** Loads `@basis-theory/web-threeds`, e.g. `() => import('@basis-theory/web-threeds')`. */
export type WebThreedsLoader = () => Promise<WebThreedsModule>;

/**
 * The library's factory: from the loader, else from the global its browser bundle sets (`window.BasisTheory3ds`,
 * a `<script>` tag). Without either it is a configuration error naming both ways.
 */
export async function loadBasisTheory3ds(load: WebThreedsLoader | undefined): Promise<WebThreedsModule['BasisTheory3ds']> {
  const global = (globalThis as { BasisTheory3ds?: WebThreedsModule['BasisTheory3ds'] }).BasisTheory3ds;
  if (!load && global) return global;
  if (!load) {
    throw new TesseraConfigurationError(
      'invalid_option',
      '3DS needs @basis-theory/web-threeds: import createThreeDS from "@tessera/tokenizer/basis-theory", or pass loadWebThreeds',
    );
  }
  let module: WebThreedsModule;
  try {
    module = await load();
  } catch {
    throw new TesseraConfigurationError('invalid_option', 'Could not load @basis-theory/web-threeds: install it (npm install @basis-theory/web-threeds)');
  }
  if (typeof module?.BasisTheory3ds !== 'function') throw new TesseraConfigurationError('invalid_option', 'loadWebThreeds did not return @basis-theory/web-threeds');
  return module.BasisTheory3ds;
}

// The containers `BasisTheory3ds()` appends to <body> on every call (read in web-threeds 1.3.5).
const methodContainerId = 'methodFrameContainer';
const containerIds = [methodContainerId, 'challengeFrameContainer'];

/**
 * A container of web-threeds', made before web-threeds makes it, so that a page with a strict Content-Security-Policy
 * reports nothing. web-threeds (1.3.5, `createIframeContainer`) makes a missing one with
 * `setAttribute('style', 'display:none;')` (an inline style attribute, blocked under `style-src-attr`) and empties one
 * it finds with `innerHTML = ""` (a string given to an HTML sink, blocked under `require-trusted-types-for 'script'`).
 * On this element both go another way: a style attribute through the CSSOM, which CSP does not govern, and the empty
 * string by removing the children, which is all it asks. Any other HTML still goes through the sink, so the page's
 * Trusted Types policy applies to it. No global (a default Trusted Types policy) is touched: that is the page's.
 */
function ownContainer(id: string): HTMLElement {
  const container = document.createElement('div');
  container.id = id;
  if (id === methodContainerId) container.style.display = 'none';
  container.setAttribute = (name: string, value: string): void => {
    if (name.toLowerCase() === 'style') container.style.cssText = value;
    else Element.prototype.setAttribute.call(container, name, value);
  };
  // Looked up at use: nothing of the DOM is read before web-threeds runs.
  const sink = () => Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  Object.defineProperty(container, 'innerHTML', {
    get: (): unknown => sink()?.get?.call(container),
    set(html: string) {
      if (html === '') container.replaceChildren();
      else sink()?.set?.call(container, html);
    },
  });
  return container;
}

/** web-threeds loaded and ready to configure: its factory, the public key and the configuration. */
export interface WebThreedsSetup {
  factory: WebThreedsModule['BasisTheory3ds'];
  publicKey: string;
  config: WebThreedsConfig & { sdkBaseUrl: string };
}

/**
 * Configures web-threeds (its settings are module-wide, so every use sets them again) and returns it with a
 * `release` that removes the body containers this call added, so nothing of it stays in the page.
 */
export function configureWebThreeds({ factory, publicKey, config }: WebThreedsSetup): { webThreeds: WebThreeds; release: () => void } {
  const added = containerIds.filter((id) => !document.getElementById(id));
  for (const id of added) document.body.append(ownContainer(id));
  const webThreeds = factory(publicKey, config);
  return {
    webThreeds,
    release: () => {
      for (const id of added) document.getElementById(id)?.remove();
    },
  };
}
