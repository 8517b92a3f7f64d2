import { connection } from 'next/server';
import { Checkout } from '@/components/checkout';
import { getPublicConfig } from '@/lib/tessera';

/**
 * A server component: it reads the public settings (environment, vault) from the server's environment at request
 * time and hands them to the client component. The secret key stays here.
 */
export default async function Page() {
  await connection(); // rendered per request, so the settings are read at run time, not frozen at build time
  return <Checkout config={getPublicConfig()} />;
}
