import type * as z from 'zod/mini';
import type { Operation } from '../plumbing/operation.js';
import { authOperations } from '../resources/auth.js';
import { blockRuleOperations } from '../resources/block-rule.js';
import { builderSessionOperations } from '../resources/builder-session.js';
import { checkoutSessionOperations } from '../resources/checkout-session.js';
import { customerOperations } from '../resources/customer.js';
import { eventOperations } from '../resources/event.js';
import { funnelOperations } from '../resources/funnel.js';
import { funnelTrackingOperations } from '../resources/funnel-tracking.js';
import { orderOperations } from '../resources/order.js';
import { paymentOperations } from '../resources/payment.js';
import { paymentFlowOperations } from '../resources/payment-flow.js';
import { paymentInstrumentOperations } from '../resources/payment-instrument.js';
import { processorOperations } from '../resources/processor.js';
import { productOperations } from '../resources/product.js';
import { promotionOperations } from '../resources/promotion.js';
import { promotionCodeOperations } from '../resources/promotion-code.js';
import { radarSessionOperations } from '../resources/radar-session.js';
import { storeOperations } from '../resources/store.js';
import { subscriptionOperations } from '../resources/subscription.js';
import { threeDSSessionOperations } from '../resources/threeds-session.js';
import { webhookEndpointOperations } from '../resources/webhook-endpoint.js';

// The catalog: every operation of the service, composed from the entries each resource module declares next to its
// schemas (`paymentOperations` in `../resources/payment.ts`, …). An entry's shape and `op` are in `./operation.ts`.

export type { HttpMethod, Operation } from '../plumbing/operation.js';

/** Prefix of every API path (section 9). */
export const API_PREFIX = '/api/public/v1';

/**
 * Every operation of the service (sections 4.1–4.10), grouped by resource. Nothing else in the SDK spells an API
 * path or pairs an operation with its schemas.
 */
export const operations = {
  ...paymentInstrumentOperations(),
  ...threeDSSessionOperations(),
  ...paymentOperations(),
  ...radarSessionOperations(),
  ...processorOperations(),
  ...paymentFlowOperations(),
  ...storeOperations(),
  ...productOperations(),
  ...checkoutSessionOperations(),
  ...orderOperations(),
  ...webhookEndpointOperations(),
  ...eventOperations(),
  ...customerOperations(),
  ...subscriptionOperations(),
  ...authOperations(),
  ...funnelOperations(),
  ...funnelTrackingOperations(),
  ...builderSessionOperations(),
  ...promotionOperations(),
  ...promotionCodeOperations(),
  ...blockRuleOperations(),
} as const satisfies Record<string, Operation>;

/** Name of an operation in {@link operations}. */
export type OperationName = keyof typeof operations;

/** The checked input of an operation (`undefined` when the path's `{id}` is its only input). */
export type OperationInput<N extends OperationName> = (typeof operations)[N]['request'] extends z.ZodMiniType
  ? z.output<(typeof operations)[N]['request']>
  : undefined;

/** The resource an operation answers with (for a list, one item). */
export type OperationResource<N extends OperationName> = z.output<(typeof operations)[N]['response']>;
