import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from '@tessera/core';
import { sleep } from '@tessera/core/internal';
import { MAX_DELIVERY_DELAY_MS, MAX_FAIL_FIRST, type WebhookDelivery, type WebhookEndpointRecord, type WebhookEventRecord } from './webhooks.js';

// One delivery of one event to one endpoint: its attempts, each signed anew and recorded, retried with backoff, in the
// endpoint's mode (delayed, failing its first attempts).

/** How webhooks are delivered. */
export interface WebhookDeliveryOptions {
  /** The fetch used to POST events (defaults to `globalThis.fetch` at delivery time); called with `redirect: 'manual'`: a 3xx is a failed attempt. */
  fetch?: typeof fetch;
  /** Attempts per event and endpoint, first one included, 1–10. Default 3. */
  maxAttempts?: number;
  /** Wait before the first retry, doubled for each further retry, each wait at most 30 s. Default 100 ms. */
  retryDelayMs?: number;
  /** Time limit of one attempt; a receiver that has not answered by then counts as a failure. Default 10 s. */
  attemptTimeoutMs?: number;
}

/** {@link WebhookDeliveryOptions} with their defaults and limits applied. */
export interface DeliverySettings {
  fetch: typeof fetch | undefined;
  maxAttempts: number;
  retryDelayMs: number;
  attemptTimeoutMs: number;
}

/** The settings of `options`: attempts 1–10 (default 3), a first retry after 100 ms, 10 s an attempt. */
export const deliverySettings = (options: WebhookDeliveryOptions = {}): DeliverySettings => ({
  fetch: options.fetch,
  maxAttempts: Math.max(1, Math.min(options.maxAttempts ?? 3, 10)),
  retryDelayMs: Math.max(0, options.retryDelayMs ?? 100),
  attemptTimeoutMs: Math.max(1, options.attemptTimeoutMs ?? 10_000),
});

/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Runs `delivery`'s attempts until one is answered 2xx (`delivered`) or none is left (`failed`), reporting each
 * change to `changed`. A delivery resumed after a restart goes on from its next attempt.
 */
export async function deliver(event: WebhookEventRecord, endpoint: WebhookEndpointRecord, delivery: WebhookDelivery, settings: DeliverySettings, changed: (delivery: WebhookDelivery) => void): Promise<void> {
  const { maxAttempts, retryDelayMs, attemptTimeoutMs, fetch: send } = settings;
  const body = JSON.stringify(event);
  const mode = endpoint.mode ?? { kind: 'normal' };
  // A delivery resumed after a restart goes on from its next attempt (at least one more), without the delay.
  const first = delivery.attempts + 1;
  if (mode.kind === 'delay' && first === 1) await sleep(Math.min(Math.max(0, mode.ms), MAX_DELIVERY_DELAY_MS));
  const failFirst = mode.kind === 'fail-first' ? Math.min(Math.max(0, mode.attempts), MAX_FAIL_FIRST) : 0;
  // Failing the first n attempts leaves at least one more, so a working receiver gets the event in the end.
  const attempts = Math.max(Math.min(Math.max(maxAttempts, failFirst + 1), 10), first);
  for (let attempt = first; attempt <= attempts; attempt++) {
    delivery.attempts = attempt;
    // Signed at each attempt with the real time (not the test clock), as the receiver checks it against its own.
    const signature = await signWebhookPayload(body, endpoint.secret);
    const started = Date.now();
    const record: WebhookDelivery['history'][number] = { attempt, at: new Date(started).toISOString(), status: null, durationMs: 0, signature };
    delivery.history.push(record);
    changed(delivery);
    try {
      const response = await (send ?? globalThis.fetch)(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signature,
          'x-tessera-event-id': event.id,
          'x-tessera-event-type': event.type,
        },
        body,
        // A signed event goes to the registered URL only: a 3xx is a failed attempt, never followed elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
      delivery.lastStatus = response.status;
      record.status = response.status;
      await response.body?.cancel();
      if (response.ok && attempt <= failFirst) {
        record.error = 'fail_first';
      } else if (response.ok) {
        record.durationMs = Date.now() - started;
        delivery.status = 'delivered';
        changed(delivery);
        return;
      }
    } catch (error) {
      // A connection failure or a timeout counts as a failed attempt, like a non-2xx answer.
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      record.error = timedOut ? 'timeout' : 'connection_error';
      record.detail = timedOut ? `no answer within ${attemptTimeoutMs} ms` : failureDetail(error);
    }
    record.durationMs = Date.now() - started;
    changed(delivery);
    if (attempt < attempts) await sleep(Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS));
  }
  delivery.status = 'failed';
  changed(delivery);
}

/** Why a fetch failed without an answer, as a short code (`ECONNREFUSED`) or message; never the request. */
function failureDetail(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
}
