import { CHECKOUT_PAYMENT_TOKEN_HEADER, checkoutRoutes, TesseraAbortError, type CheckoutErrorAnswer, type CheckoutPayRequest, type CheckoutPaymentAnswer, type FieldError } from '@tessera/core';
import type { RadarSession } from '../confirm/radar.js';
import { TesseraCheckoutError } from './checkout-error.js';
import { isObject } from './is-object.js';
import { sendWithResends } from './send-with-resends.js';

/** The merchant's checkout routes, as the browser client calls them (the protocol of core's `checkoutRoutes`). */
export interface MerchantRoutes {
  pay(body: CheckoutPayRequest, signal?: AbortSignal): Promise<CheckoutPaymentAnswer>;
  retrieve(paymentId: string, paymentToken: string, signal?: AbortSignal): Promise<CheckoutPaymentAnswer>;
  continue(paymentId: string, paymentToken: string, signal?: AbortSignal): Promise<CheckoutPaymentAnswer>;
  saveRadarSession(session: RadarSession, paymentToken: string, signal?: AbortSignal): Promise<unknown>;
}

/**
 * Calls the routes below `basePath` with `fetchImpl`. Every route is safe to resend (the handler keys the payment by
 * the order and the attempt, and a continue by the payment), so a request that got no answer, or a 502-504, is sent
 * again as it was, up to twice (`sendWithResends`).
 */
export function merchantRoutes(basePath: string, fetchImpl: typeof fetch): MerchantRoutes {
  const base = basePath.replace(/\/+$/, '');
  const call = async (route: string, id: string | undefined, init: { body?: unknown; paymentToken?: string; signal?: AbortSignal | undefined }): Promise<unknown> => {
    const [method, template] = route.split(' ') as [string, string];
    const url = base + template.replace('{id}', encodeURIComponent(id ?? ''));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.paymentToken !== undefined) headers[CHECKOUT_PAYMENT_TOKEN_HEADER] = init.paymentToken;
    const response = await sendWithResends(
      fetchImpl,
      url,
      { method, headers, credentials: 'same-origin', ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }), ...(init.signal ? { signal: init.signal } : {}) },
      `No answer from ${method} ${url}: check that your server mounts the checkout handler there, then try again`,
    );
    const body: unknown = await response.json().catch((): undefined => {
      // The page aborted while the answer was read: an abort, as during the request (not an answer of another server).
      if (init.signal?.aborted) throw new TesseraAbortError(undefined, { cause: init.signal.reason });
    });
    if (response.ok) return body;
    const error = isObject(body) && isObject(body.error) ? (body as unknown as CheckoutErrorAnswer).error : undefined;
    if (error === undefined || typeof error.code !== 'string' || typeof error.message !== 'string') {
      throw new TesseraCheckoutError('invalid_answer', `${method} ${url} answered ${response.status} without the checkout handler's error: is the handler mounted at ${base}?`, { status: response.status });
    }
    // Only field errors: a page reads `fields` as such, whatever else the answer held.
    const fields: unknown[] = Array.isArray(error.fields) ? error.fields : [];
    const named = fields.filter((field): field is FieldError => isObject(field) && typeof field.field === 'string' && typeof field.message === 'string');
    throw new TesseraCheckoutError(error.code, error.message, { status: response.status, fields: named });
  };
  const answer = (route: string, value: unknown): CheckoutPaymentAnswer => {
    if (isObject(value) && isObject(value.payment) && typeof value.payment.id === 'string' && typeof value.payment.status === 'string' && typeof value.paymentToken === 'string') {
      return value as unknown as CheckoutPaymentAnswer;
    }
    throw new TesseraCheckoutError('invalid_answer', `${route} answered without a payment and its token: is the checkout handler mounted at ${base}?`, { status: 200 });
  };
  return {
    pay: async (body, signal) => answer(checkoutRoutes.pay, await call(checkoutRoutes.pay, undefined, { body, signal })),
    retrieve: async (paymentId, paymentToken, signal) => answer(checkoutRoutes.retrieve, await call(checkoutRoutes.retrieve, paymentId, { paymentToken, signal })),
    continue: async (paymentId, paymentToken, signal) => answer(checkoutRoutes.continue, await call(checkoutRoutes.continue, paymentId, { body: {}, paymentToken, signal })),
    saveRadarSession: (session, paymentToken, signal) => call(checkoutRoutes.radarSession, undefined, { body: session, paymentToken, signal }),
  };
}
