import { createSandbox, sandboxRoutes, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { getPaymentAction, isKnownWebhookEvent, Tessera, type Order, type Payment, type Subscription, type WebhookEvent } from '../src/index.js';
import { checkoutInput, flowInput, newInstrument, productInput, storeInput, SUCCESS_CARD } from './fixtures.js';
import { useMockServer } from './recorder.js';

// Typed events and decline reasons, end to end through the client against the sandbox's msw handlers: a store on a
// `simulated` gateway without fallback, so each test card keeps its outcome.
const BASE_URL = 'http://127.0.0.1:4010';
const sandbox: Sandbox = createSandbox({ clock: 'frozen' });
const server = setupServer(...sandbox.handlers);
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL });
const vault = { baseUrl: BASE_URL, vaultKey: sandbox.vaultKey };

let storeId = '';
let priceId = '';
let variantId = '';

beforeAll(async () => {
  const processor = await tessera.processors.create({ name: 'Gateway', type: 'simulated', enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: {} });
  const flow = (await tessera.paymentFlows.create(flowInput(processor.id))).paymentFlow!;
  storeId = (await tessera.stores.create(storeInput(flow.id))).store!.id;
  const product = (await tessera.products.create(productInput(storeId))).product!;
  variantId = product.variants[0]!.id;
  priceId = product.variants[0]!.prices?.[0]?.id ?? '';
});

