// `createCardFields` with its one loader: the one module that names the optional peer `@basis-theory/web-elements`,
// with a dynamic `import()` (exported by the `@tessera/tokenizer/fields` entry, and handed out by the client's).
import { createCardFieldsWith, type CardFields, type CardFieldsOptions } from './card-fields.js';
import type { WebElementsModule } from './web-elements-client.js';

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
