// `@tessera/tokenizer/fields`: card fields in Basis Theory's element iframes (PCI SAQ A: the page never holds the
// card). The one module that names the optional peer `@basis-theory/web-elements`, with a dynamic `import()`: importing
// this entry loads nothing and touches no `window` (server-side rendering imports it); `mount()` loads the library.
import { createCardFieldsWith, type CardFields, type CardFieldsOptions } from './fields/card-fields.js';
import type { WebElementsModule } from './fields/web-elements-client.js';

/** Loads `@basis-theory/web-elements` with a dynamic `import()`. */
export const loadWebElements = (): Promise<WebElementsModule> => import('@basis-theory/web-elements');

/**
 * Creates card fields: `mount()` puts Basis Theory's card elements (one combined field, or number, expiry and CVC)
 * into your containers, and `tokenize()` gives the same service token as `tokenizer.tokenizeCard`, without the page
 * ever holding the card. In `environment: 'local'` the sandbox serves the elements; in production and development,
 * Basis Theory (`https://js.basistheory.com`). Install `@basis-theory/web-elements` next to `@tessera/tokenizer`.
 *
 * ```ts
 * const fields = createCardFields({ environment: 'production' });
 * await fields.mount({ card: '#card', name: '#name' });
 * const { serviceToken, card } = await fields.tokenize();
 * ```
 */
export function createCardFields(options: CardFieldsOptions): CardFields {
  return createCardFieldsWith({ loadWebElements, ...options });
}

export type { CardFields, CardFieldsCss, CardFieldsCssProperty, CardFieldsEvent, CardFieldsListener, CardFieldsOptions, CardFieldsStyle, CardFieldsStyleRules, CardFieldsTargets, CardFieldsText, CardFieldsTokenizeOptions, FieldContainer } from './fields/card-fields.js';
export type { CardFieldName, CardFieldsState, CardFieldState } from './fields/field-state.js';
export { TesseraFieldsError, type FieldsErrorReason } from './fields/fields-error.js';
export { WEB_ELEMENTS_VERSION, type WebElementsLoader, type WebElementsModule } from './fields/web-elements-client.js';
export type { TokenizedCard, TokenizedCardResult } from './vault/tokenized-card.js';
