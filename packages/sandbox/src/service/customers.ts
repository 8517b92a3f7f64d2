import type * as z from 'zod/mini';
import type { RequestFields } from '@tessera/core';
import type { customerData } from '@tessera/core/schemas';
import { byId } from '../state/collection.js';
import type { SandboxContext } from './context.js';
import { notFound } from '../errors/http-error.js';

/** A customer: core's customer data with its id and store. */
export type CustomerRecord = RequestFields<z.output<typeof customerData>> & {
  id: string;
  storeId: string;
  createdAt: string;
  /** The test clock it was created under (`Tessera-Test-Clock`): it and everything made for it are dated by that clock. */
  testClockId?: string;
};

/** Customers by id. */
export const customers = byId<CustomerRecord>()('customers');

/** The customer, or a 404. */
export function requireCustomer(ctx: SandboxContext, id: string): CustomerRecord {
  const customer = customers.of(ctx).get(id);
  if (!customer) throw notFound('customer', id);
  return customer;
}

/**
 * The customer's published fields, `id, email, firstName, lastName`: the names `null` when the customer has none
 * (the published answer always has the keys), `email` only when it has one (core's customer types it as a string).
 */
export function customerFields(customer: CustomerRecord): Record<string, unknown> {
  return {
    id: customer.id,
    ...(customer.email !== undefined ? { email: customer.email } : {}),
    firstName: customer.firstName ?? null,
    lastName: customer.lastName ?? null,
  };
}
