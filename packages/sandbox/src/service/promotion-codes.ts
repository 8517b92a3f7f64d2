import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { SandboxHttpError, notFound } from '../errors/http-error.js';
import { customers } from './customers.js';
import { pageStyle } from './lists.js';
import { orders } from './orders.js';
import { positionsWhere, recordAt } from '../state/ordered.js';
import { ownFields, promotionOfStore, type PromotionRecord, promotions, requirePromotion, settable } from './promotions.js';

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

/**
 * `POST /promotion-codes/create` → the code, of an existing promotion (unknown `promotionId`: 404), in its store;
 * `active` true, `usageCount` 0, the other published fields `null`/`false` when not given. A code another of the
 * store's codes already reads (whatever its case) is a 409 `duplicate_code` naming `code`. Card data anywhere: 400
 * (core's request schema, `withoutCardData`).
 */
export function createPromotionCode(ctx: SandboxContext, input: OperationInput<'createPromotionCode'>): PromotionCodeRecord {
  const promotion = requirePromotion(ctx, input.promotionId);
  requireFreeCode(ctx, promotion.storeId, input.code, 'code');
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
    code: input.code,
    promotionId: promotion.id,
    ...ownFields(ctx, 'pc', promotion.storeId),
  };
  promotionCodes.of(ctx).set(record.id, record);
  return record;
}

/**
 * `POST /promotion-codes/update { id, data }` → the code with `data`'s fields merged (`null` clears one). Unknown id:
 * 404. A new `code` the store's other codes read is a 409 naming `data.code`; a `promotionId` must be a promotion of
 * the code's store (else 404). `id`, `storeId`, `usageCount` and the dates the sandbox keeps are not changed. Card
 * data anywhere: 400 (core's request schema, `withoutCardData`).
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
  const { items, total, totalPages } = pageStyle(matching, page, limit);
  return { items: items.map((record) => listedCode(ctx, record)), pagination: { page, limit, total, totalPages } };
}

/** Why a code does not apply now: the answer's status and `code`, why, and what to do instead. */
export interface CodeRefusal {
  status: 404 | 409;
  code: string;
  why: string;
  next: string;
}

/**
 * A refusal of a code applied to a checkout (a browser session route): the refusal's status and `code`, naming the
 * field `code`, and `success: false` in the body (plugin-sdk's `applyPromotionCode` reads it).
 */
export function refusedCode(refusal: CodeRefusal): SandboxHttpError {
  const message = `${refusal.why}: ${refusal.next}`;
  return new SandboxHttpError(refusal.status, refusal.code, message, { fields: [{ field: 'code', code: refusal.code, message }], answer: { success: false } });
}

/**
 * An unknown code, and a code the customer may not use (another customer's, or one whose `emailPattern` the
 * customer's email does not match): the same answer, so that a store page learns nothing of codes it may not use
 * (docs/contracts.md, "Promotions and promotion codes").
 */
const NOT_FOUND: CodeRefusal = { status: 404, code: 'promotion_code_not_found', why: 'No promotion code of this store reads this code', next: 'check the code and type it again' };

/** Whether the instant `iso` is before `now` (both ISO date-times). */
const before = (iso: string, now: number): boolean => Date.parse(iso) < now;

/**
 * Whether `email` matches a code's `emailPattern`: `*` stands for any run of characters (the published example
 * `*@company.com`), every other character for itself, whatever its case.
 */
