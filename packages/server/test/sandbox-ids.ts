import type { SandboxServer } from '@tessera/sandbox';
import type { Tessera } from '../src/index.js';
import { checkoutInput, found, newInstrument, processorInput, productInput, tokenizeCard } from './fixtures.js';
import type { Ids } from './operation-cases.js';

/**
 * One record of each kind a row of `operation-cases.ts` names, made in `server`'s default store through the client,
 * so that each row's call runs against the sandbox with ids it knows. A new kind of record is added here once.
 */
export async function sandboxIds(tessera: Tessera, server: SandboxServer): Promise<Ids> {
  const vault = { baseUrl: server.url, vaultKey: server.sandbox.vaultKey };
  const { storeId } = server.sandbox.defaults;
  const { paymentInstrument, customer } = await newInstrument(tessera, vault, storeId);
  const charge = { amount: 1999, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' } as const;
  const payment = await tessera.payments.purchase(charge);
  const authorized = await tessera.payments.authorize(charge);
  const processor = await tessera.processors.create(processorInput);
  const product = found('product', (await tessera.products.create(productInput(storeId))).product);
  const variant = found('variant', product.variants[0]);
  const price = found('price', variant.prices?.[0]);
  const subscribed = await tessera.subscriptions.create({ customerId: customer.id, priceId: price.id, storeId, currency: 'USD', initiatePayment: true });
  const subscription = found('subscription', subscribed.subscription);
  // The subscription's first payment made an order, and the payments made events.
  const order = found('order', (await tessera.orders.list({ storeId })).data[0]);
  const eventId = found('event', (await tessera.events.list({ filters: { storeIds: [storeId] } })).data[0]?.id);
  const checkoutSessionId = found('checkout session', (await tessera.checkoutSessions.create(checkoutInput(storeId, variant.id))).checkoutSession?.id);
  // A block rule no payment here matches, so that the list of rules has one.
  await tessera.blockRules.create({ name: 'Ids rule', email: 'blocked@example.invalid' });
  const promotion = await tessera.promotions.create({ storeId, name: 'Ids promotion' });
  // A code of its own (codes are unique per store): the published examples create `SUMMER20` and update to `WINTER30`.
  const promotionCode = await tessera.promotionCodes.create({ code: `IDS-${promotion.id}`, promotionId: promotion.id });
  // A funnel with the steps the published preview-session and tracking examples name.
  const funnel = found('funnel', (await tessera.funnels.create({ storeId, config: { name: 'Ids funnel', steps: [{ id: 'step_checkout' }, { id: 'step_thankyou' }] } })).funnel);
  return {
    serviceToken: (await tokenizeCard(vault)).serviceToken,
    storeId,
    customerId: customer.id,
    instrumentId: paymentInstrument.id,
    paymentId: payment.id,
    authorizedPaymentId: authorized.id,
    processorId: processor.id,
    productId: product.id,
    variantId: variant.id,
    priceId: price.id,
    orderId: order.id,
    eventId,
    subscriptionId: subscription.id,
    checkoutSessionId,
    webhookUrl: 'http://127.0.0.1:9/webhooks',
    promotionId: promotion.id,
    promotionCodeId: promotionCode.id,
    funnelId: funnel.id,
  };
}
