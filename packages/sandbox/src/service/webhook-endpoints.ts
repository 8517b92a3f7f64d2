import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext, ServedOperations } from './context.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { requireStore } from './stores.js';
import { type SandboxWebhookEndpoint, type WebhookDeliveryMode, webhookEndpoints, webhookEvents, webhookEventTypes, type WebhookEndpointRecord, type WebhookEventRecord } from './webhooks.js';

/** A new endpoint secret: `whsec_` and 32 random bytes in hex (`crypto.getRandomValues`, unpredictable). */
function newSecret(): string {
  return `whsec_${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** What registering an endpoint takes (the published `POST /webhooks` body, or the `/sandbox/webhook-endpoints` helper's). */
export interface EndpointRegistration {
  storeId: string;
  url: string;
  /** The types it receives; `'all'` (the helper) for every type. */
  eventTypes: readonly string[] | 'all';
  description?: string | undefined;
  /** A fixed `whsec_…` secret (the helper's `secret`), kept by the endpoint; a new random one without it. */
  secret?: string | undefined;
  /** How it is delivered to (the helper's `mode`); unchanged (or `normal` for a new one) without it. */
  mode?: WebhookDeliveryMode | undefined;
}

/**
 * Registers a webhook endpoint for a store with a new `whsec_…` secret (404 for an unknown store; 400 for an event
 * type the sandbox does not know, naming the slash form of a dotted one). The helper's `'all'` registration of a URL
 * already registered for the store returns that endpoint again, so it never delivers twice.
 */
export function registerWebhookEndpoint(ctx: SandboxContext, registration: EndpointRegistration): WebhookEndpointRecord {
  requireStore(ctx, registration.storeId);
  if (registration.eventTypes !== 'all') {
    const fields = registration.eventTypes.flatMap((type, index) => {
      if (webhookEventTypes.includes(type)) return [];
      const slash = type.replace('.', '/');
      const hint = webhookEventTypes.includes(slash) ? `use the slash form "${slash}"` : `one of ${webhookEventTypes.join(', ')}`;
      return [{ field: `eventTypes.${index}`, code: 'invalid_event_type', message: `is not an event type: ${hint}` }];
    });
    if (fields.length > 0) throw new SandboxHttpError(400, 'validation_error', `Invalid event types: ${fields.map((field) => field.field).join(', ')}`, { fields });
  } else {
    const existing = [...webhookEndpoints.of(ctx).values()].find((endpoint) => endpoint.storeId === registration.storeId && endpoint.url === registration.url && endpoint.allEvents);
    if (existing) {
      // The helper registers again with what it is given: a fixed secret replaces the endpoint's, a mode its mode.
      if (registration.secret !== undefined) existing.secret = registration.secret;
      if (registration.mode !== undefined) existing.mode = registration.mode;
      webhookEndpoints.of(ctx).set(existing.id, existing);
      return existing;
    }
  }
  const endpoint: WebhookEndpointRecord = {
    id: ctx.nextId('wh'),
    storeId: registration.storeId,
    url: registration.url,
    secret: registration.secret ?? newSecret(),
    eventTypes: registration.eventTypes === 'all' ? [...webhookEventTypes] : [...new Set(registration.eventTypes)],
    allEvents: registration.eventTypes === 'all',
    enabled: true,
    description: registration.description ?? null,
    createdAt: ctx.nowIso(),
    ...(registration.mode === undefined ? {} : { mode: registration.mode }),
  };
  webhookEndpoints.of(ctx).set(endpoint.id, endpoint);
  return endpoint;
}

/** An endpoint as `POST /webhooks` answers it (published): `{ id, url, secret, eventTypes, enabled, createdAt }`, and its store and description. */
export function endpointView(endpoint: WebhookEndpointRecord): Omit<SandboxWebhookEndpoint, 'mode'> {
  const { id, url, secret, eventTypes, enabled, createdAt, storeId, description } = endpoint;
  return { id, url, secret, eventTypes, enabled, createdAt, storeId, description };
}

/** An endpoint as the `/sandbox/webhook-endpoints` helper answers it: {@link endpointView}'s fields and its delivery mode. */
export function helperEndpointView(endpoint: WebhookEndpointRecord): SandboxWebhookEndpoint {
  return { ...endpointView(endpoint), mode: endpoint.mode ?? { kind: 'normal' } };
}

/** `GET /webhooks` (the document's "list webhooks", path assumed): a store's webhook events, `{ data }`; 404 for an unknown store. */
export function listWebhookEvents(ctx: SandboxContext, input: OperationInput<'listWebhookEvents'>): { data: WebhookEventRecord[] } {
  requireStore(ctx, input.storeId);
  return { data: webhookEvents.of(ctx).filter((event) => event.storeId === input.storeId) };
}

/** Webhooks: the operations this module serves. */
export const webhookOperations = {
  createWebhookEndpoint: (ctx, input) => endpointView(registerWebhookEndpoint(ctx, input)),
  listWebhookEvents,
} satisfies ServedOperations;
