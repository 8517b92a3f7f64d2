import { cmsAnonymousSessionPath, cmsTokenHeader, mayHoldCardNumber } from '@tessera/core/internal';
import type { FieldError } from '@tessera/core';
import { TesseraCheckoutError, type CheckoutFailure } from '../client/checkout-error.js';
import { isObject } from '../client/is-object.js';
import { sendWithResends } from '../client/send-with-resends.js';
import { randomUuid } from '../random-uuid.js';

/** The store session of one page: the service's browser routes, called with its anonymous token. */
export interface StoreSession {
  /** `GET path` with the session token (opening the session first when none is open). */
  get(path: string, signal?: AbortSignal): Promise<unknown>;
  /** `POST path` with the session token, a JSON body and one `Idempotency-Key` for this call, sent again unchanged with every resend. */
  post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown>;
}

/** A reason for each refusal of the service, by HTTP status. */
const reasonOf = (status: number, path: string): CheckoutFailure =>
  status === 400
    ? 'invalid_request'
    : status === 401 || status === 403
      ? 'session_refused'
      : status === 404
        ? path === cmsAnonymousSessionPath
          ? 'unknown_store'
          : 'not_found'
        : status === 409
          ? 'payment_refused'
          : status === 429 || status >= 500
            ? 'service_error'
            : 'invalid_answer';

const nextStep: Partial<Record<CheckoutFailure, string>> = {
  unknown_store: 'check the storeId and the environment',
  session_refused: 'start the checkout again (the store session expired or is not this store’s)',
  not_found: 'start the checkout again',
  payment_refused: 'read the payment before paying again: this checkout is paid or has a payment under way',
  service_error: 'try again in a moment',
};

/**
 * Opens the service's anonymous session for `storeId` on first use (`POST /api/v1/cms/session/anonymous`, no key),
 * keeps its token in memory only (never in storage, never in a cookie), and sends every call with it as `x-cms-token`.
 * No answer or a 502-504 is sent again as it was (`sendWithResends`); a refusal is a `TesseraCheckoutError` with the
 * service's message (never one that could hold a card number) and fields; after a 401 the token is dropped, so the
 * next call opens a new session.
 */
export function openStoreSession(origin: string, storeId: string, fetchImpl: typeof fetch): StoreSession {
  let token: Promise<string> | undefined;

  const send = async (method: 'GET' | 'POST', path: string, body: unknown, sessionToken: string | undefined, signal: AbortSignal | undefined): Promise<unknown> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = randomUuid();
    }
    if (sessionToken !== undefined) headers[cmsTokenHeader] = sessionToken;
    const response = await sendWithResends(
      fetchImpl,
      origin + path,
      { method, headers, credentials: 'omit', ...(method === 'POST' ? { body: JSON.stringify(body) } : {}), ...(signal ? { signal } : {}) },
      `No answer from ${method} ${origin}${path}: check the connection (and serviceUrl), then try again`,
    );
    const answer: unknown = await response.json().catch(() => undefined);
    if (response.ok) return answer;
    if (response.status === 401) token = undefined;
    const reason = reasonOf(response.status, path);
    // The service's `{ error: { code, message, fields } }`, or its published `{ code, message, data: { fields } }`.
    const error = isObject(answer) ? (isObject(answer.error) ? answer.error : answer) : {};
    const fieldList = error.fields ?? (isObject(error.data) ? error.data.fields : undefined);
    const fields = Array.isArray(fieldList) ? (fieldList as FieldError[]).filter((field) => isObject(field) && typeof field.field === 'string' && typeof field.message === 'string') : [];
    const said = typeof error.message === 'string' && error.message !== '' && !mayHoldCardNumber(error.message) ? error.message.slice(0, 500) : `${method} ${path} answered ${response.status}`;
    const next = nextStep[reason];
    throw new TesseraCheckoutError(reason, next === undefined ? said : `${said}: ${next}`, { status: response.status, ...(fields.length > 0 ? { fields } : {}) });
  };

  const sessionToken = (signal: AbortSignal | undefined): Promise<string> =>
    (token ??= send('POST', cmsAnonymousSessionPath, { storeId, role: 'anonymous' }, undefined, signal).then(
      (answer) => {
        if (isObject(answer) && typeof answer.token === 'string' && answer.token !== '') return answer.token;
        throw new TesseraCheckoutError('invalid_answer', `The service answered no session token for store ${storeId}: check serviceUrl`, { status: 200 });
      },
    ).catch((error: unknown) => {
      token = undefined;
      throw error;
    }));

  return {
    get: async (path, signal) => send('GET', path, undefined, await sessionToken(signal), signal),
    post: async (path, body, signal) => send('POST', path, body, await sessionToken(signal), signal),
  };
}
