import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { SandboxHttpError, notFound } from '../errors/http-error.js';
import { orders } from './orders.js';
import { positionsWhere, recordAt } from '../state/ordered.js';
import { type PromotionRecord, promotions, requirePromotion } from './promotions.js';

// Promotion codes as the published pages give them
// (https://tagadapay.mintlify.app/api-reference/promotion-codes/create-promotion-code, list-promotion-codes,
// update-promotion-code), the check a code passes before a checkout may apply it, and its uses, counted when a
// checkout that applied it is paid: docs/contracts.md, "Promotions and promotion codes".

/** A promotion code: the published fields, its promotion's store, its use count. */
export interface PromotionCodeRecord {
  id: string;
  code: string;
  promotionId: string;
  /** Its promotion's store. */
  storeId: string;
  customerId: string | null;
  active: boolean;
  /** Paid checkouts that applied it (each counted once). */
  usageCount: number;
  usageLimit: number | null;
  firstTimeCustomersOnly: boolean;
  emailPattern: string | null;
  description: string | null;
  metadata: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** Promotion codes by id. */
export const promotionCodes = byId<PromotionCodeRecord>()('promotionCodes');

/** The fields a caller never sets: the sandbox's own (a code's store is its promotion's). */
const OWN_FIELDS = ['id', 'storeId', 'usageCount', 'createdAt', 'updatedAt'] as const;

/** `fields` without the sandbox's own. */
function settable(fields: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...fields };
  for (const key of OWN_FIELDS) delete copy[key];
  return copy;
}

/** A code as compared: codes are matched whatever their case (`summer20` is `SUMMER20`). */
const folded = (code: string): string => code.toLocaleUpperCase('en-US');

/** The store's code that reads `code` (whatever its case), if any. */
export function findCode(ctx: SandboxContext, storeId: string, code: string): PromotionCodeRecord | undefined {
  const all = promotionCodes.of(ctx);
  const wanted = folded(code);
  for (const position of positionsWhere(all, 'storeId', storeId)) {
    const record = recordAt(all, position);
    if (record && folded(record.code) === wanted) return record;
  }
  return undefined;
}

/** A 409 `duplicate_code` naming `field`, when the store already has another code that reads `code`. */
function requireFreeCode(ctx: SandboxContext, storeId: string, code: string, field: string, self?: string): void {
  const taken = findCode(ctx, storeId, code);
  if (taken && taken.id !== self) {
    const message = 'is already a promotion code of this store: choose another code, or update the existing one';
    throw new SandboxHttpError(409, 'duplicate_code', `Invalid request: ${field} ${message}`, { fields: [{ field, code: 'duplicate_code', message }] });
  }
}

/** A promotion of `storeId`; one of another store is the same 404 as an unknown one. */
function promotionOfStore(ctx: SandboxContext, id: string, storeId: string): PromotionRecord {
  const promotion = promotions.of(ctx).get(id);
  if (!promotion || promotion.storeId !== storeId) throw notFound('promotion', id);
  return promotion;
}

/**
 * `POST /promotion-codes/create` → the code, of an existing promotion (unknown `promotionId`: 404), in its store;
 * `active` true, `usageCount` 0, the other published fields `null`/`false` when not given. A code another of the
 * store's codes already reads (whatever its case) is a 409 `duplicate_code` naming `code`.
 */
export function createPromotionCode(ctx: SandboxContext, input: OperationInput<'createPromotionCode'>): PromotionCodeRecord {
  const promotion = requirePromotion(ctx, input.promotionId);
  requireFreeCode(ctx, promotion.storeId, input.code, 'code');
  const now = ctx.nowIso();
  const record: PromotionCodeRecord = {
    customerId: null,
    active: true,
    usageLimit: null,
    firstTimeCustomersOnly: false,
    emailPattern: null,
    description: null,
    metadata: null,
    expiresAt: null,
    ...settable(input),
    id: ctx.nextId('pc'),
    code: input.code,
    promotionId: promotion.id,
    storeId: promotion.storeId,
    usageCount: 0,
    createdAt: now,
    updatedAt: now,
  };
  promotionCodes.of(ctx).set(record.id, record);
  return record;
}

/**
 * `POST /promotion-codes/update { id, data }` → the code with `data`'s fields merged (`null` clears one). Unknown id:
 * 404. A new `code` the store's other codes read is a 409 naming `data.code`; a `promotionId` must be a promotion of
 * the code's store (else 404). `id`, `storeId`, `usageCount` and the dates the sandbox keeps are not changed.
 */
export function updatePromotionCode(ctx: SandboxContext, input: OperationInput<'updatePromotionCode'>): PromotionCodeRecord {
  const record = promotionCodes.of(ctx).get(input.id);
  if (!record) throw notFound('promotion code', input.id);
  const { data } = input;
  if (data.promotionId !== undefined) promotionOfStore(ctx, data.promotionId, record.storeId);
  if (data.code !== undefined) requireFreeCode(ctx, record.storeId, data.code, 'data.code', record.id);
  Object.assign(record, settable(data), { updatedAt: ctx.nowIso() });
  promotionCodes.of(ctx).set(record.id, record);
  return record;
}

/** A code as a list item shows it: with its `promotion { id, name, storeId }` (published). */
function listedCode(ctx: SandboxContext, record: PromotionCodeRecord): Record<string, unknown> {
  const promotion = promotions.of(ctx).get(record.promotionId);
  return { ...record, promotion: promotion ? { id: promotion.id, name: promotion.name, storeId: promotion.storeId } : null };
}

