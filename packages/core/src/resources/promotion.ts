import * as z from 'zod/mini';
import { nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/**
 * A date and time as the published promotion and promotion code pages write them (`2025-06-01T00:00:00.000Z`): a
 * promotion's `startDate`/`endDate`, a code's `expiresAt`. Anything else is refused saying which form to send.
 * @internal
 */
export const dateTime = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date-time with its time zone, such as '2025-08-31T23:59:59.000Z': send date.toISOString()",
});

/**
 * How many times a promotion, or one of its codes, may be used in all: a whole number from 1 (published "number" /
 * integer above 0; docs/contracts.md, "Promotions and promotion codes").
 * @internal
 */
export const usageLimit = z.int().check(z.minimum(1));

/**
 * A rule or an action of a promotion: an object whose fields the published pages do not render ("object[]"), sent
 * as given (docs/contracts.md, "Promotions and promotion codes").
 */
const promotionPart = z.looseObject({});

/**
 * The fields of a promotion as the published create page renders them
 * (https://tagadapay.mintlify.app/api-reference/promotions/create-promotion), each optional here: create requires
 * `storeId` and `name`, update's `data` none.
 */
const promotionFields = {
  storeId: resourceId,
  name: nonEmptyString,
  /** The promotion's own code, or `null` (published); codes a customer types are promotion codes (`POST /promotion-codes/create`). */
  code: z.optional(z.nullable(z.string())),
  /** Applied without a code (published default `false`). */
  automatic: z.optional(z.boolean()),
  /** How many times it may be used in all, above 0, or `null` for no limit (published). */
  usageLimit: z.optional(z.nullable(usageLimit)),
  /** When it starts and ends, or `null` (published `string<date-time> | null`). */
  startDate: z.optional(z.nullable(dateTime)),
  endDate: z.optional(z.nullable(dateTime)),
  /** Published default `true`. */
  enabled: z.optional(z.boolean()),
  /** How its rules combine: `AND` or `OR` (published default `OR`). */
  ruleOperator: z.optional(z.union([z.literal('AND'), z.literal('OR')])),
  combinesWithOrderLevelDiscounts: z.optional(z.boolean()),
  combinesWithLineItemDiscounts: z.optional(z.boolean()),
  combinesWithShippingDiscounts: z.optional(z.boolean()),
  forceCombine: z.optional(z.boolean()),
  /** Its rules (the published page renders `object[]`, not their fields). */
  rules: z.optional(z.array(promotionPart)),
  /** Its actions, what it gives (the published page renders `object[]`, not their fields). */
  actions: z.optional(z.array(promotionPart)),
};

/**
 * Body of `POST /promotions/create` (published): `storeId` and `name` required; `code`, `automatic` (default
 * `false`), `usageLimit` (above 0, or `null`), `startDate`/`endDate` (date-times, or `null`), `enabled` (default
 * `true`), `ruleOperator` (`AND` | `OR`, default `OR`), the four `combinesWith…`/`forceCombine` flags, `rules` and
 * `actions` (objects). Card data anywhere in it is refused (`card_data`): `rules` and `actions` are kept as given.
 */
export const createPromotionRequest = z.looseObject(promotionFields).check(withoutCardData);
/** Body of `POST /promotions/create`. */
export type CreatePromotionRequest = RequestFields<z.input<typeof createPromotionRequest>>;

/**
 * The `data` of `POST /promotions/update`: the create page's fields, each optional (the published update page
 * renders `data` as an object; its example sends the create fields).
 */
export const promotionUpdateData = z.looseObject({ ...promotionFields, storeId: z.optional(resourceId), name: z.optional(nonEmptyString) });
/** The `data` of `POST /promotions/update`. */
export type PromotionUpdateData = RequestFields<z.input<typeof promotionUpdateData>>;

/** Body of `POST /promotions/update` (published): the promotion's `id` and the `data` to change; card data anywhere is refused. */
export const updatePromotionRequest = z.looseObject({ id: resourceId, data: promotionUpdateData }).check(withoutCardData);
/** Body of `POST /promotions/update`. */
export type UpdatePromotionRequest = RequestFields<z.input<typeof updatePromotionRequest>> & { data: PromotionUpdateData };

/** Body of `POST /promotions/getById` (published): the promotion's `id` and its `storeId`. */
export const retrievePromotionRequest = z.looseObject({ id: resourceId, storeId: resourceId });
/** Body of `POST /promotions/getById`. */
export type RetrievePromotionRequest = RequestFields<z.input<typeof retrievePromotionRequest>>;

/**
 * A promotion as the published answers show it: create and update `{ id, name, code, enabled }`, get by id also
 * `automatic`, `usageLimit`, `usageCount`, `startDate`, `endDate`, `ruleOperator`, `rules`, `actions`. Only `id` is
 * relied on; the others are typed as published and never refused.
 */
export const promotionSchema = z.looseObject({
  id: z.string(),
  name: published(z.string()),
  code: published(z.nullable(z.string())),
  enabled: published(z.boolean()),
  automatic: published(z.boolean()),
  usageLimit: published(z.nullable(z.number())),
  usageCount: published(z.number()),
  startDate: published(z.nullable(z.string())),
  endDate: published(z.nullable(z.string())),
  ruleOperator: published(z.string()),
  rules: published(z.array(z.unknown())),
  actions: published(z.array(z.unknown())),
});
/** A promotion. */
export type Promotion = z.infer<typeof promotionSchema>;

/**
 * The catalog entries of promotions, for core's `operations` (`catalog/operations.ts`) to compose: a function, so
 * that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const promotionOperations = () => catalogEntries({
  createPromotion: op('POST /promotions/create', { request: createPromotionRequest, response: promotionSchema, answer: 'required' }),
  updatePromotion: op('POST /promotions/update', { request: updatePromotionRequest, response: promotionSchema, answer: 'required' }),
  retrievePromotion: op('POST /promotions/getById', { request: retrievePromotionRequest, response: promotionSchema, answer: 'required' }),
});
