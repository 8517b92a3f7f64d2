import { SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { createSandbox, testCardNumbers } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeResult } from '../threeds/challenge-modal.js';
import type { ThreeDS } from '../threeds/threeds.js';
import { LOCAL_VAULT_URL } from '../vault/environment.js';
import { GOOGLE_PAY_GATEWAY, googlePayGatewayMerchantId } from '../wallets/google-pay.js';
import { createTokenizer } from '../vault/tokenizer.js';
import { openStore } from './open-store.js';

// openStore against the real sandbox (its msw handlers, in process): the shop's catalog, a checkout priced by the
// store, and payments paid with the session token only: frictionless, a 3DS challenge (approved as the customer
// would on the ACS page), declined, and the service's refusals. The page's 3DS helper stands in for web-threeds
// (which needs a browser): it creates Basis Theory's session on the sandbox's BT emulation as web-threeds does, and
// the challenge is settled through `sandbox.challenges`. The same path with the real card fields, web-threeds and
// the radar scripts runs in Chromium (store.browser.test.ts).
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const { storeId, variantIds } = sandbox.defaults.shop;
const [mug, tote] = variantIds as [string, string, string];
const tokenizer = createTokenizer({ environment: 'local' });
const card = (number: string) => tokenizer.tokenizeCardWithFacts({ cardNumber: number, expiryDate: '12/2031', cvc: '123' });

