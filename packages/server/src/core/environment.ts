import { TesseraValidationError } from '@tessera/core';
import { isLoopbackUrl, SANDBOX_API_KEY, SERVICE_ORIGINS } from '@tessera/core/internal';

/** Where the client sends its requests: the service's production or development API, or the local sandbox. */
export type TesseraEnvironment = 'production' | 'development' | 'local';

/**
 * The origin of each {@link TesseraEnvironment}; requests go to `{origin}/api/public/v1`. `production` and
 * `development` are the API origins the service's vendor publishes
 * (https://tagadapay.mintlify.app/api-reference/introduction: `https://app.tagadapay.com/api/public/v1` and
 * `https://app.tagadapay.dev/api/public/v1`); `local` is the sandbox started by
 * `npx -p @tessera/sandbox tessera-sandbox` (port 4010 by default).
 */
export const environmentOrigins = SERVICE_ORIGINS satisfies Record<TesseraEnvironment, string>;

/** Origin of the service's production API, the default: `environmentOrigins.production`. */
export const PRODUCTION_BASE_URL = environmentOrigins.production;

/** Origin of the local sandbox started by `npx -p @tessera/sandbox tessera-sandbox`: `environmentOrigins.local`. */
export const SANDBOX_BASE_URL = environmentOrigins.local;

/** The environment names, for the option's schema. */
export const environmentNames = Object.keys(environmentOrigins) as TesseraEnvironment[];

// Names that never resolve on the public internet (RFC 6761 section 6, RFC 2606): only a mock such as msw's
// handlers answers them, so the sandbox's key sent there reaches no one.
const reservedTestHost = /(?:^|\.)(?:test|example|invalid|localhost)\.?$/i;

/**
 * Refuses the sandbox's own key ({@link SANDBOX_API_KEY}) for an origin that may reach a real service: anything but
 * this machine (`localhost`, 127.0.0.0/8, `[::1]`) or a reserved test name (`*.test`, `*.example`, `*.invalid`,
 * `*.localhost`). Without this, a sandbox key sent to production fails far from its cause. Real keys are not judged:
 * the service publishes no test or live prefixes.
 *
 * @throws TesseraValidationError (field `apiKey`) naming the origin and the option to choose, never the key.
 */
export function assertKeyFitsOrigin(apiKey: string, baseUrl: string): void {
  if (apiKey !== SANDBOX_API_KEY) return;
  if (isLoopbackUrl(baseUrl) || reservedTestHost.test(new URL(baseUrl).hostname)) return;
  const origin = new URL(baseUrl).origin;
  const message = `is the local sandbox's key, which only the sandbox accepts, and this client would send it to ${origin}: pass environment: 'local' (or baseUrl: '${SANDBOX_BASE_URL}') to use the sandbox, or your own API key for ${origin}`;
  throw new TesseraValidationError([{ field: 'apiKey', code: 'sandbox_key', message }], `Invalid input: apiKey ${message}`);
}

/**
 * Refuses a plain `http://` origin other than this machine's (`localhost`, 127.0.0.0/8, `[::1]`: the local sandbox):
 * every request carries the API key, which would cross the network unencrypted (`docs/contracts.md`, "Environments").
 *
 * @throws TesseraValidationError (field `baseUrl`, code `insecure_url`) naming the origin, never the key.
 */
export function assertSecureOrigin(baseUrl: string): void {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || isLoopbackUrl(baseUrl)) return;
  const message = `is plain http to ${url.origin}, which would send your API key unencrypted: use https://${url.host} (plain http is taken only for localhost, 127.0.0.0/8 and [::1], e.g. the sandbox at ${SANDBOX_BASE_URL})`;
  throw new TesseraValidationError([{ field: 'baseUrl', code: 'insecure_url', message }], `Invalid input: baseUrl ${message}`);
}
