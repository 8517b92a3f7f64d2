import * as z from 'zod/mini';
import { currencyCode, minorUnits, nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/** What happened at a funnel step (published enum): `view`, `enter`, `convert` or `custom`. */
export const funnelStepEventType = z.union([z.literal('view'), z.literal('enter'), z.literal('convert'), z.literal('custom')]);
/** What happened at a funnel step. */
export type FunnelStepEventType = z.infer<typeof funnelStepEventType>;

/** A count or an index of the tracking body: a non-negative integer. */
const count = z.int().check(z.minimum(0));

/** A duration in milliseconds, from 0: the page says "number", and one measured with `performance.now()` has a fraction. */
const durationMs = z.number().check(z.minimum(0));

/**
 * Body of `POST /funnel-tracking/step` (published): `eventType`, `storeId` and `stepId` required; the step
 * (`stepName`, `stepType`, `stepIndex`, `isEntryStep`, `isConversionStep`), the visitor (`customerId`,
 * `funnelSessionId`, `deviceType`: `mobile`, `tablet` or `desktop`, `userAgent`), the funnel (`funnelId`,
 * `funnelName`, `fromStepId`, `fromStepType`, `entryStepId`, `pathTaken`, `totalStepsVisited`, `sessionDurationMs`),
 * the page (`url`, `referrer`, `pageTitle`), the order (`orderId`, `orderAmount` in minor units, `orderCurrency`,
 * `transactionId`), the campaign (`source`, `medium`, `campaign`, `content`, `term`), a custom event
 * (`customEventName`, `customEventProperties`), `environment` (`staging` or `production`), `isPreview`,
 * `funnelTracking` (default `true`) and `metadata`. Card data anywhere in it is refused (`card_data`): the event is kept.
 */
export const trackFunnelStepRequest = z.looseObject({
  eventType: funnelStepEventType,
  storeId: resourceId,
  stepId: nonEmptyString,
  stepName: z.optional(z.string()),
  stepType: z.optional(z.string()),
  stepIndex: z.optional(count),
  isEntryStep: z.optional(z.boolean()),
  isConversionStep: z.optional(z.boolean()),
  customerId: z.optional(resourceId),
  funnelId: z.optional(resourceId),
  funnelSessionId: z.optional(z.string()),
  funnelName: z.optional(z.string()),
  fromStepId: z.optional(z.string()),
  fromStepType: z.optional(z.string()),
  url: z.optional(z.string()),
  referrer: z.optional(z.string()),
  pageTitle: z.optional(z.string()),
  userAgent: z.optional(z.string()),
  deviceType: z.optional(z.union([z.literal('mobile'), z.literal('tablet'), z.literal('desktop')])),
  orderId: z.optional(z.string()),
  /** The order's amount, an integer in minor units (published as a number; docs/contracts.md, "Funnels"). */
  orderAmount: z.optional(minorUnits),
  orderCurrency: z.optional(currencyCode),
  transactionId: z.optional(z.string()),
  totalStepsVisited: z.optional(count),
  entryStepId: z.optional(z.string()),
  pathTaken: z.optional(z.array(z.string())),
  sessionDurationMs: z.optional(durationMs),
  source: z.optional(z.string()),
  medium: z.optional(z.string()),
  campaign: z.optional(z.string()),
  content: z.optional(z.string()),
  term: z.optional(z.string()),
  customEventName: z.optional(z.string()),
  customEventProperties: z.optional(z.record(z.string(), z.unknown())),
  environment: z.optional(z.union([z.literal('staging'), z.literal('production')])),
  isPreview: z.optional(z.boolean()),
  funnelTracking: z.optional(z.boolean()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
}).check(withoutCardData);
/** Body of `POST /funnel-tracking/step`. */
export type TrackFunnelStepRequest = RequestFields<z.input<typeof trackFunnelStepRequest>>;

/**
 * The answer of `POST /funnel-tracking/step` (published): `{ success, eventType, stepId }`. `stepId` is relied on;
 * `success` and `eventType` are typed as published and never refused.
 */
export const funnelStepTracked = z.looseObject({
  success: published(z.boolean()),
  eventType: published(z.string()),
  stepId: z.string(),
});
/** The answer of `POST /funnel-tracking/step`. */
export type FunnelStepTracked = z.infer<typeof funnelStepTracked>;

/**
 * The catalog entries of funnel tracking, for core's `operations` (`catalog/operations.ts`) to compose: a function,
 * so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const funnelTrackingOperations = () => catalogEntries({
  trackFunnelStep: op('POST /funnel-tracking/step', { request: trackFunnelStepRequest, response: funnelStepTracked, answer: 'required', requires: ['stepId'] }),
});
