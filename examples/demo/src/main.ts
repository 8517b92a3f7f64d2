import { decodeServiceToken, formatAmount } from '@tessera/core';
import { startMerchantServer, type ReceivedWebhook } from '@tessera-examples/merchant-server';
import { renewSubscription } from '@tessera-examples/subscription-renewal';
import { startSandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { BASIS_THEORY_THREEDS_PROVIDER, createTokenizer, waitForFinalStatus } from '@tessera/tokenizer';
import { fileURLToPath } from 'node:url';
import { dim, expect, Transcript } from './transcript.js';

// The whole journey of the interface document against the embedded sandbox: a sandbox server and the example
// merchant server on free local ports; the "browser" side (tokenizer) runs here in Node. Exits 0 only if every
// step behaved as the document says. `--open` then keeps both servers up and serves the checkout page.
const open = process.argv.includes('--open');
const started = performance.now();

const sandboxServer = await startSandboxServer({ port: 0 });
const { sandbox } = sandboxServer;
const storeId = sandbox.defaults.gateway.storeId;
const webhooks: ReceivedWebhook[] = [];
const staticDir = fileURLToPath(new URL('../../checkout-web/dist', import.meta.url));
// The merchant server's back-office routes (the step-by-step payment, capture, void, refund) are staff-only: this
// run's own bearer token, never printed.
const staffToken = `${crypto.randomUUID()}${crypto.randomUUID()}`;
const merchant = await startMerchantServer(
  {
    apiKey: sandbox.apiKey,
    staffToken,
    baseUrl: sandboxServer.url,
    storeId,
    port: 0,
    publicConfig: { environment: 'local', vaultUrl: sandboxServer.url, vaultKey: sandbox.vaultKey, storeId },
    ...(open ? { staticDir } : {}),
  },
  { onWebhook: (webhook) => webhooks.push(webhook) },
);
// The merchant server registered `<its url>/webhooks` with the sandbox at start-up (POST /webhooks) and verifies
// each signed delivery with the secret it got back.

console.log(`Tessera demo\n${dim(`sandbox  ${sandboxServer.url}  (API key ${sandbox.apiKey.slice(0, 8)}…, store ${storeId})`)}\n${dim(`merchant ${merchant.url}`)}`);

// What the checkout page does: tokenize in the "browser", then call its own server (never the service).
const tokenizer = createTokenizer({ environment: 'local', vaultUrl: sandboxServer.url });
async function page<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`${merchant.url}${path}`, {
    method,
    ...(signal ? { signal } : {}),
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), authorization: `Bearer ${staffToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as T & { error?: { code: string } };
  if (!response.ok) throw new Error(`${method} ${path} → HTTP ${response.status} ${json.error?.code ?? ''}`);
  return json;
}
interface PaymentView { id: string; status: string; amount: number; currency: string; challenge: { sessionId: string; acsChallengeUrl: string; acsTransactionId: string; threeDSVersion: string } | null }
interface InstrumentView { paymentInstrument: { id: string; card?: { last4: string; brand: string } }; customer: { id: string } }
const usd = (amount: number): string => formatAmount(amount, 'USD', 'en-US');
const saveCard = async (cardNumber: string) => {
  const serviceToken = await tokenizer.tokenizeCard({ cardNumber, expiryDate: '12/30', cvc: '123', cardholderName: 'Ada Lovelace' });
  const instrument = await page<InstrumentView>('POST', '/api/instruments', { serviceToken, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  return { serviceToken, instrument };
};

const transcript = new Transcript(11);
let firstCard: InstrumentView | undefined;
let firstPurchase: PaymentView | undefined;

await transcript.step('Tokenize a card in the sandbox vault', async (log) => {
  const serviceToken = await tokenizer.tokenizeCard({ cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvc: '123' });
  const envelope = decodeServiceToken(serviceToken);
  log(`service token ${serviceToken.slice(0, 32)}… (${serviceToken.length} chars)`);
  expect('envelope holds no card number', serviceToken.includes('4242424242424242') || JSON.stringify(envelope).includes('4242424242424242'), false);
  return `${envelope.type} ${envelope.nonSensitiveMetadata?.brand ?? ''} •••• ${envelope.nonSensitiveMetadata?.last4 ?? ''} via ${envelope.provider}`;
});

await transcript.step('Create the instrument and the customer', async () => {
  firstCard = (await saveCard('4242424242424242')).instrument;
  return `instrument ${firstCard.paymentInstrument.id}, customer ${firstCard.customer.id}`;
});

await transcript.step('Purchase that succeeds at once', async () => {
  firstPurchase = await page<PaymentView>('POST', '/api/payments', { paymentInstrumentId: firstCard!.paymentInstrument.id, amount: 4999, currency: 'USD' });
  expect('status', firstPurchase.status, 'succeeded');
  return `${firstPurchase.id} ${usd(firstPurchase.amount)} succeeded, no action required`;
});

await transcript.step('Purchase that needs 3DS, challenge approved in the sandbox ACS', async (log) => {
  const { serviceToken, instrument } = await saveCard('4000 0000 0000 3220');
  const token = decodeServiceToken(serviceToken);
  const meta = token.nonSensitiveMetadata ?? {};
  log(`vault says authentication: ${meta.authentication ?? 'unknown'}`);
  // What web-threeds (the page's 3DS library, through createThreeDS) sends to Basis Theory — here the sandbox's BT
  // emulation — with the public key: a 3DS session for the card token. A browser runs the library itself.
  const btSession = (await (
    await fetch(`${sandboxServer.url}/3ds/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'bt-api-key': sandbox.vaultKey },
      body: JSON.stringify({ token_id: token.token, device: 'browser', device_info: { browser_language: 'en-US', browser_javascript_enabled: true }, web_challenge_mode: 'iframe' }),
    })
  ).json()) as { id: string; card_brand?: string };
  const body = { provider: BASIS_THEORY_THREEDS_PROVIDER, paymentInstrumentId: instrument.paymentInstrument.id, sessionData: { id: btSession.id, cardBrand: btSession.card_brand } };
  const session = await page<{ id: string }>('POST', '/api/threeds-sessions', body);
  log(`Basis Theory 3DS session ${btSession.id}, persisted as ${session.id} (provider ${body.provider})`);
  const payment = await page<PaymentView>('POST', '/api/payments', { paymentInstrumentId: instrument.paymentInstrument.id, amount: 1999, currency: 'USD', threedsSessionId: session.id });
  expect('status', payment.status, 'requires_action');
  const challenge = payment.challenge!;
  log(`requires_action (pending, requireAction threeds_auth) → ACS ${challenge.acsChallengeUrl}`);
  // The customer approves on the ACS page (in a browser, the 3DS modal shows it); here the sandbox's test control does.
  const approved = sandbox.challenges.approve(challenge.sessionId);
  expect('challenge approved', approved.authenticated, true);
  log('challenge approved; polling the merchant server every 1 s');
  const final = await waitForFinalStatus((signal) => page<PaymentView>('GET', `/api/payments/${payment.id}`, undefined, signal), { intervalMs: 1000, timeoutMs: 30_000 });
  expect('final status', final.status, 'succeeded');
  return `${final.id} ${usd(final.amount)} requires_action → succeeded`;
});

