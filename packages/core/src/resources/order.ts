import * as z from 'zod/mini';
import { queryObject, resourceId, type RequestFields } from './common.js';
import { pageNumber, pageSize } from './payment.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/** Query of list orders (section 4.10, path assumed): `storeId`, `page`, `per_page`. */
export const listOrdersRequest = queryObject({ storeId: resourceId, page: pageNumber, per_page: pageSize });
/** Query of list orders. */
export type ListOrdersRequest = RequestFields<z.infer<typeof listOrdersRequest>>;

/**
 * A line of an order, as the published `GET /orders/{orderId}` shows it (`id`, `quantity`, `orderLineItemProduct {
 * name }`), with the sandbox's `variantId` and `amount`.
 */
export const orderLineItem = z.looseObject({
  id: z.optional(z.string()),
  quantity: z.optional(z.number()),
  amount: z.optional(z.number()),
  variantId: z.optional(z.string()),
  orderLineItemProduct: z.optional(z.nullable(z.looseObject({ name: z.optional(z.nullable(z.string())) }))),
});
/** A line of an order. */
export type OrderLineItem = z.infer<typeof orderLineItem>;

/**
 * An order, as the published `GET /orders/{orderId}` shows it (`id`, `status`, `createdAt`, `customer { email, name
 * }`, `items`) and the published events name it (`amount`, `currency`, `paymentId`), with the sandbox's `storeId` and
 * `customerId`; `POST /checkout/pay-v2` publishes `totalAmount`. Only `id` is relied on; every other field is
 * optional, and unknown fields pass through.
 */
export const orderSchema = z.looseObject({
  id: z.string(),
  storeId: z.optional(z.string()),
  status: z.optional(z.string()),
  amount: z.optional(z.number()),
  currency: z.optional(z.string()),
  totalAmount: z.optional(z.number()),
  paymentId: z.optional(z.nullable(z.string())),
  customerId: z.optional(z.nullable(z.string())),
  customer: z.optional(
    z.nullable(z.looseObject({ id: z.optional(z.nullable(z.string())), email: z.optional(z.nullable(z.string())), name: z.optional(z.nullable(z.string())) })),
  ),
  items: z.optional(z.array(orderLineItem)),
  createdAt: z.optional(z.string()),
});
/** An order. */
export type Order = z.infer<typeof orderSchema>;

/**
 * Result of list orders: `data` (given) plus optional paging facts.
 * @internal
 */
export const orderList = z.looseObject({ data: z.array(orderSchema), total: z.optional(z.number()) });
/**
 * Result of list orders.
 * @internal
 */
export type OrderList = z.infer<typeof orderList>;

/**
 * The catalog entries of orders, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const orderOperations = () => catalogEntries({
  listOrders: op('GET /orders', { assumed: true, request: listOrdersRequest, response: orderSchema, unwrap: ['orders'], answer: 'list' }),
  retrieveOrder: op('GET /orders/{id}', { response: orderSchema, unwrap: ['order'], answer: 'required' }),
});
