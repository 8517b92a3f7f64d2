// Request bodies the tests send, in one place.

/** A customer-initiated USD purchase of `amount` (default 1000) on an instrument; `extra` adds or replaces fields. */
export const purchase = (storeId: string, paymentInstrumentId: string, extra: Record<string, unknown> = {}) => ({
  mode: 'purchase',
  amount: 1000,
  currency: 'USD',
  storeId,
  paymentInstrumentId,
  initiatedBy: 'customer',
  ...extra,
});

/** `POST /processors/create` for a USD processor of `type`. */
export const processorBody = (type: string, extra: Record<string, unknown> = {}) => ({
  processor: { name: `${type} processor`, type, enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: { testMode: true }, ...extra },
});

const config = (processorId: string) => ({ processorId, weight: 100, disabled: false, nonStickable: false });

/** Create payment flow over `primary` processors, with `fallback` ones (fallbackMode on when there are any). */
export const flowBody = (primary: string[], fallback: string[] = [], extra: Record<string, unknown> = {}) => ({
  data: {
    name: 'Flow',
    strategy: 'simple',
    fallbackMode: fallback.length > 0,
    maxFallbackRetries: 0,
    threeDsEnabled: false,
    stickyProcessorEnabled: false,
    pickProcessorStrategy: 'weighted',
    processorConfigs: primary.map(config),
    fallbackProcessorConfigs: fallback.map(config),
    abuseDetectionConfig: null,
    ...extra,
  },
});

/** Create store (USD), on a flow when one is given. */
export const storeBody = (selectedPaymentFlowId?: string) => ({
  name: 'Shop',
  baseCurrency: 'USD',
  presentmentCurrencies: ['USD'],
  chargeCurrencies: ['USD'],
  ...(selectedPaymentFlowId ? { selectedPaymentFlowId } : {}),
});