export function emailMatches(pattern: string, email: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`, 'i').test(email);
}

/** Who a code is applied for: the checkout's store and customer. */
export interface CodeUse {
  storeId: string;
  customerId: string;
}

/**
 * What other checkouts' payments in progress will count when they are approved: uses a code's limit, and its
 * promotion's, must leave room for; and the customer's orders, any of which may be its first.
 */
export interface HeldUses {
  code: number;
  promotion: number;
  /** The customer's payments in progress on other checkouts: a first-order code waits for them (`firstTimeCustomersOnly`). */
  customer: number;
}

/**
 * Why `record` (of `promotion`) does not apply now for `use`, or `undefined` when it does: the 404 of an unknown code
 * when it is for another customer (`customerId`) or for other emails (`emailPattern`, checked when the customer's
 * email is known); else 409 `promotion_code_inactive`, `promotion_disabled`, `promotion_not_started`,
 * `promotion_ended`, `promotion_code_expired` (`expiresAt` before the clock: the test clock moves it),
 * `promotion_code_used_up` (its `usageLimit` reached, or its promotion's, counting `held` uses),
 * `promotion_code_first_order_only` (`firstTimeCustomersOnly` and the customer has a paid order, or a payment in
 * progress on another checkout that `held` counts).
 */
export function codeRefusal(ctx: SandboxContext, record: PromotionCodeRecord, promotion: PromotionRecord, use: CodeUse, held: HeldUses = { code: 0, promotion: 0, customer: 0 }): CodeRefusal | undefined {
  // Who may use it first: a code the customer may not use answers as one that does not exist, whatever else holds.
  if (record.customerId !== null && record.customerId !== use.customerId) return NOT_FOUND;
  const email = customers.of(ctx).get(use.customerId)?.email;
  if (record.emailPattern && email !== undefined && !emailMatches(record.emailPattern, email)) return NOT_FOUND;
  const now = Date.parse(ctx.nowIso(use.customerId));
  const other = 'use another code';
  if (!record.active) return { status: 409, code: 'promotion_code_inactive', why: 'This promotion code is no longer active', next: other };
  if (!promotion.enabled) return { status: 409, code: 'promotion_disabled', why: 'The promotion of this code is disabled', next: other };
  if (promotion.startDate !== null && Date.parse(promotion.startDate) > now) {
    return { status: 409, code: 'promotion_not_started', why: `The promotion of this code starts at ${promotion.startDate}`, next: 'apply it then' };
  }
  if (promotion.endDate !== null && before(promotion.endDate, now)) return { status: 409, code: 'promotion_ended', why: 'The promotion of this code has ended', next: other };
  if (record.expiresAt !== null && before(record.expiresAt, now)) return { status: 409, code: 'promotion_code_expired', why: 'This promotion code has expired', next: other };
  const usedUp = (record.usageLimit !== null && record.usageCount + held.code >= record.usageLimit) ||
    (promotion.usageLimit !== null && promotion.usageCount + held.promotion >= promotion.usageLimit);
  if (usedUp) return { status: 409, code: 'promotion_code_used_up', why: 'This promotion code has been used as many times as it may be', next: other };
  if (record.firstTimeCustomersOnly && (held.customer > 0 || positionsWhere(orders.of(ctx), 'customerId', use.customerId).length > 0)) {
    return { status: 409, code: 'promotion_code_first_order_only', why: 'This promotion code is for a first order only', next: other };
  }
  return undefined;
}

/**
 * The store's code `code` reads (whatever its case) when it may be applied now for `use.customerId`, with its
 * promotion; else the refusal ({@link codeRefusal}, {@link refusedCode}): 404 `promotion_code_not_found` also for a
 * code of no promotion.
 */
export function applicableCode(ctx: SandboxContext, code: string, use: CodeUse): { record: PromotionCodeRecord; promotion: PromotionRecord } {
  const record = findCode(ctx, use.storeId, code);
  const promotion = record && promotions.of(ctx).get(record.promotionId);
  if (!record || !promotion) throw refusedCode(NOT_FOUND);
  const refusal = codeRefusal(ctx, record, promotion, use);
  if (refusal) throw refusedCode(refusal);
  return { record, promotion };
}

/**
 * Checks again, before a checkout's payment is charged, that every code applied to it still applies now
 * ({@link codeRefusal}, leaving room for the uses `held` answers for a code): else a 409 with the refusal's code,
 * naming the code, and nothing is charged. A code or promotion deleted since is skipped (it counts no use either).
 */
export function requireAppliedCodes(ctx: SandboxContext, checkoutSessionId: string, codeIds: readonly string[], use: CodeUse, held: (record: PromotionCodeRecord) => HeldUses): void {
  for (const id of codeIds) {
    const record = promotionCodes.of(ctx).get(id);
    const promotion = record && promotions.of(ctx).get(record.promotionId);
    if (!record || !promotion) continue;
    const refusal = codeRefusal(ctx, record, promotion, use, held(record));
    if (refusal) {
      throw new SandboxHttpError(
        409,
        refusal.code,
        `Promotion code ${record.code}, applied to checkout session ${checkoutSessionId}, no longer applies (${refusal.why.charAt(0).toLowerCase()}${refusal.why.slice(1)}); nothing was charged: start a new checkout without the code (POST /api/v1/checkout/session/init) and pay that one`,
      );
    }
  }
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