/** A purchase of `amount` on a new customer's `card`, as the client answers it. */
async function purchase(card: string, amount = 1500): Promise<Payment> {
  const { paymentInstrument } = await newInstrument(tessera, vault, storeId, card);
  return tessera.payments.purchase({ amount, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
}

describe('declined payments say why', () => {
  it.each([
    ['4000000000009995', 'an issuer decline', 'declined', 'insufficient_funds', 'Insufficient funds'],
    ['4000000000000002', 'a processor decline', 'declined', 'processor_declined', 'Declined by the processor'],
    ['4000000000000119', 'a processing failure', 'failed', 'processing_error', 'The processor could not process the payment'],
  ])('%s (%s): the answer, GET and the payment event carry the error action', async (card, _what, status, errorCode, message) => {
    const payment = await purchase(card);
    expect(payment).toMatchObject({ status, subStatus: status, requireAction: 'error', requireActionData: { type: 'error', errorCode, message } });
    expect(getPaymentAction(payment)).toEqual({ type: 'error', errorCode, message });
    expect(getPaymentAction(await tessera.payments.retrieve(payment.id))).toEqual({ type: 'error', errorCode, message });
    // Nothing in the reason names the card.
    expect(JSON.stringify(payment.requireActionData)).not.toMatch(/\d{12}/);
    // What was sent: one process of that purchase, no reason asked for.
    expect(await recorder.sent.find((sent) => sent.url.pathname.endsWith('/payments/process'))!.body()).toMatchObject({ mode: 'purchase', amount: 1500, storeId });

    const events = (await tessera.webhooks.listEvents({ storeId })).data.filter((event) => isKnownWebhookEvent(event) && event.type.startsWith('payment/') && (event.data as Payment).id === payment.id);
    expect(events.map((event) => event.type)).toEqual([`payment/${status}`]);
    const [event] = events;
    if (!event || !isKnownWebhookEvent(event)) throw new Error('no payment event');
    switch (event.type) {
      case 'payment/declined':
      case 'payment/failed':
        expect(getPaymentAction(event.data)).toEqual({ type: 'error', errorCode, message });
        break;
      default:
        throw new Error(`unexpected ${event.type}`);
    }
  });

  it('an approved payment carries no reason', async () => {
    const payment = await purchase(SUCCESS_CARD);
    expect(payment).toMatchObject({ status: 'succeeded', requireAction: 'none' });
    expect(getPaymentAction(payment)).toEqual({ type: 'none' });
  });

  it('the issuer decline is declined with its reason on an approve-everything sandbox processor too', async () => {
    const { paymentInstrument } = await newInstrument(tessera, vault, sandbox.defaults.storeId, '4000000000009995');
    const payment = await tessera.payments.purchase({ amount: 900, currency: 'USD', storeId: sandbox.defaults.storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
    expect(getPaymentAction(payment)).toMatchObject({ type: 'error', errorCode: 'insufficient_funds' });
  });
});

describe('every event the sandbox sends is a known event whose data is its resource', () => {
  it('payments, orders and subscriptions of a store: each event narrows on its type', async () => {
    // A declined and a failed payment (as the tests above make). Orders and a subscription: a checkout of a monthly price, a renewal a month later, and one that is declined.
    await purchase('4000000000009995');
    await purchase('4000000000000119');
    const { checkoutSession } = await tessera.checkoutSessions.create(checkoutInput(storeId, variantId));
    const { paymentInstrument } = await newInstrument(tessera, vault, storeId);
    const completed = await fetch(`${BASE_URL}${sandboxRoutes.completeCheckoutSession.replace('{id}', checkoutSession!.id!)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paymentInstrumentId: paymentInstrument.id }),
    });
    expect(completed.status).toBe(200);
    sandbox.clock.advance(32 * 24 * 3600 * 1000);
    const declining = await newInstrument(tessera, vault, storeId, '4000000000009995');
    const { subscription } = await tessera.subscriptions.create({ customerId: declining.customer.id, priceId, storeId, currency: 'USD', initiatePayment: true });
    expect(subscription).toMatchObject({ status: 'past_due' });
    // The other payment events: an authorization voided, another captured and refunded in part then in full.
    const auth = { amount: 2000, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' } as const;
    await tessera.payments.void({ paymentId: (await tessera.payments.authorize(auth)).id, storeId });
    const captured = await tessera.payments.capture({ paymentId: (await tessera.payments.authorize(auth)).id });
    await tessera.payments.refund({ paymentId: captured.id, storeId, amount: 500 });
    await tessera.payments.refund({ paymentId: captured.id, storeId });

    const events: WebhookEvent[] = (await tessera.webhooks.listEvents({ storeId })).data;
    expect(events.filter((event) => !isKnownWebhookEvent(event))).toEqual([]);
    const seen = new Set<string>();
    for (const event of events) {
      if (!isKnownWebhookEvent(event)) continue;
      seen.add(event.type);
      expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), storeId, createdAt: expect.any(String) });
      switch (event.type) {
        case 'order/created':
        case 'order/paid':
        case 'order/refunded':
        case 'order/failed':
          expectTypeOf(event.data).toEqualTypeOf<Order>();
          // As GET /orders/{orderId} publishes it: the customer and lines with their product.
          expect(event.data).toMatchObject({ status: 'paid', customer: { email: 'ada@example.com' }, items: [{ id: `${event.data.id}_li_1`, quantity: 1, orderLineItemProduct: { name: 'Coffee club' } }] });
          expect(event.data).toEqual(await tessera.orders.retrieve(event.data.id));
          break;
        case 'subscription/created':
        case 'subscription/renewed':
        case 'subscription/past_due':
        case 'subscription/canceled':
          expectTypeOf(event.data).toEqualTypeOf<Subscription>();
          // As POST /subscriptions/create publishes it.
          expect(Object.keys(event.data)).toEqual(expect.arrayContaining(['id', 'status', 'customerId', 'priceId', 'currentPeriodStart', 'currentPeriodEnd', 'nextBillingDate', 'cancelAtPeriodEnd']));
          expect(event.data.status).toBe(event.type === 'subscription/past_due' ? 'past_due' : 'active');
          break;
        default:
          expectTypeOf(event.data).toEqualTypeOf<Payment>();
          expect(event.type).toBe(`payment/${event.data.subStatus === 'voided' ? 'voided' : event.data.status}`);
      }
    }
    expect(seen).toEqual(
      new Set([
        'order/created', 'order/paid', 'payment/authorized', 'payment/declined', 'payment/failed', 'payment/partially_refunded', 'payment/refunded', 'payment/succeeded',
        'payment/voided', 'subscription/created', 'subscription/past_due', 'subscription/renewed',
      ]),
    );
  });
});
