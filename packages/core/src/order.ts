import * as z from 'zod/mini';
import { queryObject, resourceId, type RequestFields } from './common.js';
import { pageNumber, pageSize } from './payment.js';

/** Query of list orders (section 4.10, path assumed): `storeId`, `page`, `per_page`. */
export const listOrdersRequest = queryObject({ storeId: resourceId, page: pageNumber, per_page: pageSize });
/** Query of list orders. */
export type ListOrdersRequest = RequestFields<z.infer<typeof listOrdersRequest>>;

/** An order. The document does not list its fields; these are the ones the sandbox returns. */
export const order = z.looseObject({
  id: z.string(),
  storeId: z.optional(z.string()),
  status: z.optional(z.string()),
  amount: z.optional(z.number()),
  currency: z.optional(z.string()),
});
/** An order. */
export type Order = z.infer<typeof order>;

/** Result of list orders: `data` (given) plus optional paging facts. */
export const orderList = z.looseObject({ data: z.array(order), total: z.optional(z.number()) });
/** Result of list orders. */
export type OrderList = z.infer<typeof orderList>;
