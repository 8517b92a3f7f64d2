import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { notFound, validationError } from '../errors/http-error.js';
import { requireStore } from './stores.js';

// Promotions as the published pages give them (https://tagadapay.mintlify.app/api-reference/promotions/create-promotion,
// update-promotion, get-promotion-by-id): kept per store, with the published defaults. What a promotion gives (its
// `actions`) is kept as sent and never priced: docs/contracts.md, "Promotions and promotion codes".

/** A promotion: the published fields at their defaults, what else was sent, its use count and dates. */
export interface PromotionRecord {
  id: string;
  storeId: string;
  name: string;
  code: string | null;
  automatic: boolean;
  usageLimit: number | null;
  /** Paid checkouts that applied one of its codes (each counted once). */
  usageCount: number;
  startDate: string | null;
  endDate: string | null;
  enabled: boolean;
  ruleOperator: 'AND' | 'OR';
  combinesWithOrderLevelDiscounts: boolean;
  combinesWithLineItemDiscounts: boolean;
  combinesWithShippingDiscounts: boolean;
  forceCombine: boolean;
  rules: Record<string, unknown>[];
  actions: Record<string, unknown>[];
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** Promotions by id. */
export const promotions = byId<PromotionRecord>()('promotions');

/**
 * The fields of a promotion or a promotion code a caller never sets: the sandbox's own (a promotion's `storeId` of
 * another store is refused: {@link updatePromotion}; a code's store is its promotion's).
 */
const OWN_FIELDS = ['id', 'storeId', 'usageCount', 'createdAt', 'updatedAt'] as const;

/** The sandbox's own fields of a new promotion or promotion code: its id (`prefix_…`), its store, no use yet, dated now. */
export function ownFields(ctx: SandboxContext, prefix: string, storeId: string): Pick<PromotionRecord, (typeof OWN_FIELDS)[number]> {
  const now = ctx.nowIso();
  return { id: ctx.nextId(prefix), storeId, usageCount: 0, createdAt: now, updatedAt: now };
}

/** `fields` (of a promotion or a promotion code, as sent) without the sandbox's own. */
export function settable(fields: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...fields };
  for (const key of OWN_FIELDS) delete copy[key];
  return copy;
}

/**
 * `POST /promotions/create` → the promotion, every published field at its default where not given (`code` `null`,
 * `automatic` `false`, `usageLimit` `null`, dates `null`, `enabled` `true`, `ruleOperator` `OR`, the combine flags
 * `false`, `rules` and `actions` `[]`), `usageCount` 0. Unknown store: 404; card data anywhere: 400 (core's request schema, `withoutCardData`).
 */
export function createPromotion(ctx: SandboxContext, input: OperationInput<'createPromotion'>): PromotionRecord {
  const store = requireStore(ctx, input.storeId);
  const promotion: PromotionRecord = {
    code: null,
    automatic: false,
    usageLimit: null,
    startDate: null,
    endDate: null,
    enabled: true,
    ruleOperator: 'OR',
    combinesWithOrderLevelDiscounts: false,
    combinesWithLineItemDiscounts: false,
    combinesWithShippingDiscounts: false,
    forceCombine: false,
    rules: [],
    actions: [],
    ...settable(input),
    name: input.name,
    ...ownFields(ctx, 'promo', store.id),
  };
  promotions.of(ctx).set(promotion.id, promotion);
  return promotion;
}

/** The promotion, or a 404 (naming only the id). */
export function requirePromotion(ctx: SandboxContext, id: string): PromotionRecord {
  const promotion = promotions.of(ctx).get(id);
  if (!promotion) throw notFound('promotion', id);
  return promotion;
}

/**
 * `POST /promotions/update { id, data }` → the promotion with `data`'s fields merged (the others kept). Unknown id:
 * 404. A promotion stays in its store: a `data.storeId` of another store is a 400 naming it; `id`, `usageCount` and
 * the dates the sandbox keeps are not changed. Card data anywhere: 400 (core's request schema, `withoutCardData`).
 */
export function updatePromotion(ctx: SandboxContext, input: OperationInput<'updatePromotion'>): PromotionRecord {
  const promotion = requirePromotion(ctx, input.id);
  if (input.data.storeId !== undefined && input.data.storeId !== promotion.storeId) {
    throw validationError([{ field: 'data.storeId', code: 'immutable', message: 'is not this promotion\'s store: a promotion stays in its store; create one in the other store instead' }]);
  }
  Object.assign(promotion, settable(input.data), { updatedAt: ctx.nowIso() });
  promotions.of(ctx).set(promotion.id, promotion);
  return promotion;
}

/** A promotion of `storeId`; one of another store is the same 404 as an unknown one. */
export function promotionOfStore(ctx: SandboxContext, id: string, storeId: string): PromotionRecord {
  const promotion = promotions.of(ctx).get(id);
  if (!promotion || promotion.storeId !== storeId) throw notFound('promotion', id);
  return promotion;
}

/** `POST /promotions/getById { id, storeId }` → the promotion. Unknown, or of another store: the same 404. */
export function retrievePromotion(ctx: SandboxContext, input: OperationInput<'retrievePromotion'>): PromotionRecord {
  return promotionOfStore(ctx, input.id, input.storeId);
}

/** The operations of promotions the sandbox serves (spread into `http/operation-handlers.ts`). */
export const promotionOperations = {
  createPromotion,
  updatePromotion,
  retrievePromotion,
} satisfies ServedOperations;
