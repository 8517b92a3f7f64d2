import { sleep, type KnownPaymentStatus } from '@tessera/core';
import type { SandboxState, WebhookDelivery, WebhookEventRecord } from './state.js';

/** Every event the sandbox fires: `payment.<status>` for each status a payment can reach, and the billing events. */
export type WebhookEventType = `payment.${KnownPaymentStatus}` | 'order.created' | 'subscription.created' | 'subscription.renewed' | 'subscription.past_due';

/** How webhooks are delivered. */
export interface WebhookDeliveryOptions {
  /** The fetch used to POST events (defaults to `globalThis.fetch` at delivery time). */
  fetch?: typeof fetch;
  /** Attempts per event and endpoint, first one included. Default 3. */
  maxAttempts?: number;
  /** Wait before the first retry, doubled for each further retry. Default 100 ms. */
  retryDelayMs?: number;
}

/** Records events per store and POSTs them to the store's endpoints, with bounded retries. */
export interface WebhookDispatcher {
  /** Records an event and starts its deliveries. */
  emit(type: WebhookEventType, storeId: string, data: unknown): WebhookEventRecord;
  /** Resolves once every delivery started so far has succeeded or used up its attempts. */
  idle(): Promise<void>;
}

/**
 * A copy of a record as it is now, so that later changes to the record do not rewrite the event: what
 * `structuredClone` gives (own enumerable fields, a getter's value as a plain field), copied field by field, about
 * five times faster for the sandbox's records, which are plain objects and arrays. Anything else is cloned.
 */
function snapshot(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(snapshot);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = snapshot(field);
  return copy;
}

/** Creates the dispatcher over `state`. */
export function createWebhookDispatcher(
  state: SandboxState,
  nextId: (prefix: string) => string,
  nowIso: () => string,
  options: WebhookDeliveryOptions = {},
): WebhookDispatcher {
  const maxAttempts = Math.max(1, Math.min(options.maxAttempts ?? 3, 10));
  const retryDelayMs = Math.max(0, options.retryDelayMs ?? 100);
  const inFlight = new Set<Promise<void>>();

  async function deliver(event: WebhookEventRecord, delivery: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(event);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      delivery.attempts = attempt;
      try {
        const send = options.fetch ?? globalThis.fetch;
        const response = await send(delivery.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-tessera-event-id': event.id, 'x-tessera-event-type': event.type },
          body,
        });
        delivery.lastStatus = response.status;
        await response.body?.cancel();
        if (response.ok) {
          delivery.status = 'delivered';
          return;
        }
      } catch {
        // A connection failure counts as a failed attempt, like a non-2xx answer.
      }
      if (attempt < maxAttempts) await sleep(retryDelayMs * 2 ** (attempt - 1));
    }
    delivery.status = 'failed';
  }

  return {
    emit(type, storeId, data) {
      const event: WebhookEventRecord = { id: nextId('evt'), type, storeId, createdAt: nowIso(), data: snapshot(data) };
      state.webhookEvents.push(event);
      for (const url of state.webhookEndpoints.get(storeId) ?? []) {
        const delivery: WebhookDelivery = { eventId: event.id, eventType: type, storeId, url, attempts: 0, status: 'pending' };
        state.webhookDeliveries.push(delivery);
        const task = deliver(event, delivery).finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      return event;
    },
    async idle() {
      // Deliveries can start while we wait (none do today, but a bounded loop keeps it safe).
      for (let round = 0; round < 100 && inFlight.size > 0; round++) await Promise.all([...inFlight]);
    },
  };
}