await transcript.step('Authorize, then capture', async () => {
  const auth = await page<PaymentView>('POST', '/api/payments', { paymentInstrumentId: firstCard!.paymentInstrument.id, amount: 12000, currency: 'USD', mode: 'auth' });
  expect('after auth', auth.status, 'authorized');
  const captured = await page<PaymentView>('POST', `/api/payments/${auth.id}/capture`, {});
  expect('after capture', captured.status, 'succeeded');
  return `${auth.id} ${usd(auth.amount)} authorized → captured`;
});

await transcript.step('Authorize, then void', async () => {
  const auth = await page<PaymentView>('POST', '/api/payments', { paymentInstrumentId: firstCard!.paymentInstrument.id, amount: 3000, currency: 'USD', mode: 'auth' });
  const voided = await page<PaymentView>('POST', `/api/payments/${auth.id}/void`, {});
  expect('after void', voided.status, 'voided');
  return `${auth.id} ${usd(auth.amount)} authorized → voided`;
});

await transcript.step('Partial refund, then full refund', async (log) => {
  const partial = await page<PaymentView>('POST', `/api/payments/${firstPurchase!.id}/refund`, { amount: 1000 });
  expect('after partial refund', partial.status, 'partially_refunded');
  log(`${usd(1000)} refunded → partially_refunded`);
  const full = await page<PaymentView>('POST', `/api/payments/${firstPurchase!.id}/refund`, {});
  expect('after full refund', full.status, 'refunded');
  return `${firstPurchase!.id} ${usd(firstPurchase!.amount)} refunded in two parts`;
});

