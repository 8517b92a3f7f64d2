import * as z from 'zod/mini';
import { currencyCode, resourceId, type RequestFields } from './common.js';
import { catalogEntries, op, recognisedAs } from '../plumbing/operation.js';

/** Body of create store (section 2.10; path assumed). */
export const createStoreRequest = z.looseObject({
  name: z.string(),
  baseCurrency: currencyCode,
  presentmentCurrencies: z.array(currencyCode),
  chargeCurrencies: z.array(currencyCode),
  selectedPaymentFlowId: z.optional(resourceId),
});
/** Body of create store. */
export type CreateStoreRequest = RequestFields<z.infer<typeof createStoreRequest>>;

/** A store with its id, as returned by create. */
export const storeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  baseCurrency: z.string(),
  selectedPaymentFlowId: z.optional(z.nullable(z.string())),
});
/** A store with its id. */
export type Store = z.infer<typeof storeSchema>;

/**
 * The catalog entries of stores, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const storeOperations = () => catalogEntries({
  createStore: op('POST /stores/create', { assumed: true, request: createStoreRequest, ...recognisedAs('store', storeSchema) }),
});
