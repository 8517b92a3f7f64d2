/** The sandbox's secret API key, sent as `Authorization: Bearer <key>` on every API and `/sandbox/*` route. */
export const SANDBOX_API_KEY = 'sk_test_tessera_sandbox';

/** The sandbox's Basis Theory-style test public key (declared in @tessera/core), sent as `BT-API-KEY` on the vault routes. */
export { SANDBOX_VAULT_KEY } from '@tessera/core';
