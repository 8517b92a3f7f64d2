import { type FieldError, TesseraAbortError, TesseraTimeoutError, vaultKeyHeader } from '@tessera/core';
import { requireVaultKey, type VaultConnection } from './environment.js';
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
  const field = (name: string, code: unknown, message: unknown): FieldError => ({
    field: toCallerField(name),
    code: clean(code, 'invalid'),
    message: clean(message, 'is invalid'),
  });
  if (Array.isArray(value)) {
    // `[{ field, code, message }]`: only those three are kept.
    return value
      .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && typeof (item as { field?: unknown }).field === 'string')
      .map((item) => field(item.field as string, item.code, item.message));
  }
  if (typeof value === 'object' && value !== null) {
    // Problem details: `{ errors: { 'data.number': ['message', …] } }`.
    return Object.entries(value).flatMap(([name, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).map((message) => field(name, 'invalid', message)),
    );
  }
  return [];
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
  const key = requireVaultKey(connection);
  const timeout = AbortSignal.timeout(connection.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  if (options.signal?.aborted) throw new TesseraAbortError(undefined, { cause: options.signal.reason });
  let response: Response;
  try {
    response = await fetchImpl(`${connection.vaultUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [vaultKeyHeader]: key },
      body: JSON.stringify(body),
      signal,
      credentials: 'omit',
      redirect: 'error',
    });
  } catch (error) {
    // Only the reason is kept as the cause: the request (and its body) is never attached to the error.
    if (options.signal?.aborted) throw new TesseraAbortError(undefined, { cause: options.signal.reason });
    if (timeout.aborted) throw new TesseraTimeoutError(`The vault did not answer within ${connection.timeoutMs} ms`);
    throw new TesseraNetworkError(undefined, { cause: error instanceof Error ? new Error(error.message) : undefined });
  }
  // A fetch that ignores `redirect: 'error'` (a stub, an old polyfill) must still not hand a 3xx on as an answer.
  if (!response.ok) throw await toVaultError(response, secrets);
  try {
    return await response.json();
  } catch {
    if (options.signal?.aborted) throw new TesseraAbortError(undefined, { cause: options.signal.reason });
    if (timeout.aborted) throw new TesseraTimeoutError(`The vault did not answer within ${connection.timeoutMs} ms`);
    throw new TesseraInvalidResponseError('The vault returned a body that is not JSON');
  }
}
