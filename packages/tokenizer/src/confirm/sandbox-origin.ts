import { TesseraConfigurationError } from '../errors/errors.js';
import { isSecureUrl, LOCAL_VAULT_URL } from '../vault/environment.js';

/**
 * The sandbox's origin (`sandboxUrl`, default `http://localhost:4010`): https, or http on this machine, else a
 * `TesseraConfigurationError`. `confirmPayment` checks it at once, before any action; the radar stand-ins load from it.
 */
export function sandboxOrigin(sandboxUrl: string | undefined): string {
  const url = (sandboxUrl ?? LOCAL_VAULT_URL).replace(/\/+$/, '');
  if (!isSecureUrl(url)) throw new TesseraConfigurationError('invalid_option', 'sandboxUrl must be an https URL (plain http only on localhost)');
  return url;
}
