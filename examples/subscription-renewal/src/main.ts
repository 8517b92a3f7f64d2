import { Tessera } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { renewDue, type Subscription } from './renewal.js';

// Against a sandbox started with `npx -p @tessera/sandbox tessera-sandbox`. With a real account, the instruments come
// from your database (saved at the customer's first, customer-initiated payment) and the store is your own.
// `environment: 'local'` is http://localhost:4010; TESSERA_BASE_URL, when set, overrides it.
const apiKey = process.env.TESSERA_API_KEY ?? 'sk_test_tessera_sandbox';
const tessera = new Tessera({ apiKey, environment: 'local' });
// The key first: a wrong one fails here with TesseraAuthenticationError.
const { user } = await tessera.auth.test();
console.log(`key valid for account ${user.account?.name ?? user.account?.id ?? user.orgId ?? user.id}`);

// A gateway with the sandbox's test cards and no fallback, so a declined card stays declined.
const processor = await tessera.processors.create({ name: 'Gateway', type: 'simulated', enabled: true, supportedCurrencies: ['USD'], baseCurrency: 'USD', options: {} });
const { paymentFlow: flow } = await tessera.paymentFlows.create({
  name: 'Renewals', strategy: 'simple', fallbackMode: false, maxFallbackRetries: 0, threeDsEnabled: false, stickyProcessorEnabled: false,
  pickProcessorStrategy: 'weighted', processorConfigs: [{ processorId: processor.id, weight: 100, disabled: false, nonStickable: false }],
  fallbackProcessorConfigs: [], abuseDetectionConfig: null,
});
if (flow === undefined) throw new Error('The service did not return the payment flow');
const { store } = await tessera.stores.create({ name: 'Subscriptions', baseCurrency: 'USD', presentmentCurrencies: ['USD'], chargeCurrencies: ['USD'], selectedPaymentFlowId: flow.id });
if (store === undefined) throw new Error('The service did not return the store');
const storeId = store.id;

const tokenizer = createTokenizer({ environment: 'local', vaultUrl: tessera.baseUrl });
async function saveCard(cardNumber: string): Promise<string> {
  const serviceToken = await tokenizer.tokenizeCard({ cardNumber, expiryDate: '12/30', cvc: '123' });
  const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId, customerData: { email: `${cardNumber.slice(-4)}@example.com` } });
  return paymentInstrument.id;
}

const due: Subscription[] = [
  { id: 'sub_good', paymentInstrumentId: await saveCard('4242424242424242'), amount: 999, currency: 'USD', period: '2026-12', attempts: 0 },
  { id: 'sub_declined', paymentInstrumentId: await saveCard('4000000000000002'), amount: 999, currency: 'USD', period: '2026-12', attempts: 0 },
];
for (const [id, outcome] of await renewDue(tessera, store.id, due)) {
  console.log(`${id.padEnd(14)} ${outcome.kind}${'reason' in outcome ? ` (${outcome.reason})` : ''}${outcome.kind === 'retry_later' ? `, retry in ${outcome.retryInDays} day(s)` : ''}`);
}
