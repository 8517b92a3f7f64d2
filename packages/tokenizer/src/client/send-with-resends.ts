import { TesseraAbortError } from '@tessera/core';
import { sleep } from '@tessera/core/internal';
import { TesseraCheckoutError } from './checkout-error.js';

/** Resends after no answer or a 502, 503 or 504: at most this many times, waiting 0.5 s, then 1 s. */
const RESENDS = 2;
const RETRIED_STATUSES = [502, 503, 504];

/**
 * Sends one request with `fetchImpl`, and sends it again as it was (same body, same headers, so the same idempotency
 * key or attempt) after no answer or a 502-504, up to twice: the rule of every browser call of a payment (the
 * merchant's checkout routes, the service's browser session routes). Resolves with the first other answer; an abort
 * is a `TesseraAbortError`, no answer after the resends a `TesseraCheckoutError` (`connection_error`) with `noAnswer`.
 * `resends: 0` sends it once: for a request that is not safe to send twice.
 */
export async function sendWithResends(fetchImpl: typeof fetch, url: string, init: RequestInit & { signal?: AbortSignal }, noAnswer: string, resends = RESENDS): Promise<Response> {
  const { signal } = init;
  for (let resend = 0; ; resend += 1) {
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      if (signal?.aborted === true) throw new TesseraAbortError(undefined, { cause: signal.reason });
      if (resend < resends) {
        await sleep(500 * 2 ** resend, signal);
        continue;
      }
      throw new TesseraCheckoutError('connection_error', noAnswer, { status: 0, cause: error });
    }
    if (RETRIED_STATUSES.includes(response.status) && resend < resends) {
      await response.body?.cancel();
      await sleep(500 * 2 ** resend, signal);
      continue;
    }
    return response;
  }
}
