// `@tessera/tokenizer/fields`: card fields in Basis Theory's element iframes (PCI SAQ A: the page never holds the
// card). The one module that names the optional peer `@basis-theory/web-elements` is `fields/create-card-fields.ts`,
// with a dynamic `import()`: importing this entry loads nothing and touches no `window` (server-side rendering
// imports it); `mount()` loads the library.
export { createCardFields, loadWebElements } from './fields/create-card-fields.js';
export type { CardFields, CardFieldsCss, CardFieldsCssProperty, CardFieldsEvent, CardFieldsListener, CardFieldsOptions, CardFieldsStyle, CardFieldsStyleRules, CardFieldsTargets, CardFieldsText, CardFieldsTokenizeOptions, FieldContainer } from './fields/card-fields.js';
export type { CardFieldName, CardFieldsState, CardFieldState } from './fields/field-state.js';
export { TesseraFieldsError, type FieldsErrorReason } from './fields/fields-error.js';
export { WEB_ELEMENTS_VERSION, type WebElementsLoader, type WebElementsModule } from './fields/web-elements-client.js';
export type { DetectedCardBrand, TokenizedCard, TokenizedCardResult } from './vault/tokenized-card.js';
