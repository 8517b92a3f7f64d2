import { TesseraConfigurationError } from '../errors/errors.js';
import type { TokenizerEnvironment } from './environment-name.js';

// The environment of this page's Tessera objects: the first one given in a browser page. A page talks to one vault and
// one service: the sandbox's or the real one, never both.
let current: TokenizerEnvironment | undefined;

/**
 * Records `environment` as this page's and returns it. Another environment than the one the page already uses is a
 * `TesseraConfigurationError` (`mixed_environments`) naming the option, so a call left without it never falls back to
 * production beside the sandbox. Outside a browser page (server rendering, Node) nothing is recorded.
 */
export function claimPageEnvironment(environment: TokenizerEnvironment): TokenizerEnvironment {
  if (typeof document === 'undefined') return environment;
  if (current !== undefined && current !== environment) {
    throw new TesseraConfigurationError('mixed_environments', `environment is "${environment}", but this page uses "${current}": give every Tessera call of a page one environment`);
  }
  return (current = environment);
}

/** The environment this page already uses, if any: what a call given none (`confirmPayment`) takes. */
export const pageEnvironment = (): TokenizerEnvironment | undefined => current;

/** Forgets the page's environment. For tests that try several environments in one page; never needed by a shop. */
export function forgetPageEnvironment(): void {
  current = undefined;
}
