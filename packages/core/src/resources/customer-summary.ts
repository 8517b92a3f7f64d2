import * as z from 'zod/mini';
import { published } from './common.js';

/**
 * A customer as the published answers of other resources show it (a payment's, an instrument's, a subscription's,
 * an event's `customer`): `id`, `email`, `firstName`, `lastName` (the list of payments leaves out `id`; the names are
 * `null` when unknown, as the sandbox answers them), each typed as published and never refused.
 */
export const customerSummary = z.looseObject({
  id: published(z.string()),
  email: published(z.nullable(z.string())),
  firstName: published(z.nullable(z.string())),
  lastName: published(z.nullable(z.string())),
});
/** A customer as other resources' answers show it. */
export type CustomerSummary = z.infer<typeof customerSummary>;
