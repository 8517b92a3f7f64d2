import {
  encodeServiceToken,
  type CreateCheckoutSessionRequest,
  type CreateProductRequest,
  type CreateStoreRequest,
  type PaymentFlow,
  type PaymentFlowInput,
  type Processor,
  type ProcessorInput,
  type Product,
  type Store,
} from '@tessera/core';
import { vaultCardsPath, vaultKeyHeader } from '@tessera/core/internal';
import type { Tessera } from '../src/index.js';

/** Base URL used by the unit tests' msw handlers. */
export const BASE_URL = 'https://api.tessera.test';
/** Prefix of every API URL in the unit tests. */
export const API = `${BASE_URL}/api/public/v1`;
/** A fake secret key; tests check it never leaks. */
export const API_KEY = 'sk_test_secret_DO_NOT_LEAK_0123456789';

/** A payment as the service would return it, with a field the SDK does not know. */
export const succeededPayment = {
  id: 'pay_1',
  amount: 1999,
  currency: 'USD',
  status: 'succeeded',
  requireAction: 'none',
  storeId: 'store_1',
  futureField: { nested: true },
};

/** A valid purchase request (customer-initiated). */
export const purchase = {
  mode: 'purchase',
  amount: 1999,
  currency: 'USD',
  storeId: 'store_1',
  paymentInstrumentId: 'pi_1',
  initiatedBy: 'customer',
} as const;

/** The sandbox's error body. */
export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { error: { code, message, requestId: 'req_body', ...extra } };
}

/** A sandbox processor: approves every payment without moving money. */
export const processorInput = {
  name: 'Sandbox processor', type: 'sandbox', enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: { testMode: true },
} satisfies ProcessorInput;

/** A flow that routes every payment to `processorId`, without fallback or 3DS. */
export function flowInput(processorId: string): PaymentFlowInput {
  return {
    name: 'Sandbox flow', strategy: 'simple', pickProcessorStrategy: 'weighted', abuseDetectionConfig: null,
    fallbackMode: false, maxFallbackRetries: 0, threeDsEnabled: false, stickyProcessorEnabled: false,
    processorConfigs: [{ processorId, weight: 100, disabled: false, nonStickable: false }], fallbackProcessorConfigs: [],
  };
}

/** A USD store, whose payments go through `selectedPaymentFlowId` when given. */
export function storeInput(selectedPaymentFlowId?: string): CreateStoreRequest {
  const store = { name: 'Sandbox store', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'] };
  return selectedPaymentFlowId === undefined ? store : { ...store, selectedPaymentFlowId };
}

/** A product of `storeId` with one monthly variant at 12.00 USD. */
export function productInput(storeId: string): CreateProductRequest {
  const price = { currencyOptions: { USD: { amount: 1200 } }, recurring: true, interval: 'month', intervalCount: 1, billingTiming: 'in_advance', default: true } as const;
  const variant = { name: 'Monthly bag', sku: 'COFFEE-M', grams: 250, price: 1200, compareAtPrice: 1500, active: true, default: true, prices: [price] };
  return { storeId, name: 'Coffee club', active: true, variants: [variant] };
}

/** {@link productInput} as the client sends it: each currency option also names its `currency` (the published shape). */
export function productWire(storeId: string): unknown {
  const product = productInput(storeId);
  return {
    ...product,
    variants: product.variants.map((variant) => ({
      ...variant,
      prices: variant.prices.map((price) => ({ ...price, currencyOptions: { USD: { amount: 1200, currency: 'USD' } } })),
    })),
  };
}

/** A checkout session for `quantity` of `variantId` in `storeId`. */
export function checkoutInput(storeId: string, variantId: string, quantity = 1): CreateCheckoutSessionRequest {
  return { storeId, items: [{ variantId, quantity }], currency: 'USD', checkoutUrl: 'https://shop.example/checkout' };
}

/** What {@link setUpShop} created. */
export interface Shop {
  processor: Processor;
  flow: PaymentFlow;
  store: Store;
  product: Product;
}

/** Creates a processor, a flow to it, a store on that flow and a product of the store, through the client. */
export async function setUpShop(tessera: Tessera): Promise<Shop> {
  const processor = await tessera.processors.create(processorInput);
  const flow = found('payment flow', (await tessera.paymentFlows.create(flowInput(processor.id))).paymentFlow);
  const store = found('store', (await tessera.stores.create(storeInput(flow.id))).store);
  const product = found('product', (await tessera.products.create(productInput(store.id))).product);
  return { processor, flow, store, product };
}

/** `value`, which the sandbox's answer must hold: a recognised resource, or the first item of a list. */
export function found<T>(what: string, value: T | undefined): T {
  if (value === undefined) throw new Error(`the sandbox answered no ${what}`);
  return value;
}

/** A card the sandbox approves. */
export const SUCCESS_CARD = '4242424242424242';
/** A card the sandbox sends through a 3DS challenge. */
export const THREEDS_CARD = '4000000000003220';

/** Where the sandbox's card vault (its Basis Theory emulation) is, and its public key. */
export interface SandboxVault {
  baseUrl: string;
  vaultKey: string;
}

/** Tokenizes a card in the sandbox's vault as the browser would (public key in BT-API-KEY, no API key). */
export async function tokenizeCard({ baseUrl, vaultKey }: SandboxVault, cardNumber = SUCCESS_CARD): Promise<{ serviceToken: string; tokenId: string }> {
  const response = await fetch(`${baseUrl}${vaultCardsPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [vaultKeyHeader]: vaultKey },
    body: JSON.stringify({ type: 'card', data: { number: cardNumber, expiration_month: 12, expiration_year: 2034, cvc: '123' } }),
  });
  const token = (await response.json()) as { id: string; card: { last4: string; brand: string; authentication?: string } };
  const authentication = token.card.authentication === 'sca_required' ? 'sca_required' : 'optional';
  const nonSensitiveMetadata = { last4: token.card.last4, brand: token.card.brand, authentication } as const;
  return { serviceToken: encodeServiceToken({ type: 'card', token: token.id, provider: 'basistheory', nonSensitiveMetadata }), tokenId: token.id };
}

/** A new customer's instrument in `storeId`, from a card tokenized in the sandbox's vault, through the client. */
export async function newInstrument(tessera: Tessera, vault: SandboxVault, storeId: string, cardNumber = SUCCESS_CARD) {
  const { serviceToken, tokenId } = await tokenizeCard(vault, cardNumber);
  const created = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId, customerData: { email: 'ada@example.com', firstName: 'Ada' } });
  return { ...created, tokenId };
}
