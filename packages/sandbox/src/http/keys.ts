/** The sandbox's secret API key (declared in @tessera/core), sent as `Authorization: Bearer <key>` on every API and `/sandbox/*` route. */
export { SANDBOX_API_KEY } from '@tessera/core/internal';
