import type { PaymentInstrument } from '@tessera/core';
import { PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';
import { Resource } from './resource.js';

/** Customers (section 4.3). */
export class Customers extends Resource {
  /**
   * Lists a customer's payment instruments in one page. Any 2xx is returned: `data` holds the instruments
   * recognised (best effort), `raw` the body as sent.
   */
  listPaymentInstruments(customerId: string, options?: RequestOptions): PagePromise<PaymentInstrument> {
    return new PagePromise(this.call('listCustomerPaymentInstruments', { customerId }, options));
  }
}
