import * as z from 'zod/mini';
import { nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';
import { dateTime, usageLimit } from './promotion.js';

/**
 * A code's `metadata`: text that parses as JSON (published "additional metadata as a JSON string"); other text is
 * refused before sending, saying to send `JSON.stringify` of it (docs/contracts.md, "Promotions and promotion codes").
 */
const jsonText = z.string().check(
  z.refine(
    (text) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be a JSON string: send JSON.stringify(metadata), such as JSON.stringify({ campaign: "summer" })', params: { code: 'invalid_format' } },
  ),
);

/**
 * The fields of a promotion code a caller sets, as the published create page renders them
 * (https://tagadapay.mintlify.app/api-reference/promotion-codes/create-promotion-code), each optional here: create
 * requires `code` and `promotionId`.
 */
const promotionCodeFields = {
  /** The code a customer types (published: at least one character). */
  code: nonEmptyString,
  /** The promotion the code applies (published). */
  promotionId: resourceId,
  /** Only this customer may use it (published). */
  customerId: z.optional(resourceId),
  /** How many times it may be used in all (published "max number of uses"). */
  usageLimit: z.optional(usageLimit),
  /** When it stops applying (published `string<date-time>`). */
  expiresAt: z.optional(dateTime),
  /** Only for a customer without a paid order (published default `false`). */
  firstTimeCustomersOnly: z.optional(z.boolean()),
  /** Emails it is meant for, e.g. `*@company.com` (published). */
  emailPattern: z.optional(z.string()),
  /** An internal description (published). */
  description: z.optional(z.string()),
  /** Additional metadata, as a JSON string (published): `JSON.stringify({ … })`. */
  metadata: z.optional(jsonText),
};

/**
 * Body of `POST /promotion-codes/create` (published): `code` and `promotionId` required; `customerId`, `usageLimit`
 * (from 1), `expiresAt` (a date-time), `firstTimeCustomersOnly` (default `false`), `emailPattern`, `description`,
 * `metadata` (a JSON string). Card data anywhere in it is refused (`card_data`).
 */
export const createPromotionCodeRequest = z.looseObject(promotionCodeFields).check(withoutCardData);
/** Body of `POST /promotion-codes/create`. */
export type CreatePromotionCodeRequest = RequestFields<z.input<typeof createPromotionCodeRequest>>;

/**
 * The `data` of `POST /promotion-codes/update`: the create page's fields, each optional, and `active` (the published
 * update example sends `code`, `usageLimit`, `active`, `firstTimeCustomersOnly`). `usageLimit`, `customerId`,
 * `expiresAt`, `emailPattern`, `description` and `metadata` may be `null` to clear them (inferred from the answer's
 * `| null` types).
 */
export const promotionCodeUpdateData = z.looseObject({
  code: z.optional(nonEmptyString),
  promotionId: z.optional(resourceId),
  customerId: z.optional(z.nullable(resourceId)),
  usageLimit: z.optional(z.nullable(usageLimit)),
  expiresAt: z.optional(z.nullable(dateTime)),
  firstTimeCustomersOnly: z.optional(z.boolean()),
  emailPattern: z.optional(z.nullable(z.string())),
  description: z.optional(z.nullable(z.string())),
  metadata: z.optional(z.nullable(jsonText)),
  /** Whether the code applies (an inactive one is refused when applied, and left out of lists by default). */
  active: z.optional(z.boolean()),
});
/** The `data` of `POST /promotion-codes/update`. */
export type PromotionCodeUpdateData = RequestFields<z.input<typeof promotionCodeUpdateData>>;

/** Body of `POST /promotion-codes/update` (published): the code's `id` and the `data` to change; card data anywhere is refused. */
export const updatePromotionCodeRequest = z.looseObject({ id: resourceId, data: promotionCodeUpdateData }).check(withoutCardData);
/** Body of `POST /promotion-codes/update`. */
export type UpdatePromotionCodeRequest = RequestFields<z.input<typeof updatePromotionCodeRequest>> & { data: PromotionCodeUpdateData };

/** A page number or size of `POST /promotion-codes/list`: a whole number above 0 (published). */
const positiveInt = z.int().check(z.minimum(1));

/**
 * Body of `POST /promotion-codes/list` (published): filters `promotionId`, `storeId`, `code`, `customerId`,
 * `includeInactive` (default `false`: active codes only); `page` (default 1) and `limit` (default 20), each above 0.
 * Answered with `{ items, pagination: { page, limit, total, totalPages } }`. Card data anywhere in it is refused.
 */
export const listPromotionCodesRequest = z.looseObject({
  promotionId: z.optional(resourceId),
  storeId: z.optional(resourceId),
  code: z.optional(nonEmptyString),
  customerId: z.optional(resourceId),
  includeInactive: z.optional(z.boolean()),
  page: z.optional(positiveInt),
  limit: z.optional(positiveInt),
}).check(withoutCardData);
/** Body of `POST /promotion-codes/list`. */
export type ListPromotionCodesRequest = RequestFields<z.input<typeof listPromotionCodesRequest>>;

/**
 * A promotion code as the published answers show it (`id`, `code`, `promotionId`, `storeId`, `customerId`, `active`,
 * `usageCount`, `usageLimit`, `firstTimeCustomersOnly`, `emailPattern`, `description`, `metadata`, `expiresAt`,
 * `createdAt`; a list item also its `promotion { id, name, storeId }`). Only `id` is relied on; the others are typed
 * as published and never refused.
 */
export const promotionCodeSchema = z.looseObject({
  id: z.string(),
  code: published(z.string()),
  promotionId: published(z.string()),
  storeId: published(z.string()),
  customerId: published(z.nullable(z.string())),
  active: published(z.boolean()),
  usageCount: published(z.number()),
  usageLimit: published(z.nullable(z.number())),
  firstTimeCustomersOnly: published(z.boolean()),
  emailPattern: published(z.nullable(z.string())),
  description: published(z.nullable(z.string())),
  metadata: published(z.nullable(z.string())),
  expiresAt: published(z.nullable(z.string())),
  createdAt: published(z.string()),
  promotion: published(z.looseObject({ id: z.string(), name: published(z.string()), storeId: published(z.string()) })),
});
/** A promotion code. */
export type PromotionCode = z.infer<typeof promotionCodeSchema>;

/**
 * The catalog entries of promotion codes, for core's `operations` (`catalog/operations.ts`) to compose: a function,
 * so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const promotionCodeOperations = () => catalogEntries({
  createPromotionCode: op('POST /promotion-codes/create', { request: createPromotionCodeRequest, response: promotionCodeSchema, answer: 'required' }),
  listPromotionCodes: op('POST /promotion-codes/list', { request: listPromotionCodesRequest, response: promotionCodeSchema, unwrap: ['items'], answer: 'list', requires: ['id'] }),
  updatePromotionCode: op('POST /promotion-codes/update', { request: updatePromotionCodeRequest, response: promotionCodeSchema, answer: 'required' }),
});
