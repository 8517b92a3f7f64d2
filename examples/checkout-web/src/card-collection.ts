import type { CheckoutConfig } from './api.js';

/**
 * How the page collects the card. `fields` (the default, and the only one outside the sandbox): Basis Theory's
 * iframes, so the page never holds the card (PCI SAQ A). `raw`: the page's own inputs and `tokenizeCardWithFacts` (the
 * page reads the card: SAQ A-EP), offered only in the `local` environment and only with `?card=raw`, to try it
 * against the sandbox: a production page never shows them, whatever its URL says. Keep one in your shop.
 */
export function cardCollectionFor(search: string | undefined, environment: CheckoutConfig['environment']): 'fields' | 'raw' {
  return environment === 'local' && new URLSearchParams(search).get('card') === 'raw' ? 'raw' : 'fields';
}
