import 'server-only';
import { normalizePaymentStatus, TesseraApiError, TesseraError, TesseraValidationError, toConfirmablePayment, type Payment } from '@tessera/server';

// What every route handler shares: small checks of the browser's JSON, the Idempotency-Key it sends, the payment
// as the page sees it, and one error shape, `{ error: { code, message, fields? } }`, that never carries internals.

type Body = Record<string, unknown>;

/** The request's JSON object, or a 400 (`invalid_json`). */
export async function readJson(request: Request): Promise<Body> {
  const body: unknown = await request.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TesseraValidationError([{ field: '', code: 'invalid_json', message: 'Body must be a JSON object' }]);
  }
  return body as Body;
}

/** `body[name]` when `check` accepts it, else a 400 naming the field. */
export function field<T>(body: Body, name: string, check: (value: unknown) => value is T): T {
  const value = body[name];
  if (!check(value)) throw new TesseraValidationError([{ field: name, code: 'invalid', message: 'is missing or invalid' }]);
  return value;
}

/** Like {@link field}, but `undefined` when the body leaves it out. */
export const optional = <T>(body: Body, name: string, check: (value: unknown) => value is T): T | undefined =>
  body[name] === undefined ? undefined : field(body, name, check);

export const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
/** An amount in minor units: a positive integer (1999 is $19.99). */
export const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The browser's `Idempotency-Key`, passed on so that a double-clicked "Pay" charges once. */
export function idempotency(request: Request): { idempotencyKey?: string } {
  const key = request.headers.get('idempotency-key');
  return key ? { idempotencyKey: key } : {};
}

/**
 * A payment as the page gets it: `status` is the one reading of the service's `status` and `subStatus`, and
 * `payment` the fields of the service's payment that the page's `confirmPayment` reads (`toConfirmablePayment`: no
 * customer data reaches the browser).
 */
export function paymentView(payment: Payment) {
  return {
    id: payment.id,
    status: normalizePaymentStatus(payment),
    amount: payment.amount,
    currency: payment.currency,
    payment: toConfirmablePayment(payment),
  };
}

/** The error answer: 400 with the fields for bad input, the service's 4xx as it is, 502 for the rest (logged by name and code only). */
export function errorResponse(error: unknown): Response {
  if (error instanceof TesseraValidationError) return Response.json({ error: { code: error.code, message: error.message, fields: error.fields } }, { status: 400 });
  if (error instanceof TesseraApiError && error.status < 500) return Response.json({ error: { code: error.code, message: error.message } }, { status: error.status });
  const name = error instanceof Error ? error.name : 'Error';
  const code = TesseraError.isInstance(error) ? error.code : 'internal_error';
  console.error(`nextjs-checkout: ${name} ${code}`);
  return Response.json({ error: { code, message: 'The payment service could not be reached. Try again.' } }, { status: 502 });
}

/** Wraps a route handler so that whatever it throws becomes {@link errorResponse}. */
export function handle<A extends unknown[]>(handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** The `[id]` of a dynamic route (Next passes `params` as a promise). */
export type IdParams = { params: Promise<{ id: string }> };
