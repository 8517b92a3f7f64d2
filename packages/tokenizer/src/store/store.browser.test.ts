import { SANDBOX_SHOP_STORE_ID } from '@tessera/core/internal';
import { describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';
import { expiryYear, useCheckoutPage } from '../../test/checkout-page.js';
import { loadWebThreeds } from '../basis-theory.js';
import { createTessera } from '../client/tessera-client.js';
import { createTokenizer } from '../vault/tokenizer.js';
import { openStore, type StoreCheckout, type StorePayRequest } from './open-store.js';

// A store checkout paid from the browser alone, in Chromium: the sandbox's shop (its catalog and prices), card
// fields on the sandbox's emulation of Basis Theory's elements, web-threeds' session and the challenge in the modal,
// the radar stand-in, every call on the store's session token from this page's origin to the sandbox's (CORS). No
// merchant route is involved.
const sandboxUrl = inject('sandboxUrl');
const tessera = createTessera({ environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds });

const checkoutPage = useCheckoutPage(tessera);
const { fieldsWith } = checkoutPage;
/** `checkout.pay(request)` from each click on the page's Pay button; `double`: a double click. */
const payOnClick = (checkout: StoreCheckout, request: StorePayRequest, double = false) => checkoutPage.payOnClick(() => checkout.pay(request), double);

/** A checkout of the shop's first product (`quantity` of it), started on a new store session of this page. */
async function checkoutOf(quantity = 1): Promise<StoreCheckout> {
  const store = openStore(tessera, { storeId: SANDBOX_SHOP_STORE_ID });
  const [product] = await store.products();
  const variant = product!.variants[0]!;
  const checkout = await store.startCheckout({ lineItems: [{ variantId: variant.id, quantity }] });
  expect(checkout).toMatchObject({ amount: variant.price!.amount * quantity, currency: 'USD' });
  return checkout;
}

describe('openStore in Chromium: the sandbox’s shop, card fields, 3DS, radar', () => {
  it('pays a frictionless card from the card fields at the store’s price; a double click pays once', async () => {
    const checkout = await checkoutOf(2);
    const fields = await fieldsWith('4242 4242 4242 4242');
    const [first, second] = await payOnClick(checkout, { fields }, true);
    expect(second).toBe(first);
    expect(first).toMatchObject({ status: 'succeeded', payment: { amount: checkout.amount, currency: 'USD', status: 'succeeded' } });
    expect(await commands.getPaymentStatus(first!.payment.id)).toBe('succeeded');
  });

  it('pays a 3DS card: web-threeds’ session and the service’s before pay-v2, the challenge approved in the modal', async () => {
    const checkout = await checkoutOf();
    const fields = await fieldsWith('4000 0000 0000 3220');
    const paying = payOnClick(checkout, { fields });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    const [result] = await paying;
    expect(result).toMatchObject({ status: 'succeeded', payment: { amount: checkout.amount, status: 'succeeded' }, challenge: { success: true } });
  });

  it('runs Airwallex’s radar check (the sandbox’s stand-in), saves the session on the store session, succeeded', async () => {
    const checkout = await checkoutOf();
    const tokenized = await createTokenizer(tessera.vault).tokenizeCardWithFacts({ cardNumber: '4000000000004954', expiryDate: `12/${expiryYear}`, cvc: '123' });
    const [result] = await payOnClick(checkout, { tokenized });
    expect(result).toMatchObject({ status: 'succeeded', radarSessions: [{ paymentId: result!.payment.id, airwallexRadarSessionId: expect.any(String) }] });
  });

  it('resolves a declined card with its status, not an error', async () => {
    const checkout = await checkoutOf();
    const fields = await fieldsWith('4000 0000 0000 9995');
    const [result] = await payOnClick(checkout, { fields });
    expect(result).toMatchObject({ status: 'declined', payment: { amount: checkout.amount } });
  });
});