const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: sandboxServer.url });

await transcript.step('Declined on the gateway, cascaded to the fallback processor', async (log) => {
  const { instrument } = await saveCard('4000 0000 0000 0002');
  const payment = await page<PaymentView>('POST', '/api/payments', { paymentInstrumentId: instrument.paymentInstrument.id, amount: 2500, currency: 'USD' });
  const detail = await tessera.payments.retrieve(payment.id);
  const attempts = (detail.attempts ?? []) as Array<{ processorId: string; outcome?: string; status?: string }>;
  for (const attempt of attempts) log(`attempt on ${attempt.processorId}: ${attempt.outcome ?? attempt.status ?? '?'}`);
  expect('first attempt', `${attempts[0]?.processorId} ${attempts[0]?.outcome ?? attempts[0]?.status}`, `${sandbox.defaults.gateway.processorId} declined`);
  expect('status', payment.status, 'succeeded');
  expect('processor', detail.processorId, sandbox.defaults.gateway.fallbackProcessorId);
  return `${payment.id} declined by ${sandbox.defaults.gateway.processorId}, approved by ${String(detail.processorId)}`;
});

await transcript.step('Merchant-initiated renewal on the saved card', async () => {
  const outcome = await renewSubscription(tessera, storeId, { id: 'sub_demo', paymentInstrumentId: firstCard!.paymentInstrument.id, amount: 999, currency: 'USD', period: '2026-12', attempts: 0 });
  expect('renewal', outcome.kind, 'renewed');
  return `${outcome.kind === 'renewed' ? outcome.payment.id : ''} ${usd(999)} initiatedBy merchant, reasonType recurring`;
});

await transcript.step('Webhooks received by the merchant server', async (log) => {
  await sandbox.webhooksIdle();
  const byType = new Map<string, number>();
  for (const webhook of webhooks) byType.set(webhook.type, (byType.get(webhook.type) ?? 0) + 1);
  for (const [type, count] of [...byType].sort()) log(`${type.padEnd(28)} ×${count}`);
  expect('payment/succeeded received', (byType.get('payment/succeeded') ?? 0) > 0, true);
  const refused = sandbox.records.webhookDeliveries.list().filter((delivery) => delivery.status !== 'delivered');
  expect('signed deliveries the merchant server refused', refused.length, 0);
  return `${webhooks.length} signed deliveries over HTTP, each verified`;
});

await transcript.step('Every charge taken exactly once', () => {
  const charged = sandbox.records.payments.list().filter((p) => sandbox.countCharges(p.id) > 1);
  expect('payments charged more than once', charged.length, 0);
  return `${sandbox.countCharges()} charges for ${sandbox.records.payments.count} payments, none twice`;
});

const ok = transcript.summary();
console.log(dim(`finished in ${((performance.now() - started) / 1000).toFixed(1)} s`));

if (open && ok) {
  console.log(`\nCheckout page: ${merchant.url}/  (cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 3220 asks for 3DS)\nCtrl-C to stop.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void Promise.all([merchant.close(), sandboxServer.close()]).then(() => process.exit(0)));
  }
} else {
  await Promise.all([merchant.close(), sandboxServer.close()]);
  process.exitCode = ok ? 0 : 1;
}
