import { TesseraValidationError } from '@tessera/core';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { isTriggerable, type TriggerableEvent, triggerableEvents } from '../service/trigger-types.js';
import type { TriggerResult } from '../service/triggers.js';
import type { SandboxWebhookEndpoint, WebhookDelivery, WebhookDeliveryMode, WebhookEventRecord } from '../service/webhooks.js';
import type { ControlTransport } from './transport.js';

/** The webhook helpers of a running sandbox (`/sandbox/trigger`, `/sandbox/webhook-endpoints`, …): the CLI's `trigger`, `listen` and `resend`, typed. */
export interface RemoteWebhooks {
  /** Does what causes the event (`payment/succeeded`, …) in the store (default: the first one) and resolves the ids made and the events sent. */
  trigger(type: TriggerableEvent, options?: { storeId?: string }): Promise<TriggerResult>;
  /**
   * Registers an endpoint for every event type of the store (default: the first one), with a fixed `whsec_…` secret
   * when given and a delivery mode (`duplicates`, `out-of-order`, `delay`, `fail-first`; default `normal`).
   */
  addEndpoint(endpoint: { url: string; storeId?: string; secret?: string; mode?: WebhookDeliveryMode }): Promise<{ storeId: string; endpoints: string[]; endpoint: SandboxWebhookEndpoint }>;
  /** Delivers an event again (same id, signed anew), to one endpoint or every endpoint subscribed to it. */
  resend(eventId: string, options?: { endpointId?: string }): Promise<{ eventId: string; deliveries: { endpointId: string; url: string }[] }>;
  /** The delivery log, oldest first, each with its position (`index`), at most 500 a page from `since`. */
  deliveries(filter?: { endpointId?: string; eventId?: string; since?: number }): Promise<{ deliveries: (WebhookDelivery & { index: number })[]; total: number }>;
  /** Every event sent, and every delivery, of a store or of all. */
  events(filter?: { storeId?: string }): Promise<{ data: WebhookEventRecord[]; deliveries: WebhookDelivery[] }>;
}

const query = (values: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams(Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
  return params.size === 0 ? '' : `?${params}`;
};

/** The webhook helpers of `connectSandbox`. */
export function remoteWebhooks(transport: ControlTransport): RemoteWebhooks {
  return {
    trigger(type, options = {}) {
      if (typeof type !== 'string' || !isTriggerable(type)) {
        return Promise.reject(new TesseraValidationError([{ field: 'type', code: 'not_triggerable', message: `must be one of ${Object.keys(triggerableEvents).join(', ')}` }]));
      }
      return transport.request('POST', sandboxRoutes.triggerEvent, { type, ...(options.storeId === undefined ? {} : { storeId: options.storeId }) });
    },
    addEndpoint: (endpoint) => transport.request('POST', sandboxRoutes.addWebhookEndpoint, endpoint),
    resend(eventId, options = {}) {
      if (typeof eventId !== 'string' || eventId === '') return Promise.reject(new TesseraValidationError([{ field: 'eventId', code: 'required', message: 'must be the id of an event the sandbox sent (evt_…)' }]));
      return transport.request('POST', sandboxRoutes.resendWebhookEvent.replace('{id}', encodeURIComponent(eventId)), options.endpointId === undefined ? {} : { endpointId: options.endpointId });
    },
    deliveries: (filter = {}) => transport.request('GET', `${sandboxRoutes.listWebhookDeliveries}${query(filter)}`),
    events: (filter = {}) => transport.request('GET', `${sandboxRoutes.listDeliveredWebhooks}${query(filter)}`),
  };
}
