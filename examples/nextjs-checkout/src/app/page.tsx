import { publicCheckoutConfig } from '@tessera/server';
import { connection } from 'next/server';
import { Checkout } from '@/components/checkout';

/**
 * A server component: it reads the public settings (`TESSERA_ENVIRONMENT`, `TESSERA_VAULT_URL`, `TESSERA_VAULT_KEY`;
 * a secret key given as the vault key is refused) at request time and hands them to the client component. The secret
 * key stays on the server.
 */
export default async function Page() {
  await connection(); // rendered per request, so the settings are read at run time, not frozen at build time
  return <Checkout config={publicCheckoutConfig()} />;
}
