import { type FieldError, TesseraAbortError, TesseraTimeoutError, vaultKeyHeader } from '@tessera/core';
import type { VaultConnection } from './environment.js';
import { TesseraInvalidResponseError, TesseraNetworkError, TesseraVaultError } from './errors.js';

/** Per-call options of every vault call. */
export interface RequestOptions {
  /** Cancels the request with a `TesseraAbortError`. */
  signal?: AbortSignal;
}

// Basis Theory names request fields by their JSON path (`data.number`); the tokenizer's caller knows them as the
// fields of its CardInput.
const fieldNames: Record<string, string> = {
  'data.number': 'cardNumber',
  'data.expiration_month': 'expiryDate',
  'data.expiration_year': 'expiryDate',
  'data.cvc': 'cvc',
};
const toCallerField = (field: string): string => fieldNames[field.toLowerCase().replace(/^\$\./, '')] ?? field;

// A run of 12 or more digits (spaces or dashes between them allowed) could be a card number.
const cardNumberLike = /(?:\d[\s-]?){12,}/;

function readFieldErrors(value: unknown, secrets: readonly string[]): FieldError[] {
  const clean = (text: unknown, fallback: string): string =>
    typeof text === 'string' && !cardNumberLike.test(text) && !secrets.some((secret) => secret !== '' && text.includes(secret)) ? text : fallback;
  // `[{ field, code, message }]`, or problem details' `{ 'data.number': ['message', …] }`; only those three are kept.
  const items: unknown[] = Array.isArray(value)
    ? value
    : Object.entries(typeof value === 'object' && value !== null ? value : {}).flatMap(([field, messages]: [string, unknown]) =>
        ([] as unknown[]).concat(messages).map((message) => ({ field, message })),
      );
  return items.flatMap((item) => {
    const { field, code, message } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    return typeof field === 'string' ? [{ field: toCallerField(field), code: clean(code, 'invalid'), message: clean(message, 'is invalid') }] : [];
  });
}

async function toVaultError(response: Response, secrets: readonly string[]): Promise<TesseraVaultError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const problem = (typeof body === 'object' && body !== null ? body : {}) as { error?: { code?: unknown; fields?: unknown; requestId?: unknown }; errors?: unknown; title?: unknown };
  const code = problem.error?.code ?? problem.title;
  return new TesseraVaultError(response.status, {
    vaultCode: typeof code === 'string' && code.length <= 100 && !cardNumberLike.test(code) ? code : undefined,
    requestId: response.headers.get('bt-trace-id') ?? response.headers.get('x-request-id') ?? undefined,
    fields: readFieldErrors(problem.error?.fields ?? problem.errors, secrets),
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
  options: RequestOptions = {},
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
    throw failure(new TesseraNetworkError(undefined, { cause: error instanceof Error ? new Error(error.message) : undefined }));
  }
  // A 3xx, an opaque redirect (status 0) or any other non-2xx is an error, never an answer to follow.
  if (!response.ok) throw await toVaultError(response, secrets);
  try {
    return await response.json();
  } catch {
    throw failure(new TesseraInvalidResponseError('The vault returned a body that is not JSON'));
  }
}
