import type { OperationInput } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { notFound } from './http-error.js';
import { requireStore } from './instruments.js';
import type { OrderRecord, PaymentRecord } from './state.js';

/** Records a paid order for a succeeded payment and fires `order/created`, then `order/paid`. */
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
    createdAt: ctx.nowIso(),
  };
  ctx.state.orders.set(order.id, order);
  ctx.webhooks.emit('order/created', order.storeId, order);
  ctx.webhooks.emit('order/paid', order.storeId, order);
  return order;
}

/** List orders (`GET /orders?storeId&page&per_page`), newest first → `{ data, total, page, per_page }`. */
export function listOrders(ctx: SandboxContext, input: OperationInput<'listOrders'>): { data: OrderRecord[]; total: number; page: number; per_page: number } {
  requireStore(ctx, input.storeId);
  const matching = [...ctx.state.orders.values()].filter((order) => order.storeId === input.storeId).reverse();
  const start = (input.page - 1) * input.per_page;
  return { data: matching.slice(start, start + input.per_page), total: matching.length, page: input.page, per_page: input.per_page };
}

/**
 * `GET /orders/{orderId}` → as published, `{ order: { id, status, createdAt, customer: { email, name }, items: [{
 * id, quantity, orderLineItemProduct: { name } }] } }`, with the order's other fields (`storeId`, `amount`,
 * `currency`, `paymentId`, …). A line's id is the order's id and its position (`ord_000001_li_1`).
 */
export function retrieveOrder(ctx: SandboxContext, id: string): { order: Record<string, unknown> } {
  const order = ctx.state.orders.get(id);
  if (!order) throw notFound('order', id);
  const customer = ctx.state.customers.get(order.customerId);
  const name = [customer?.firstName, customer?.lastName].filter((part) => part !== undefined && part !== '').join(' ');
  return {
    order: {
      ...order,
      customer: { id: order.customerId, email: customer?.email ?? null, name: name === '' ? null : name },
      items: order.items.map((item, index) => {
        const variant = ctx.state.variants.get(item.variantId);
        const product = variant ? ctx.state.products.get(variant.productId) : undefined;
        return {
          ...item,
          id: `${order.id}_li_${index + 1}`,
          orderLineItemProduct: { id: product?.id ?? null, name: product?.name ?? null, variantId: item.variantId, variantName: variant?.name ?? null },
        };
      }),
    },
  };
}
