import { sandboxRoutes } from '@tessera/sandbox';
import type { Tessera } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';

/** The resource a setup call returned; the SDK returns every 2xx, so say so when the answer held none. */
function recognised<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The service created the ${what} but its answer did not contain it`);
  return value;
}

/** Where the sandbox is and how to reach its `/sandbox/*` helpers. */
export interface SetupOptions {
  tessera: Tessera;
  /** The sandbox origin, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Secret key, for the `/sandbox/*` helpers (they are not part of the service's API). */
  apiKey: string;
  log?: (line: string) => void;
}

/** Every id the walk created, in order. */
export interface SetupResult {
  processorId: string;
  paymentFlowId: string;
  storeId: string;
  productId: string;
  variantId: string;
  checkoutSessionId: string;
  redirectUrl: string;
  paymentInstrumentId: string;
  orderIds: string[];
  paymentIds: string[];
  webhookTypes: string[];
  archivedProcessorIds: string[];
}

/**
 * Checks the API key (`POST /auth/test`), then walks section 4.10 of the interface document against a sandbox: a
 * `sandbox` processor, a flow using it, a store on that flow, a product with a monthly recurring price, a checkout
 * session, its completion (the sandbox's stand-in for a customer paying on the hosted page), then the orders,
 * payments and webhooks lists.
 */
export async function runSandboxSetup({ tessera, baseUrl, apiKey, log = console.log }: SetupOptions): Promise<SetupResult> {
  // The key first: a wrong one fails here with TesseraAuthenticationError.
  const { user } = await tessera.auth.test();
  log(`key valid for account ${user.account?.name ?? user.account?.id ?? user.orgId ?? user.id}`);

  const processor = await tessera.processors.create({
    name: 'Sandbox processor',
    type: 'sandbox',
    enabled: true,
    supportedCurrencies: ['USD'],
    baseCurrency: 'USD',
    options: { testMode: true },
  });
  log(`processor      ${processor.id}`);

  const flow = recognised((await tessera.paymentFlows.create({
    name: 'Sandbox flow',
    strategy: 'simple',
    fallbackMode: false,
    maxFallbackRetries: 0,
    threeDsEnabled: false,
    stickyProcessorEnabled: false,
    pickProcessorStrategy: 'weighted',
    processorConfigs: [{ processorId: processor.id, weight: 100, disabled: false, nonStickable: false }],
    fallbackProcessorConfigs: [],
    abuseDetectionConfig: null,
  })).paymentFlow, 'payment flow');
  log(`payment flow   ${flow.id}`);

  const store = recognised((await tessera.stores.create({
    name: 'Sandbox store',
    baseCurrency: 'USD',
    presentmentCurrencies: ['USD'],
    chargeCurrencies: ['USD'],
    selectedPaymentFlowId: flow.id,
  })).store, 'store');
  log(`store          ${store.id}`);

  const product = recognised((await tessera.products.create({
    storeId: store.id,
    name: 'Pro plan',
    active: true,
    variants: [
      {
        name: 'Monthly',
        sku: 'PRO-MONTHLY',
        grams: 0,
        price: 999,
        compareAtPrice: 1299,
        active: true,
        default: true,
        prices: [{ currencyOptions: { USD: { amount: 999 } }, recurring: true, interval: 'month', intervalCount: 1, billingTiming: 'in_advance', default: true }],
      },
    ],
  })).product, 'product');
  const variantId = product.variants[0]!.id;
  log(`product        ${product.id} (variant ${variantId})`);

  const session = recognised((await tessera.checkoutSessions.create({
    storeId: store.id,
    items: [{ variantId, quantity: 1 }],
    currency: 'USD',
    checkoutUrl: 'https://shop.example/checkout',
  })).checkoutSession, 'checkout session');
  const checkoutSessionId = session.id ?? '';
  log(`checkout       ${checkoutSessionId} → ${session.redirectUrl}`);

  // The customer pays on the checkout page: a card tokenized in the sandbox vault, saved as an instrument.
  const tokenizer = createTokenizer({ environment: 'local', vaultUrl: baseUrl });
  const serviceToken = await tokenizer.tokenizeCard({ cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvc: '123' });
  const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId: store.id, customerData: { email: 'ada@example.com' } });
  log(`instrument     ${paymentInstrument.id}`);
  const completed = await fetch(`${baseUrl}${sandboxRoutes.completeCheckoutSession.replace('{id}', encodeURIComponent(checkoutSessionId))}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paymentInstrumentId: paymentInstrument.id }),
  });
  if (!completed.ok) throw new Error(`completing the checkout session failed with HTTP ${completed.status}`);
  log(`checkout       ${checkoutSessionId} completed`);

  const orders = await tessera.orders.list({ storeId: store.id, page: 1, per_page: 20 });
  const payments = await tessera.payments.list({ filters: { storeIds: [store.id] } });
  const webhooks = await tessera.webhooks.listEvents({ storeId: store.id });
  log(`orders         ${orders.data.map((o) => o.id).join(', ')}`);
  log(`payments       ${payments.data.map((p) => `${p.id} ${p.status}`).join(', ')}`);
  log(`webhooks       ${webhooks.data.map((w) => w.type).join(', ')}`);

  const archived = await tessera.processors.archive([processor.id]);
  log(`archived       ${archived.archived?.join(', ') ?? JSON.stringify(archived.raw)}`);

  return {
    processorId: processor.id,
    paymentFlowId: flow.id,
    storeId: store.id,
    productId: product.id,
    variantId,
    checkoutSessionId,
    redirectUrl: session.redirectUrl,
    paymentInstrumentId: paymentInstrument.id,
    orderIds: orders.data.map((o) => o.id),
    paymentIds: payments.data.map((p) => p.id),
    webhookTypes: webhooks.data.map((w) => w.type),
    archivedProcessorIds: archived.archived ?? [],
  };
}
