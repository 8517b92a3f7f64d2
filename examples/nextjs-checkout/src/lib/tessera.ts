import 'server-only';
import { Tessera, type TesseraEnvironment } from '@tessera/server';

// The one place the secret key is used. `server-only` makes a build fail when a client component imports this file,
// so the key can never end up in the browser's bundle. Everything is read when a request needs it, not at import,
// so `next build` needs no secrets.

/** `TESSERA_ENVIRONMENT`: local (the sandbox on http://localhost:4010, the default), development or production. */
const environment = () => (process.env.TESSERA_ENVIRONMENT || 'local') as TesseraEnvironment;

let client: Tessera | undefined;

/** The `@tessera/server` client: it reads `TESSERA_API_KEY` and `TESSERA_BASE_URL` itself, and says which is missing. */
export const getTessera = (): Tessera => (client ??= new Tessera({ environment: environment() }));

/** The store every payment of this shop belongs to (`TESSERA_STORE_ID`). */
export function getStoreId(): string {
  const storeId = process.env.TESSERA_STORE_ID;
  if (!storeId) throw new Error('Missing environment variable TESSERA_STORE_ID (see .env.example)');
  return storeId;
}

/** What the page may know (its `createTessera` options): the environment and, when set, the vault's origin and public key. */
export const getPublicConfig = () => ({
  environment: environment(),
  ...(process.env.TESSERA_VAULT_URL ? { vaultUrl: process.env.TESSERA_VAULT_URL } : {}),
  ...(process.env.TESSERA_VAULT_KEY ? { vaultKey: process.env.TESSERA_VAULT_KEY } : {}),
});
