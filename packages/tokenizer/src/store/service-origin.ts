import { SERVICE_ORIGINS } from '@tessera/core/internal';
import { TesseraConfigurationError } from '../errors/errors.js';
import { isSecureUrl, type TokenizerEnvironment } from '../vault/environment.js';

/**
 * The origin of the service's browser session routes for the page's environment: the vendor's (`production`,
 * `development`), or the sandbox's in `local` (the origin of the vault URL, which the sandbox serves too).
 * `serviceUrl` overrides it: an https URL, plain http only on this machine (`TesseraConfigurationError` otherwise).
 */
export function resolveServiceOrigin(environment: TokenizerEnvironment, vaultUrl: string, serviceUrl: string | undefined): string {
  if (serviceUrl !== undefined) {
    if (typeof serviceUrl !== 'string' || !/^https?:\/\//.test(serviceUrl) || !isSecureUrl(serviceUrl)) {
      throw new TesseraConfigurationError('invalid_option', 'serviceUrl must be an https URL (plain http only on localhost): the service origin the store session talks to');
    }
    return serviceUrl.replace(/\/+$/, '');
  }
  return environment === 'local' ? new URL(vaultUrl).origin : SERVICE_ORIGINS[environment];
}
