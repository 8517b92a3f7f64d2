import type { CreateStoreRequest, Store } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/** The answer of `stores.create` (section 4.10): the store when recognised (best effort), and `raw`. */
export type StoreOutcome = Recognised<'store', Store>;

/** Stores (section 2.10). */
export class Stores extends Resource<'createStore'> {
  /** Creates a store; `selectedPaymentFlowId` routes its payments through a flow. Any 2xx is returned: see {@link StoreOutcome}. */
  async create(params: CreateStoreRequest, options?: RequestOptions): Promise<StoreOutcome> {
    return this.call('createStore', params, options);
  }
}
