/**
 * The sandbox's secret API key, sent as `Authorization: Bearer <key>` on every API and `/sandbox/*` route of
 * `@tessera/sandbox`. Declared here only: the sandbox accepts it, and the server client refuses to send it to any
 * origin but a local one. It is public (printed by the sandbox's CLI), so it grants nothing anywhere else.
 */
export const SANDBOX_API_KEY = 'sk_test_tessera_sandbox';

/**
 * The id of the store a fresh sandbox seeds with a small catalog (`sandbox.defaults.shop`): the store a page sells
 * from with the browser session API (`@tessera/tokenizer/store`) with no merchant server. Declared here only.
 */
export const SANDBOX_SHOP_STORE_ID = 'store_sandbox_shop';
