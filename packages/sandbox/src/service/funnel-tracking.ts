import type { OperationInput } from '@tessera/core/internal';
import { listOf } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { customers } from './customers.js';
import { requireFunnel } from './funnels.js';
import { requireStore } from './stores.js';
import { webhookEvents } from './webhooks.js';

/**
 * The app-event type a tracked funnel step is listed under (`POST /events/list`): `funnel_step_` then the published
 * `eventType` (`funnel_step_view`, `funnel_step_enter`, `funnel_step_convert`, `funnel_step_custom`). Ours: the
 * vendor publishes no name for it (docs/contracts.md, "Funnels").
 */
export type FunnelStepAppEventType = `funnel_step_${OperationInput<'trackFunnelStep'>['eventType']}`;

/**
 * An event at a funnel step, as `POST /funnel-tracking/step` recorded it: an app event of its store (listed, read and
 * counted by the events operations beside the webhook events), with every field the request gave.
 */
export interface FunnelStepEventRecord {
  /** `evt_…`, from the same sequence as the other app events. */
  id: string;
  eventType: FunnelStepAppEventType;
  storeId: string;
  customerId: string | null;
  /** Every other field of the request (`stepId`, `funnelId`, `stepName`, `url`, `orderAmount`, …), as given. */
  properties: Record<string, unknown>;
  createdAt: string;
  /**
   * How many webhook events were recorded before it: where it stands among them in the order of creation, so the
   * events list interleaves both as they happened.
   */
  webhookEventsBefore: number;
}

/** The events tracked at funnel steps, oldest first. */
export const funnelStepEvents = listOf<FunnelStepEventRecord>()('funnelStepEvents');

/**
 * Track a funnel step event (`POST /funnel-tracking/step`, published) → the published `{ success: true, eventType,
 * stepId }`. The event is recorded as an app event of the store ({@link FunnelStepAppEventType}), dated by the
 * customer's clock when the customer is known. Unknown store: 404; a `funnelId` that is not one of the store's funnels: 404.
 */
export function trackFunnelStep(ctx: SandboxContext, input: OperationInput<'trackFunnelStep'>): { success: true; eventType: string; stepId: string } {
  const store = requireStore(ctx, input.storeId);
  if (input.funnelId !== undefined) requireFunnel(ctx, input.funnelId, store.id);
  const { eventType, customerId, ...fields } = input;
  const properties: Record<string, unknown> = { ...fields };
  delete properties.storeId;
  const known = customerId !== undefined && customers.of(ctx).has(customerId);
  const event: FunnelStepEventRecord = {
    id: ctx.nextId('evt'),
    eventType: `funnel_step_${eventType}`,
    storeId: store.id,
    customerId: customerId ?? null,
    properties,
    createdAt: ctx.nowIso(known ? customerId : undefined),
    webhookEventsBefore: webhookEvents.of(ctx).length,
  };
  funnelStepEvents.of(ctx).push(event);
  return { success: true, eventType, stepId: input.stepId };
}

/** The funnel-tracking operations the sandbox serves, for the handler table (`http/operation-handlers.ts`). */
export const funnelTrackingOperations = {
  trackFunnelStep,
} satisfies ServedOperations;
