import { decodeServiceToken, ServiceTokenError, type ServiceTokenMetadata } from '@tessera/core';
import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { customerFields, type CustomerRecord, customers } from './customers.js';
import { notFound, SandboxHttpError, validationError } from '../errors/http-error.js';
import { pageStyle, pageStyleOf, pageStyleRequest, passes, passesDate, passingValues, sortRecords } from './lists.js';
import { countWalk, groupFor, pageOf, positionsWhere, recordAt, risesWithCreation, walk } from '../state/ordered.js';
import { requireStore } from './stores.js';
import type { TestCardOutcome } from './test-cards.js';
import { requireSameTestClock } from './test-clock-scope.js';
import { vaultTokens } from '../emulations/vault.js';

/** A payment instrument. */
export interface InstrumentRecord {
  id: string;
  type: string;
  customerId: string;
  storeId: string;
  /** Always true: the sandbox deletes and deactivates no instrument. */
  isActive: boolean;
  /** True for the customer's first instrument. */
  isDefault: boolean;
  /** The token's `provider` (`basistheory`). */
  tokenizer: string;
  /** The card facts the token stated; a fact it did not state is absent (never invented). */
  card: { last4?: string; brand?: string; expMonth?: number; expYear?: number };
  /** The card's BIN, when the sandbox's vault made the token (block rules match on it); kept off every answer. */
  bin?: string;
  /** Funding and segment, as the vault knows them or the token stated them; `null` when unknown. */
  cardEnrichment: { funding: string | null; segment: string | null };
  /** What a `simulated` processor does with this card. */
  outcome: TestCardOutcome;
  createdAt: string;
}

/** Payment instruments by id. */
export const instruments = byId<InstrumentRecord>()('instruments');

/** The sandbox's one account (the published instrument's `accountId`). */
export const SANDBOX_ACCOUNT_ID = 'acc_sandbox';

/**
 * The instrument as create-from-token answers it (the published `paymentInstrument`: `id, type, customerId,
 * accountId, isActive, isDefault, tokenizer, createdAt, card`), with the sandbox's `storeId` beside; without the
 * sandbox's test-card outcome.
 */
export function publicInstrument(instrument: InstrumentRecord): Record<string, unknown> {
  const { id, type, customerId, isActive, isDefault, tokenizer, createdAt, card, storeId } = instrument;
  return { id, type, customerId, accountId: SANDBOX_ACCOUNT_ID, isActive, isDefault, tokenizer, createdAt, card, storeId };
}

/**
 * `GET /payment-instruments/{id}` as published: the instrument at the top level with its `customer`,
 * `cardEnrichment { funding, segment }` and `processorTokens` (none in the sandbox).
 */
export function retrieveInstrument(ctx: SandboxContext, id: string): Record<string, unknown> {
  const instrument = requireInstrument(ctx, id);
  const customer = customers.of(ctx).get(instrument.customerId);
  return {
    ...publicInstrument(instrument),
    customer: customer ? customerFields(customer) : { id: instrument.customerId },
    cardEnrichment: { ...instrument.cardEnrichment },
    processorTokens: [],
  };
}

/**
 * The field a token error names: the name the caller sent the token under (`tagadaToken`, published, or
 * `serviceToken`, the document's), both when it sent both.
 */
function tokenFields(body: unknown): ('tagadaToken' | 'serviceToken')[] {
  const sent = typeof body === 'object' && body !== null ? body : {};
  const names = (['tagadaToken', 'serviceToken'] as const).filter((name) => name in sent);
  return names.length > 0 ? names : ['serviceToken'];
}

/**
 * `POST /payment-instruments/create-from-token` → as published, `{ paymentInstrument: { id, type, customerId,
 * accountId, isActive, isDefault, tokenizer, createdAt, card, storeId }, customer: { id, email, firstName,
 * lastName, createdAt, storeId } }`. The token is the checked input's `tagadaToken` (the same string as
 * `serviceToken`); `body` is the request as sent, to name the token's field as the caller did.
 */