/** The page's client: the local environment, with a 3DS helper doing in Node what web-threeds does in a page. */
function page(challenge: 'approve' | 'fail' = 'approve') {
  const challenges: string[] = [];
  const threeds = {
    async createBasisTheorySession(tokenId: string) {
      const response = await fetch(`${LOCAL_VAULT_URL}/3ds/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'BT-API-KEY': SANDBOX_VAULT_KEY },
        body: JSON.stringify({ token_id: tokenId, type: 'customer', device: 'browser', device_info: { browser_language: 'en-US' } }),
      });
      const session = (await response.json()) as { id: string; card_brand: string };
      return { id: session.id, cardBrand: session.card_brand };
    },
    startChallenge(request: { sessionId: string }): Promise<ChallengeResult> {
      challenges.push(request.sessionId);
      const outcome = challenge === 'approve' ? sandbox.challenges.approve(request.sessionId) : sandbox.challenges.fail(request.sessionId);
      return Promise.resolve(outcome.authenticated ? { success: true, authenticationStatus: 'successful', reason: undefined } : { success: false, authenticationStatus: 'failed', reason: 'failed' });
    },
  };
  const tessera = { environment: 'local' as const, vault: { environment: 'local' as const, vaultUrl: LOCAL_VAULT_URL }, threeds: () => threeds as unknown as ThreeDS };
  return { store: openStore(tessera, { storeId }), challenges };
}

describe('openStore against the sandbox', () => {
  it('lists the shop’s catalog and starts a checkout the store prices', async () => {
    const { store } = page();
    const products = await store.products();
    expect(products.flatMap((product) => product.variants.map((variant) => variant.id))).toEqual(variantIds);
    expect(products[0]).toMatchObject({ variants: [{ id: mug, price: { amount: 1500, currency: 'USD' } }] });
    const checkout = await store.startCheckout({ lineItems: [{ variantId: mug, quantity: 2 }, { variantId: tote, quantity: 1 }] });
    expect(checkout).toMatchObject({ amount: 2 * 1500 + 2400, currency: 'USD', lines: [{ variantId: mug, quantity: 2, unitAmount: 1500, amount: 3000 }, { variantId: tote, quantity: 1, unitAmount: 2400, amount: 2400 }] });
    expect(checkout.checkoutToken.length).toBeGreaterThanOrEqual(22);
  });

  it('pays a frictionless card: the payment, its order and the completed session are the service’s', async () => {
    const { store, challenges } = page();
    const checkout = await store.startCheckout({ lineItems: [{ variantId: mug, quantity: 1 }] });
    const result = await checkout.pay({ tokenized: await card(testCardNumbers.visa) });
    expect(result).toMatchObject({ status: 'succeeded', payment: { amount: 1500, currency: 'USD' } });
    expect(challenges).toEqual([]);
    expect(sandbox.records.payments.get(result.payment.id)).toMatchObject({ status: 'succeeded', amount: 1500 });
    expect(sandbox.countCharges(result.payment.id)).toBe(1);
    // The checkout session is completed with its order: what the merchant's server then reads with the secret key.
    const session = sandbox.records.checkoutSessions.get(checkout.id);
    expect(session).toMatchObject({ status: 'completed', paymentId: result.payment.id });
    expect(sandbox.records.orders.get(session!.orderId!)).toMatchObject({ storeId, paymentId: result.payment.id });
    // Paid once: a second pay of the same checkout is refused, never a second charge.
    await expect(checkout.pay({ tokenized: await card(testCardNumbers.visa) })).rejects.toMatchObject({ code: 'checkout_error', reason: 'payment_refused', status: 409 });
    expect(sandbox.countCharges(result.payment.id)).toBe(1);
  });

  it('runs a 3DS challenge for a card that requires SCA, and the payment succeeds once approved', async () => {
    const { store, challenges } = page('approve');
    const checkout = await store.startCheckout({ lineItems: [{ variantId: tote, quantity: 1 }] });
    const tokenized = await card(testCardNumbers.visa_3ds);
    expect(tokenized.card.scaRequired).toBe(true);
    const result = await checkout.pay({ tokenized, polling: { intervalMs: 50 } });
    expect(challenges).toHaveLength(1);
    expect(result).toMatchObject({ status: 'succeeded', challenge: { success: true }, payment: { amount: 2400 } });
  });

  it('ends with the payment failed when the challenge fails', async () => {
    const { store } = page('fail');
    const checkout = await store.startCheckout({ lineItems: [{ variantId: tote, quantity: 1 }] });
    const result = await checkout.pay({ tokenized: await card(testCardNumbers.visa_3ds), polling: { intervalMs: 50 } });
    expect(result.status).toBe('failed');
    expect(result.challenge).toMatchObject({ success: false });
  });

  it('pays with a wallet: a Google Pay token of the sandbox’s test sheet, tokenized in the vault, instrument of type google_pay', async () => {
    const { store, challenges } = page();
    const checkout = await store.startCheckout({ lineItems: [{ variantId: mug, quantity: 1 }] });
    const minted = await fetch(`${LOCAL_VAULT_URL}/sandbox/wallet-sheets/google-pay/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sandbox.apiKey}` },
      body: JSON.stringify({ card: 'visa_approved', gateway: GOOGLE_PAY_GATEWAY, gatewayMerchantId: googlePayGatewayMerchantId('local'), allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'] }),
    });
    const paymentData = (await minted.json()) as { paymentMethodData: { tokenizationData: { token: string } } };
    const serviceToken = await tokenizer.tokenizeGooglePay(paymentData.paymentMethodData.tokenizationData.token);
    const result = await checkout.pay({ tokenized: { serviceToken } });
    expect(result).toMatchObject({ status: 'succeeded', payment: { amount: 1500 } });
    const { paymentInstrumentId } = sandbox.records.payments.get(result.payment.id)!;
    expect(sandbox.records.instruments.get(paymentInstrumentId ?? '')).toMatchObject({ type: 'google_pay' });
    expect(challenges).toEqual([]);
  });

  it('resolves a declined card with its status and the service’s reason, not an error', async () => {
    const { store } = page();
    const checkout = await store.startCheckout({ lineItems: [{ variantId: mug, quantity: 1 }] });
    const result = await checkout.pay({ tokenized: await card(testCardNumbers.visa_insufficient_funds) });
    expect(result.status).toBe('declined');
    expect(sandbox.countCharges(result.payment.id)).toBe(0);
  });

  it('gets the service’s refusals as typed errors: a variant of no catalog of this store, an unknown store', async () => {
    const { store } = page();
    await expect(store.startCheckout({ lineItems: [{ variantId: 'var_not_here', quantity: 1 }] })).rejects.toMatchObject({
      code: 'checkout_error',
      reason: 'invalid_request',
      status: 400,
      fields: [expect.objectContaining({ field: 'lineItems.0.variantId' })],
    });
    const tessera = { environment: 'local' as const, vault: { environment: 'local' as const, vaultUrl: LOCAL_VAULT_URL }, threeds: () => ({}) as ThreeDS };
    await expect(openStore(tessera, { storeId: 'store_nowhere' }).products()).rejects.toMatchObject({ reason: 'unknown_store', status: 404 });
  });
});
