import type { CustomerDetails, ListCustomersRequest, ListedCustomer, PaymentInstrument } from '@tessera/core';
import { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Parameters of {@link Customers.list}: the published body of `POST /customers/list`. */
export type ListCustomersParams = ListCustomersRequest;

const DEFAULT_PAGE_SIZE = 20;

/** Customers (section 4.3, and the published retrieve and list). */
export class Customers extends Resource<'listCustomerPaymentInstruments' | 'retrieveCustomer' | 'listCustomers'> {
  /**
   * Lists a customer's payment instruments in one page. Any 2xx is returned: `data` holds the instruments
   * recognised (best effort), `raw` the body as sent.
   */
  listPaymentInstruments(customerId: string, options?: RequestOptions): PagePromise<PaymentInstrument> {
    return new PagePromise(this.call('listCustomerPaymentInstruments', { customerId }, options));
  }

  /**
   * Fetches a customer (`GET /customers/{customerId}`): its fields with its `store`, `paymentInstruments` and
   * `device`, as published. Guaranteed: `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async retrieve(id: string, options?: RequestOptions): Promise<CustomerDetails> {
    return this.call('retrieveCustomer', { id }, options);
  }

  /**
   * Lists customers (`POST /customers/list`; `page` from 1, `pageSize` default 20, `sortBy`, `filters`). Await for
   * one page, or `for await` for every customer of every page (the published `totalPages` says when to stop).
   */
  list(params: ListCustomersParams = {}, options?: RequestOptions): PagePromise<ListedCustomer> {
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listCustomers', params.page ?? 1, pageSize, (page) => ({ ...params, page, pageSize }), options);
  }
}
