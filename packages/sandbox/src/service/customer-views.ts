import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext, ServedOperations } from './context.js';
import { customerFields, type CustomerRecord, customers, requireCustomer } from './customers.js';
import { defaultInstrumentOf, instrumentsOf } from './instruments.js';
import { pageStyle, pageStyleOf, pageStyleRequest, passes, passesDate, passingValues, sortRecords } from './lists.js';
import { groupFor, pageOf, positionsWhere, recordAt, risesWithCreation, walk } from '../state/ordered.js';
import { orders } from './orders.js';
import { stores } from './stores.js';

// The published customer answers join a customer with its store, instruments and last order: they read those
// collections, which is why they are not in customers.ts (instruments and orders read customers).

/**
 * `GET /customers/{customerId}` → as published, `{ id, email, firstName, lastName, storeId, createdAt, store: { id,
 * name }, paymentInstruments: [{ id, type, isActive, isDefault, card }], device: { browser, os } }`. The sandbox
 * sees no device: its `browser` and `os` are `null`.
 */
export function retrieveCustomer(ctx: SandboxContext, id: string): Record<string, unknown> {
  const customer = requireCustomer(ctx, id);
  const store = stores.of(ctx).get(customer.storeId);
  return {
    ...customerFields(customer),
    email: customer.email ?? null,
    storeId: customer.storeId,
    createdAt: customer.createdAt,
    store: { id: customer.storeId, name: store?.name ?? null },
    paymentInstruments: instrumentsOf(ctx, id).map(({ id: instrumentId, type, isActive, isDefault, card }) => ({ id: instrumentId, type, isActive, isDefault, card })),
    device: { browser: null, os: null },
  };
}

/** A customer as the published `POST /customers/list` lists it. */
function listedCustomer(ctx: SandboxContext, customer: CustomerRecord): Record<string, unknown> {
  const customerOrders = positionsWhere(orders.of(ctx), 'customerId', customer.id);
  const lastOrder = customerOrders.length === 0 ? undefined : recordAt(orders.of(ctx), customerOrders.at(-1)!);
  return {
    id: customer.id,
    storeId: customer.storeId,
    storeName: stores.of(ctx).get(customer.storeId)?.name ?? null,
    email: customer.email ?? null,
    firstName: customer.firstName ?? null,
    lastName: customer.lastName ?? null,
    createdAt: customer.createdAt,
    lastOrderId: lastOrder?.id ?? null,
    paymentInstrumentCardLast4: defaultInstrumentOf(ctx, customer.id)?.card.last4 ?? null,
    tags: [],
  };
}

/**
 * `POST /customers/list` → `{ items, total, page, pageSize, totalPages }` (published), newest first unless `sortBy`
 * says otherwise (`field`: any listed field, e.g. `createdAt`, `email`). Filters (not published; the vendor's guide
 * names them, core's catalog types them): `storeIds`, `email`, `firstName`, `lastName`, `paymentInstrumentCardLast4`,
 * `tags` (any of them; the sandbox's customers have none), and `date` (on `createdAt`).
 */
export function listCustomers(ctx: SandboxContext, input: OperationInput<'listCustomers'>) {
  const { filters, field, direction, page, pageSize } = pageStyleRequest(input);
  const all = customers.of(ctx);
  const onlyByStore = viewFilters.every((name) => passingValues(filters[name]) === undefined) && filters.date === undefined && filters.tags === undefined;
  if (field === 'createdAt' && onlyByStore && risesWithCreation(all, 'createdAt')) {
    // Sorted on creation, filtered on the store only: the creation order read from either end, a page costs its size.
    const store = groupFor(all, 'storeId', passingValues(filters.storeIds));
    const storeIds = passingValues(filters.storeIds);
    const matches = store.several ? (customer: CustomerRecord) => storeIds!.includes(customer.storeId) : undefined;
    const onPage = pageOf(walk(all, { positions: store.positions, matches, from: direction === 'desc' ? 'newest' : 'oldest' }), (page - 1) * pageSize, pageSize);
    return pageStyleOf(
      onPage.map((customer) => listedCustomer(ctx, customer)),
      store.total!,
      page,
      pageSize,
    );
  }
  const listed = [...all.values()]
    .map((customer) => listedCustomer(ctx, customer))
    .filter(
      (customer) =>
        passes(filters.storeIds, customer.storeId) &&
        viewFilters.every((name) => passes(filters[name], customer[name])) &&
        passesDate(filters.date, customer.createdAt as string) &&
        (filters.tags === undefined || (filters.tags as string[]).some((tag) => (customer.tags as string[]).includes(tag))),
    );
  const sorted = sortRecords(listed, (customer) => customer[field] as string | null | undefined, direction);
  return pageStyle(sorted, page, pageSize);
}

/** The customer list's filters on what its items show (not on the store). */
const viewFilters = ['email', 'firstName', 'lastName', 'paymentInstrumentCardLast4'] as const;

/** Customers: the operations this module serves. */
export const customerOperations = {
  retrieveCustomer,
  listCustomers,
} satisfies ServedOperations;
