import type { OperationInput } from '@tessera/core';
import type { SandboxContext } from './context.js';
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
