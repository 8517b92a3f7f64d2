import { cmsAnonymousSessionPath, cmsTokenHeader, mayHoldCardNumber } from '@tessera/core/internal';
import type { FieldError } from '@tessera/core';
import { TesseraCheckoutError, type CheckoutFailure } from '../client/checkout-error.js';
import { isObject } from '../client/is-object.js';
import { sendWithResends } from '../client/send-with-resends.js';

/** The store session of one page: the service's browser routes, called with its anonymous token. */
export interface StoreSession {
  /** `GET path` with the session token (opening the session first when none is open). */
  get(path: string, signal?: AbortSignal): Promise<unknown>;
  /**
   * `POST path` with the session token and a JSON body, sent again after no answer or a 502-504; `once`: never sent
   * again, and no answer or a 5xx is a refusal that says the payment may have gone through (pay-v2).
   */
  post(path: string, body: unknown, signal?: AbortSignal, once?: boolean): Promise<unknown>;
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

/** What a lost or failed answer of a payment says: it may have been charged, so it is not sent again. */
const mayHavePaid = (url: string, what: string): string =>
  `The payment may have gone through: ${what} from POST ${url}. It is not sent again: do not pay this checkout a second time before the customer or your webhooks say it was not paid`;

/**
 * Opens the service's anonymous session for `storeId` on first use (`POST /api/v1/cms/session/anonymous`, no key),
 * keeps its token in memory only (never in storage, never in a cookie), and sends every call with it as `x-cms-token`.
 * No answer or a 502-504 is sent again as it was (`sendWithResends`); a refusal is a `TesseraCheckoutError` with the
 * service's message (never one that could hold a card number) and fields; after a 401 the token is dropped, so the
 * next call opens a new session.
 */
export function openStoreSession(origin: string, storeId: string, fetchImpl: typeof fetch): StoreSession {
  let token: Promise<string> | undefined;

  const send = async (method: 'GET' | 'POST', path: string, body: unknown, sessionToken: string | undefined, signal: AbortSignal | undefined, once = false): Promise<unknown> => {
    // Never a redirect (the token would go along to wherever it points). No Idempotency-Key: the service's own browser
    // code sends only these two headers, so only they are known to pass its CORS preflight. What is not safe to send
    // twice (pay-v2) is sent `once` instead.
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (sessionToken !== undefined) headers[cmsTokenHeader] = sessionToken;
    const response = await sendWithResends(
      fetchImpl,
      origin + path,
      { method, headers, credentials: 'omit', redirect: 'error', ...(method === 'POST' ? { body: JSON.stringify(body) } : {}), ...(signal ? { signal } : {}) },
      once ? mayHavePaid(origin + path, 'no answer came') : `No answer from ${method} ${origin}${path}: check the connection (and serviceUrl), then try again`,
      once ? 0 : undefined,
    );
    const answer: unknown = await response.json().catch(() => undefined);
    if (response.ok) return answer;
    if (response.status === 401) token = undefined;
    if (once && response.status >= 500) throw new TesseraCheckoutError('service_error', mayHavePaid(origin + path, `it answered ${response.status}`), { status: response.status });
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
    post: async (path, body, signal, once) => send('POST', path, body, await sessionToken(signal), signal, once),
  };
}
