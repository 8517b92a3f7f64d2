import * as z from 'zod/mini';
import { resourceId, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/** One processor in a flow, with its routing weight (section 2.9). */
export const processorConfig = z.looseObject({
  processorId: resourceId,
  weight: z.number().check(z.minimum(0)),
  disabled: z.boolean(),
  nonStickable: z.boolean(),
});
/** One processor in a flow. */
export type ProcessorConfig = RequestFields<z.infer<typeof processorConfig>>;

/**
 * A payment flow as sent to create (section 2.9). Routing-rule configuration is "not shown" and not modelled:
 * fields the document does not list pass through to the service.
 */
export const paymentFlowInput = z.looseObject({
  name: z.string(),
  strategy: z.string(),
  fallbackMode: z.boolean(),
  maxFallbackRetries: z.int().check(z.minimum(0)),
  threeDsEnabled: z.boolean(),
  stickyProcessorEnabled: z.boolean(),
  pickProcessorStrategy: z.string(),
  processorConfigs: z.array(processorConfig),
  fallbackProcessorConfigs: z.array(processorConfig),
  abuseDetectionConfig: z.nullable(z.record(z.string(), z.unknown())),
});
/** A payment flow as sent to create. */
export type PaymentFlowInput = RequestFields<z.infer<typeof paymentFlowInput>>;

/** Body of create payment flow (section 4.10, path assumed): `{ data: flow }`. */
export const createPaymentFlowRequest = z.looseObject({ data: paymentFlowInput });
/** Body of create payment flow. */
export type CreatePaymentFlowRequest = RequestFields<z.infer<typeof createPaymentFlowRequest>>;

/** A payment flow with its id, as returned by create. */
export const paymentFlow = z.looseObject({ id: z.string(), name: z.string() });
/** A payment flow with its id. */
export type PaymentFlow = z.infer<typeof paymentFlow>;

/**
 * The catalog entries of payment flows, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const paymentFlowOperations = () => catalogEntries({
  createPaymentFlow: op('POST /payment-flows/create', {
    assumed: true,
    request: paymentFlowInput,
    sendAs: { wrap: 'data' },
    response: paymentFlow,
    unwrap: ['data', 'paymentFlow'],
    answer: 'recognised',
    outcomeKey: 'paymentFlow',
  }),
});
