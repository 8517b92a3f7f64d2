import { paymentInstrumentList, parseOrThrow, resourceId, routePath, routes, type PaymentInstrument } from '@tessera/core';
import { parseResponse, type HttpClient } from './http-client.js';
import { Page, PagePromise } from './page.js';
import type { RequestOptions } from './request-options.js';

/** Customers (section 4.3). */
export class Customers {
  readonly #http: HttpClient;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /** Lists a customer's payment instruments. The service returns them in one page. */
  listPaymentInstruments(customerId: string, options?: RequestOptions): PagePromise<PaymentInstrument> {
    return new PagePromise(
      (async () => {
        const route = routes.listCustomerPaymentInstruments;
        const path = routePath(route, { id: parseOrThrow(resourceId, customerId, 'customerId') });
        const list = parseResponse(paymentInstrumentList, await this.#http.send(route.method, path, options));
        return new Page(list.data, { page: 1, pageSize: list.data.length, total: list.data.length });
      })(),
    );
  }
}
