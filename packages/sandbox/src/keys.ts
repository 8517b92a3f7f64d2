/** The sandbox's secret API key, sent as `Authorization: Bearer <key>` on every API and `/sandbox/*` route. */
export const SANDBOX_API_KEY = 'sk_test_tessera_sandbox';

/** The sandbox vault's public key, sent by the tokenizer as `X-Tessera-Vault-Key` on `/vault/v1/*` routes. */
export const SANDBOX_VAULT_KEY = 'pk_test_tessera_sandbox';
