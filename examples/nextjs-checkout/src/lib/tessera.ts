import 'server-only';
import { publicCheckoutConfig, Tessera } from '@tessera/server';

// The one place the secret key is used. `server-only` makes a build fail when a client component imports this file,
// so the key can never end up in the browser's bundle. Everything is read when a request needs it, not at import,
// so `next build` needs no secrets.

let client: Tessera | undefined;

/**
 * The `@tessera/server` client: it reads `TESSERA_API_KEY` and `TESSERA_BASE_URL` itself, and says which is missing;
 * its environment is the page's (`TESSERA_ENVIRONMENT`, read by `publicCheckoutConfig`).
 */
export const getTessera = (): Tessera => (client ??= new Tessera({ environment: publicCheckoutConfig().environment }));

/** The store every payment of this shop belongs to (`TESSERA_STORE_ID`). */
export function getStoreId(): string {
  const storeId = process.env.TESSERA_STORE_ID;
  if (!storeId) throw new Error('Missing environment variable TESSERA_STORE_ID (see .env.example)');
  return storeId;
}
