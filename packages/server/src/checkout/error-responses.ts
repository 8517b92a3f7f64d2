import { TesseraValidationError } from '@tessera/core';
import { TesseraApiError } from '../errors/api-error.js';

/**
 * The JSON answer to a typed error of the SDK in a route of your own (a refund, a capture: your back office's), or
 * `undefined` when it is not one to answer: bad input (`TesseraValidationError`, nothing was sent) is a 400 naming
 * each field; a refusal of the service (a `TesseraApiError` 4xx) is its status, code and message. The rest (the
 * service down, your own key refused, a bug) is your server's to log and answer as a 500. Never card data: the SDK's
 * errors hold none.
 */
export function errorResponseOf(error: unknown): Response | undefined {
  if (TesseraValidationError.isInstance(error)) return Response.json({ error: { code: error.code, message: error.message, fields: error.fields } }, { status: 400 });
  // A refused key (401, 403) is the server's configuration, not the caller's request: not passed on.
  if (!TesseraApiError.isInstance(error) || error.status < 400 || error.status >= 500 || error.status === 401 || error.status === 403) return undefined;
  return Response.json({ error: { code: error.code, message: error.message } }, { status: error.status });
}

/**
 * A Fetch route handler (Next.js, Hono, Remix, …) whose typed errors are answered as {@link errorResponseOf} says;
 * any other error is thrown on, for your framework to log and answer 500.
 *
 * ```ts
 * export const POST = withErrorResponses(async (request: Request) => {
 *   const { paymentId, amount } = await request.json();
 *   return Response.json(await tessera.payments.refund({ paymentId, storeId, amount }));
 * });
 * ```
 */
export function withErrorResponses<A extends unknown[]>(handler: (request: Request, ...rest: A) => Promise<Response>): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    try {
      return await handler(request, ...rest);
    } catch (error) {
      const response = errorResponseOf(error);
      if (response) return response;
      throw error;
    }
  };
}
