// `@tessera/tokenizer/testing`: fill the card fields with a test card from an end-to-end test. No runtime dependency
// (Playwright is typed structurally), nothing at import time.
export { fillCardFields, type FillCardFieldsOptions, type PlaywrightFrameLocatorLike, type PlaywrightLocatorLike, type PlaywrightPageLike } from './testing/fill-card-fields.js';
export { fillCardFieldsInSandbox } from './testing/fill-card-fields-in-sandbox.js';
export type { TestCardInput } from './testing/test-card.js';
