import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { customers } from './customers.js';
import { notFound } from '../errors/http-error.js';
import { payments, type PaymentRecord } from './payment-records.js';
import { pageOf, positionsWhere, walk } from '../state/ordered.js';
import { products, variants } from './products.js';
import { requireStore } from './stores.js';

/** An order. */
export interface OrderRecord {
  id: string;
  storeId: string;
  status: 'paid';
  amount: number;
  currency: string;
  customerId: string;
  paymentId: string;
  checkoutSessionId?: string;
  subscriptionId?: string;
  items: { variantId: string; quantity: number; amount: number }[];
  createdAt: string;
}

/** Orders by id. */
export const orders = byId<OrderRecord>()('orders');

/**
 * Records a paid order for a succeeded payment and fires `order/created`, then `order/paid`, each with the order as
 * `GET /orders/{orderId}` answers it ({@link orderView}).
 */
export function createOrder(
  ctx: SandboxContext,
  payment: PaymentRecord,
  items: OrderRecord['items'],
  links: { checkoutSessionId?: string; subscriptionId?: string },
): OrderRecord {
  const order: OrderRecord = {
    id: ctx.nextId('ord'),
    storeId: payment.storeId,
    status: 'paid',
    amount: payment.amount,
    currency: payment.currency,
    customerId: payment.customerId,
    paymentId: payment.id,
    ...links,
    items,
    createdAt: ctx.nowIso(payment.customerId),
  };
  orders.of(ctx).set(order.id, order);
  // The payment pays this order: the payments API then answers its `orderId`, as for a payment made for an order.
  if (payment.orderId === undefined) {
    payment.orderId = order.id;
    payments.of(ctx).set(payment.id, payment);
  }
  const view = orderView(ctx, order);
  ctx.webhooks.emit('order/created', order.storeId, view);
  ctx.webhooks.emit('order/paid', order.storeId, view);
  return order;
}

/** List orders (`GET /orders?storeId&page&per_page`), newest first → `{ data, total, page, per_page }`. */
export function listOrders(ctx: SandboxContext, input: OperationInput<'listOrders'>): { data: OrderRecord[]; total: number; page: number; per_page: number } {
  requireStore(ctx, input.storeId);
  // The store's orders by position (an index kept as orders are made), newest first: a page costs its size.
  const all = orders.of(ctx);
  const positions = positionsWhere(all, 'storeId', input.storeId);
  const data = pageOf(walk(all, { positions }), (input.page - 1) * input.per_page, input.per_page);
  return { data, total: positions.length, page: input.page, per_page: input.per_page };
}

/**
 * An order as the published `GET /orders/{orderId}` shows it, `{ id, status, createdAt, customer: { email, name },
 * items: [{ id, quantity, orderLineItemProduct: { name } }] }`, with the order's other fields (`storeId`, `amount`,
 * `currency`, `paymentId`, …): the answer of that GET and the `data` of the order events. A line's id is the order's
 * id and its position (`ord_000001_li_1`).
 */
export function orderView(ctx: SandboxContext, order: OrderRecord): Record<string, unknown> {
  const customer = customers.of(ctx).get(order.customerId);
  const name = [customer?.firstName, customer?.lastName].filter((part) => part !== undefined && part !== '').join(' ');
  return {
    ...order,
    customer: { id: order.customerId, email: customer?.email ?? null, name: name === '' ? null : name },
    items: order.items.map((item, index) => {
      const variant = variants.of(ctx).get(item.variantId);
      const product = variant ? products.of(ctx).get(variant.productId) : undefined;
      return {
        ...item,
        id: `${order.id}_li_${index + 1}`,
        orderLineItemProduct: { id: product?.id ?? null, name: product?.name ?? null, variantId: item.variantId, variantName: variant?.name ?? null },
      };
    }),
  };
}

/** `GET /orders/{orderId}` → as published, `{ order }` ({@link orderView}), or a 404. */
export function retrieveOrder(ctx: SandboxContext, id: string): { order: Record<string, unknown> } {
  const order = orders.of(ctx).get(id);
  if (!order) throw notFound('order', id);
  return { order: orderView(ctx, order) };
}

/** Orders: the operations this module serves. */
export const orderOperations = {
  listOrders,
  retrieveOrder,
} satisfies ServedOperations;