export function createInstrumentFromToken(
  ctx: SandboxContext,
  input: OperationInput<'createPaymentInstrumentFromToken'>,
  body: unknown,
): { paymentInstrument: Record<string, unknown>; customer: Record<string, unknown> } {
  let token;
  try {
    token = decodeServiceToken(input.tagadaToken ?? input.serviceToken);
  } catch (error) {
    if (error instanceof ServiceTokenError) {
      throw validationError(tokenFields(body).map((field) => ({ field, code: 'invalid_service_token', message: error.message })));
    }
    throw error;
  }
  requireStore(ctx, input.storeId);
  let customer: CustomerRecord | undefined;
  if (input.customerId !== undefined) {
    customer = customers.of(ctx).get(input.customerId);
    if (!customer) throw notFound('customer', input.customerId);
    requireSameTestClock(ctx, customer);
  } else if (input.customerData) {
    customer = {
      id: ctx.nextId('cus'),
      ...(input.customerData.email !== undefined ? { email: input.customerData.email } : {}),
      ...(input.customerData.firstName !== undefined ? { firstName: input.customerData.firstName } : {}),
      ...(input.customerData.lastName !== undefined ? { lastName: input.customerData.lastName } : {}),
      storeId: input.storeId,
      createdAt: ctx.nowIso(),
      // The request's Tessera-Test-Clock: the customer and all made for it follow that clock from now on.
      ...(ctx.requestTestClockId === undefined ? {} : { testClockId: ctx.requestTestClockId }),
    };
    customers.of(ctx).set(customer.id, customer);
  }
  if (!customer) throw new SandboxHttpError(400, 'validation_error', 'customerData or customerId is required');
  const vaultToken = vaultTokens.of(ctx).get(token.token);
  const meta = token.nonSensitiveMetadata ?? {};
  const customerId = customer.id;
  const instrument: InstrumentRecord = {
    id: ctx.nextId('pi'),
    type: 'card',
    customerId,
    storeId: input.storeId,
    isActive: true,
    isDefault: positionsWhere(instruments.of(ctx), 'customerId', customerId).length === 0,
    tokenizer: token.provider,
    card: vaultToken ? { last4: vaultToken.last4, brand: vaultToken.brand, expMonth: vaultToken.expMonth, expYear: vaultToken.expYear } : cardFactsOf(meta),
    ...(vaultToken ? { bin: vaultToken.bin } : {}),
    // The vault's own cards are consumer credit cards; a token from another vault states its facts or none.
    cardEnrichment: vaultToken ? { funding: 'credit', segment: 'consumer' } : { funding: textOf(meta.funding), segment: textOf(meta.segment) },
    // A token from another vault has no test-card outcome: its metadata decides whether 3DS is needed.
    outcome: vaultToken?.outcome ?? (meta.authentication === 'sca_required' ? 'challenge' : 'approve'),
    createdAt: ctx.nowIso(customerId),
  };
  instruments.of(ctx).set(instrument.id, instrument);
  return {
    paymentInstrument: publicInstrument(instrument),
    customer: { ...customerFields(customer), createdAt: customer.createdAt, storeId: customer.storeId },
  };
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The card facts a token from another vault states, and only those: a fact it leaves out (or gives as `''`, `0`
 * or `null`, as the vendor's library does for wallets) stays out. A two-digit year is read as 20YY.
 */
function cardFactsOf(meta: ServiceTokenMetadata): InstrumentRecord['card'] {
  const card: InstrumentRecord['card'] = {};
  if (typeof meta.last4 === 'string' && meta.last4 !== '') card.last4 = meta.last4;
  if (typeof meta.brand === 'string' && meta.brand !== '') card.brand = meta.brand;
  if (typeof meta.expiryMonth === 'number' && meta.expiryMonth > 0) card.expMonth = meta.expiryMonth;
  if (typeof meta.expiryYear === 'number' && meta.expiryYear > 0) card.expYear = meta.expiryYear < 100 ? 2000 + meta.expiryYear : meta.expiryYear;
  return card;
}

/** The instrument, or a 404. */
export function requireInstrument(ctx: SandboxContext, id: string): InstrumentRecord {
  const instrument = instruments.of(ctx).get(id);
  if (!instrument) throw notFound('payment instrument', id);
  return instrument;
}

/**
 * `GET /customers/{id}/payment-instruments` → as published, `{ instruments }`, whose items carry no `customerId`
 * (`id, type, isActive, isDefault, createdAt, card, cardEnrichment`), and the same items as `data` (the sandbox's
 * earlier answer).
 */
export function listCustomerInstruments(ctx: SandboxContext, customerId: string): { instruments: Record<string, unknown>[]; data: Record<string, unknown>[] } {
  if (!customers.of(ctx).has(customerId)) throw notFound('customer', customerId);
  const found: Record<string, unknown>[] = [];
  for (const instrument of instrumentsOf(ctx, customerId)) {
    const { id, type, isActive, isDefault, createdAt, card, cardEnrichment } = instrument;
    found.push({ id, type, isActive, isDefault, createdAt, card, cardEnrichment: { ...cardEnrichment } });
  }
  return { instruments: found, data: found };
}

/**
 * `POST /payment-instruments/list` → `{ items, total, page, pageSize, totalPages }` (published), each item the
 * published instrument (`id, type, customerId, accountId, isActive, isDefault, tokenizer, createdAt, updatedAt, card,
 * metadata`), newest first unless `sortBy` says otherwise (`id`, `type`, `createdAt`, `isActive`, `isDefault`).
 * Filters (typed by core's catalog; not published): `customerId`, `storeIds`, `type`, `isActive`, `isDefault`, `date`.
 */
export function listInstruments(ctx: SandboxContext, input: OperationInput<'listPaymentInstruments'>) {
  const { filters, field, direction, page, pageSize } = pageStyleRequest(input);
  const all = instruments.of(ctx);
  const listable = (instrument: InstrumentRecord): boolean =>
    passes(filters.customerId, instrument.customerId) &&
    passes(filters.storeIds, instrument.storeId) &&
    passes(filters.type, instrument.type) &&
    passes(filters.isActive, instrument.isActive) &&
    passes(filters.isDefault, instrument.isDefault) &&
    passesDate(filters.date, instrument.createdAt);
  const show = (instrument: InstrumentRecord) => ({ ...publicInstrument(instrument), updatedAt: instrument.createdAt, metadata: {} });
  if (field === 'createdAt' && risesWithCreation(all, 'createdAt')) {
    // Sorted on creation: the creation order read from either end, within the customer's (or store's) instruments
    // (an index); other filters are applied while walking and counted in one pass.
    const customerIds = passingValues(filters.customerId);
    const group = customerIds === undefined ? groupFor(all, 'storeId', passingValues(filters.storeIds)) : groupFor(all, 'customerId', customerIds);
    const grouped = customerIds === undefined ? ['storeIds'] : ['customerId'];
    const rest = (['customerId', 'storeIds', 'type', 'isActive', 'isDefault', 'date'] as const).some((name) => !grouped.includes(name) && passingValues(filters[name]) !== undefined);
    const matches = group.several || rest ? listable : undefined;
    const scope = { positions: group.positions, matches, from: direction === 'desc' ? ('newest' as const) : ('oldest' as const) };
    const total = matches === undefined ? group.total! : countWalk(all, scope);
    return pageStyleOf(pageOf(walk(all, scope), (page - 1) * pageSize, pageSize).map(show), total, page, pageSize);
  }
  const matching = [...all.values()].filter(listable);
  const sorted = sortRecords(matching, (instrument) => (instrument as unknown as Record<string, string | boolean | undefined>)[field], direction);
  const listed = pageStyle(sorted, page, pageSize);
  return { ...listed, items: listed.items.map(show) };
}

/** A customer's instruments, oldest first. */
export function instrumentsOf(ctx: SandboxContext, customerId: string): InstrumentRecord[] {
  const all = instruments.of(ctx);
  return positionsWhere(all, 'customerId', customerId).map((position) => recordAt(all, position)!);
}

/** The instrument a customer is charged on without naming one: its default, else its first active one. */
export function defaultInstrumentOf(ctx: SandboxContext, customerId: string): InstrumentRecord | undefined {
  const active = instrumentsOf(ctx, customerId).filter((instrument) => instrument.isActive);
  const found = active.find((instrument) => instrument.isDefault) ?? active[0];
  // Read through `get`: a caller may change it (the data file writes what was read by id).
  return found && instruments.of(ctx).get(found.id);
}

/** Payment instruments: the operations this module serves. */
export const instrumentOperations = {
  retrievePaymentInstrument: retrieveInstrument,
  listCustomerPaymentInstruments: listCustomerInstruments,
  listPaymentInstruments: listInstruments,
} satisfies ServedOperations;
