import { type FieldError, TesseraAbortError, TesseraTimeoutError } from '@tessera/core';
import { requireVaultKey, type VaultConnection } from './environment.js';
import { TesseraInvalidResponseError, TesseraNetworkError, TesseraVaultError } from './errors.js';

/** Per-call options of every vault call. */
export interface RequestOptions {
  /** Cancels the request with a `TesseraAbortError`. */
  signal?: AbortSignal;
}

/** Header carrying the public vault key. */
export const VAULT_KEY_HEADER = 'X-Tessera-Vault-Key';

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldError =>
      typeof item === 'object' && item !== null && typeof (item as FieldError).field === 'string' && typeof (item as FieldError).code === 'string',
  );
}

async function toVaultError(response: Response): Promise<TesseraVaultError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; fields?: unknown; requestId?: unknown } } | undefined)?.error;
  return new TesseraVaultError(response.status, {
    vaultCode: typeof error?.code === 'string' ? error.code : undefined,
    requestId: response.headers.get('x-request-id') ?? (typeof error?.requestId === 'string' ? error.requestId : undefined),
    fields: readFieldErrors(error?.fields),
  });
}

/**
 * POSTs JSON to the vault with the public key and a time limit (`AbortSignal.timeout`), and returns the parsed
 * JSON body. Maps every failure to a typed error whose message never contains what was sent.
 */
export async function postToVault(
  connection: VaultConnection,
  path: string,
  body: unknown,
  options: RequestOptions = {},
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<unknown> {
  const key = requireVaultKey(connection);
  const timeout = AbortSignal.timeout(connection.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  if (options.signal?.aborted) throw new TesseraAbortError(undefined, { cause: options.signal.reason });
  let response: Response;
  try {
    response = await fetchImpl(`${connection.vaultUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [VAULT_KEY_HEADER]: key },
      body: JSON.stringify(body),
      signal,
      credentials: 'omit',
    });
  } catch (error) {
    // Only the reason is kept as the cause: the request (and its body) is never attached to the error.
    if (options.signal?.aborted) throw new TesseraAbortError(undefined, { cause: options.signal.reason });
    if (timeout.aborted) throw new TesseraTimeoutError(`The vault did not answer within ${connection.timeoutMs} ms`);
    throw new TesseraNetworkError(undefined, { cause: error instanceof Error ? new Error(error.message) : undefined });
  }
  if (!response.ok) throw await toVaultError(response);
  try {
    return await response.json();
  } catch {
    if (options.signal?.aborted) throw new TesseraAbortError(undefined, { cause: options.signal.reason });
    if (timeout.aborted) throw new TesseraTimeoutError(`The vault did not answer within ${connection.timeoutMs} ms`);
    throw new TesseraInvalidResponseError('The vault returned a body that is not JSON');
  }
}
