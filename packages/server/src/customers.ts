import { paymentInstrument, parseOrThrow, resourceId, routePath, routes, type PaymentInstrument } from '@tessera/core';
import type { HttpClient } from './http-client.js';
import { Page, PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';
import { recogniseList } from './response-body.js';

/** Customers (section 4.3). */
export class Customers {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Lists a customer's payment instruments in one page. Any 2xx is returned: `data` holds the instruments
   * recognised (best effort), `raw` the body as sent.
   */
  listPaymentInstruments(customerId: string, options?: RequestOptions): PagePromise<PaymentInstrument> {
    return new PagePromise(
      (async () => {
        const route = routes.listCustomerPaymentInstruments;
        const path = routePath(route, { id: parseOrThrow(resourceId, customerId, 'customerId') });
        const result = await this.#http.send(route.method, path, options);
        const list = recogniseList(paymentInstrument, result.data, ['paymentInstruments', 'items']);
        return new Page(list.items, { page: 1, pageSize: list.items.length, total: list.items.length, raw: result.data });
      })(),
    );
  }
}