/**
 * `POST /promotion-codes/list` → `{ items, pagination: { page, limit, total, totalPages } }` (published), newest
 * first: the codes matching every filter given (`promotionId`, `storeId`, `customerId`; `code` whatever its case),
 * only active ones unless `includeInactive`; `page` (default 1) of `limit` (default 20).
 */
export function listPromotionCodes(ctx: SandboxContext, input: OperationInput<'listPromotionCodes'>) {
  const page = input.page ?? 1;
  const limit = input.limit ?? 20;
  const all = promotionCodes.of(ctx);
  const scope = input.storeId === undefined ? [...all.values()] : positionsWhere(all, 'storeId', input.storeId).flatMap((position) => recordAt(all, position) ?? []);
  const matching = scope
    .filter(
      (record) =>
        (input.promotionId === undefined || record.promotionId === input.promotionId) &&
        (input.customerId === undefined || record.customerId === input.customerId) &&
        (input.code === undefined || folded(record.code) === folded(input.code)) &&
        (input.includeInactive === true || record.active),
    )
    .reverse();
  const items = matching.slice((page - 1) * limit, page * limit).map((record) => listedCode(ctx, record));
  return { items, pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) } };
}

/** Why a code does not apply: a 4xx with its own `code`, naming the field `code`, and `success: false` in the body. */
function refused(status: number, code: string, message: string): SandboxHttpError {
  return new SandboxHttpError(status, code, message, { fields: [{ field: 'code', code, message }], answer: { success: false } });
}

/** Whether the instant `iso` is before `now` (both ISO date-times). */
const before = (iso: string, now: number): boolean => Date.parse(iso) < now;

/** Who a code is applied for: the checkout's store and customer. */
export interface CodeUse {
  storeId: string;
  customerId: string;
}

/**
 * The store's code `code` reads (whatever its case) when it may be applied now for `use.customerId`, with its
 * promotion; else the refusal: 404 `promotion_code_not_found` (no such code in the store), 409
 * `promotion_code_inactive`, `promotion_disabled`, `promotion_not_started`, `promotion_ended`,
 * `promotion_code_expired` (`expiresAt` before the clock: the test clock moves it), `promotion_code_used_up` (its
 * `usageLimit` reached, or its promotion's), `promotion_code_not_for_customer` (restricted to another customer),
 * `promotion_code_first_order_only` (`firstTimeCustomersOnly` and the customer has a paid order).
 */
export function applicableCode(ctx: SandboxContext, code: string, use: CodeUse): { record: PromotionCodeRecord; promotion: PromotionRecord } {
  const record = findCode(ctx, use.storeId, code);
  const promotion = record && promotions.of(ctx).get(record.promotionId);
  if (!record || !promotion) throw refused(404, 'promotion_code_not_found', 'No promotion code of this store reads this code: check the code and type it again');
  const now = Date.parse(ctx.nowIso(use.customerId));
  if (!record.active) throw refused(409, 'promotion_code_inactive', 'This promotion code is no longer active: use another code');
  if (!promotion.enabled) throw refused(409, 'promotion_disabled', 'The promotion of this code is disabled: use another code');
  if (promotion.startDate !== null && Date.parse(promotion.startDate) > now) throw refused(409, 'promotion_not_started', `The promotion of this code starts at ${promotion.startDate}: apply it then`);
  if (promotion.endDate !== null && before(promotion.endDate, now)) throw refused(409, 'promotion_ended', 'The promotion of this code has ended: use another code');
  if (record.expiresAt !== null && before(record.expiresAt, now)) throw refused(409, 'promotion_code_expired', 'This promotion code has expired: use another code');
  const usedUp = (record.usageLimit !== null && record.usageCount >= record.usageLimit) || (promotion.usageLimit !== null && promotion.usageCount >= promotion.usageLimit);
  if (usedUp) throw refused(409, 'promotion_code_used_up', 'This promotion code has been used as many times as it may be: use another code');
  if (record.customerId !== null && record.customerId !== use.customerId) throw refused(409, 'promotion_code_not_for_customer', 'This promotion code is for another customer: use another code');
  if (record.firstTimeCustomersOnly && positionsWhere(orders.of(ctx), 'customerId', use.customerId).length > 0) {
    throw refused(409, 'promotion_code_first_order_only', 'This promotion code is for a first order only: use another code');
  }
  return { record, promotion };
}

/**
 * Counts one use of each code (and of its promotion) a paid checkout applied: called once per checkout, when its
 * order is made (service/checkout.ts). A code or promotion deleted since is skipped.
 */
export function countPromotionUses(ctx: SandboxContext, codeIds: readonly string[]): void {
  const now = ctx.nowIso();
  for (const id of codeIds) {
    const record = promotionCodes.of(ctx).get(id);
    if (!record) continue;
    Object.assign(record, { usageCount: record.usageCount + 1, updatedAt: now });
    promotionCodes.of(ctx).set(record.id, record);
    const promotion = promotions.of(ctx).get(record.promotionId);
    if (!promotion) continue;
    Object.assign(promotion, { usageCount: promotion.usageCount + 1, updatedAt: now });
    promotions.of(ctx).set(promotion.id, promotion);
  }
}

/** The operations of promotion codes the sandbox serves (spread into `http/operation-handlers.ts`). */
export const promotionCodeOperations = {
  createPromotionCode,
  listPromotionCodes,
  updatePromotionCode,
} satisfies ServedOperations;
