import { TesseraAbortError, TesseraConnectionError, TesseraResponseValidationError, TesseraTimeoutError, type AbortOptions } from '@tessera/core';
import { describeConnectionFailure, isLoopbackUrl, mayHoldCardNumber, readErrorCodeAndFields, safeRequestId, vaultKeyHeader } from '@tessera/core/internal';
import { callerFieldOf } from './card-data-fields.js';
import type { VaultConnection } from './environment.js';
import { TesseraVaultError } from '../errors/errors.js';

// Core's one reader of error bodies reads the vault's (Basis Theory problem details, the sandbox's shape), and keeps
// no text that could be a card number or holds one of `secrets` (the CVC).
async function toVaultError(response: Response, secrets: readonly string[]): Promise<TesseraVaultError> {
  const { code, title, fields } = readErrorCodeAndFields(await response.json().catch(() => undefined), secrets);
  // A Basis Theory problem has no code: its `title` ("Unauthorized") stands in, if short.
  const vaultCode = code ?? title;
  // Basis Theory names request fields by their JSON path (`data.number`, or `$.data.number`); the caller knows them as
  // the fields of its CardInput.
  for (const fieldError of fields) fieldError.field = callerFieldOf(fieldError.field.toLowerCase().replace(/^\$\./, '')) ?? fieldError.field;
  return new TesseraVaultError(response.status, {
    vaultCode: vaultCode && vaultCode.length <= 100 ? vaultCode : undefined,
    // Only an id that cannot hold card data (a vault could echo the card in a header).
    requestId: safeRequestId(response.headers.get('bt-trace-id'), response.headers.get('x-request-id')),
    fields,
  });
}

/**
 * The vault could not be reached: the error names the URL tried (its origin and path only: the card data is in the
 * body and the key in a header) and what to check, as the server client's connection error does. What the runtime
 * said is kept in short (`ECONNREFUSED 127.0.0.1:4010`, URLs cut to their origin), without the key, and dropped when
 * it could hold a card number. The runtime's error stays out: only its message, as a new `Error`, is the cause.
 */
function unreachable(connection: VaultConnection, path: string, error: unknown): TesseraConnectionError {
  const { origin, pathname } = new URL(`${connection.vaultUrl}${path}`);
  const { code, summary } = describeConnectionFailure(error);
  const said = summary?.split(connection.vaultKey).join('[redacted]');
  const causeSummary = said === undefined || mayHoldCardNumber(said) ? undefined : said;
  const hint = isLoopbackUrl(origin)
    ? ': is the sandbox running? Start it with `npx -p @tessera/sandbox tessera-sandbox` (port 4010), or pass the vaultUrl it prints'
    : `: check the network, that the page's Content-Security-Policy allows connect-src ${origin}, and that this is the vault you meant (the environment or vaultUrl option)`;
  return new TesseraConnectionError(`Could not reach the vault at ${origin}${pathname}${causeSummary === undefined ? '' : ` (${causeSummary})`}${hint}`, {
    cause: error instanceof Error && causeSummary !== undefined ? new Error(causeSummary) : undefined,
    origin,
    causeSummary,
    ...(code === undefined ? {} : { reason: code }),
  });
}

/**
 * POSTs JSON to the vault (Basis Theory's API or the sandbox's emulation) with the public key in `BT-API-KEY`, a
 * time limit (`AbortSignal.timeout`) and no redirect ever followed (a 307 would re-post the card data elsewhere),
 * and returns the parsed JSON body. Maps every failure to a typed error whose message never contains what was
 * sent; `secrets` (the CVC) are dropped from any field error that echoes them.
 */
export async function postToVault(
  connection: VaultConnection,
  path: string,
  body: unknown,
  options: AbortOptions = {},
  fetchImpl: typeof fetch = globalThis.fetch,
  secrets: readonly string[] = [],
): Promise<unknown> {
  const timeout = AbortSignal.timeout(connection.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // The caller's abort, else the time limit, else `otherwise`. Only the reason is kept as a cause: the request
  // (and its body) is never attached to an error.
  const failure = (otherwise: Error): Error =>
    options.signal?.aborted
      ? new TesseraAbortError(undefined, { cause: options.signal.reason })
      : timeout.aborted
        ? new TesseraTimeoutError(`The vault did not answer within ${connection.timeoutMs} ms`)
        : otherwise;
  if (options.signal?.aborted) throw failure(new TesseraAbortError());
  let response: Response;
  try {
    response = await fetchImpl(`${connection.vaultUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [vaultKeyHeader]: connection.vaultKey },
      body: JSON.stringify(body),
      signal,
      credentials: 'omit',
      // 'manual', not 'error': edge runtimes (workerd) refuse 'error'. A redirect is never followed either way: the
      // 3xx (or, in a browser, the opaque redirect) is refused just below.
      redirect: 'manual',
    });
  } catch (error) {
    throw failure(unreachable(connection, path, error));
  }
  // A 3xx, an opaque redirect (status 0) or any other non-2xx is an error, never an answer to follow.
  if (!response.ok) throw await toVaultError(response, secrets);
  try {
    return await response.json();
  } catch {
    throw failure(new TesseraResponseValidationError('The vault returned a body that is not JSON'));
  }
}
