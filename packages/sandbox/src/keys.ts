/** The sandbox's secret API key (declared in @tessera/core), sent as `Authorization: Bearer <key>` on every API and `/sandbox/*` route. */
export { SANDBOX_API_KEY } from '@tessera/core';

/** The sandbox's Basis Theory-style test public key (declared in @tessera/core), sent as `BT-API-KEY` on the vault routes. */
export { SANDBOX_VAULT_KEY } from '@tessera/core';
