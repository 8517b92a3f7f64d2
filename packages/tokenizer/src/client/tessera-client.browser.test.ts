import { describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';
import { expiryYear, useCheckoutPage } from '../../test/checkout-page.js';
import { loadWebThreeds } from '../basis-theory.js';
import { createTokenizer } from '../vault/tokenizer.js';
import { createTessera, type PayRequest } from './tessera-client.js';

// The browser client end to end in Chromium: card fields on the sandbox's emulation of Basis Theory's elements, the
// merchant's server mounting @tessera/server's checkout handler (test/sandbox-global-setup.ts), and the sandbox
// behind it. Each payment is one pay() call from a click; the order reference is priced by the server
// (`<store>:<amount>`), never by the page.
const sandboxUrl = inject('sandboxUrl');
const tessera = createTessera({ environment: 'local', vaultUrl: sandboxUrl, basePath: `${inject('merchantUrl')}/api/tessera`, loadWebThreeds });
const customer = { email: 'ada@example.com' };

const checkoutPage = useCheckoutPage(tessera);
const { fieldsWith } = checkoutPage;
/** `tessera.pay(request)` from each click on the page's Pay button; `double`: a double click. */
const payOnClick = (request: PayRequest, double = false) => checkoutPage.payOnClick(() => tessera.pay(request), double);

describe('createTessera().pay in Chromium: card fields, the checkout handler, the sandbox', () => {
  it('pays a frictionless card from the card fields, at the amount the server decided; a double click pays once', async () => {
    const fields = await fieldsWith('4242 4242 4242 4242');
    const results = await payOnClick({ fields, orderRef: 'frictionless:2400', customer }, true);
    expect(results).toHaveLength(2);
    const [first, second] = results;
    expect(first).toMatchObject({ status: 'succeeded', payment: { amount: 2400, currency: 'USD', status: 'succeeded' } });
    expect(second).toBe(first);
    expect(await commands.getPaymentStatus(first!.payment.id)).toBe('succeeded');
  });

  it('pays a 3DS card: the Basis Theory session before the payment, the challenge approved in the modal, succeeded', async () => {
    const fields = await fieldsWith('4000 0000 0000 3220');
    const paying = payOnClick({ fields, orderRef: 'gateway:1999', customer });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    const [result] = await paying;
    expect(result).toMatchObject({ status: 'succeeded', payment: { amount: 1999, status: 'succeeded' }, challenge: { success: true } });
  });

  it("runs Airwallex's radar check (the sandbox's stand-in: the page's environment), saves the session through the handler, succeeded", async () => {
    const tokenized = await createTokenizer(tessera.vault).tokenizeCardWithFacts({ cardNumber: '4000000000004954', expiryDate: `12/${expiryYear}`, cvc: '123' });
    const [result] = await payOnClick({ tokenized, orderRef: 'gateway:3100', customer });
    expect(result).toMatchObject({ status: 'succeeded', radarSessions: [{ paymentId: result!.payment.id, airwallexRadarSessionId: expect.any(String) }] });
  });

  it('runs a redirect and the processor\'s own page in a popup, back on the page\'s origin, succeeded', async () => {
    const returnUrl = `${location.origin}/README.md`; // what the server gave the payment
    for (const cardNumber of ['4000000000003063', '4000000000003089']) {
      const tokenized = await createTokenizer(tessera.vault).tokenizeCardWithFacts({ cardNumber, expiryDate: `12/${expiryYear}`, cvc: '123' });
      const paying = payOnClick({ tokenized, orderRef: 'gateway:2100', customer, redirect: 'popup', returnUrl });
      await commands.clickRedirectPopupButton('Approve payment');
      const [result] = await paying;
      expect(result).toMatchObject({ status: 'succeeded', redirect: 'returned', payment: { amount: 2100, status: 'succeeded' } });
      document.body.replaceChildren();
    }
  });

  it("runs Stripe's radar check (the sandbox's Stripe.js stand-in) and saves the session through the handler, succeeded", async () => {
    const tokenized = await createTokenizer(tessera.vault).tokenizeCardWithFacts({ cardNumber: '4000000000004962', expiryDate: `12/${expiryYear}`, cvc: '123' });
    const [result] = await payOnClick({ tokenized, orderRef: 'gateway:3200', customer });
    expect(result).toMatchObject({ status: 'succeeded', radarSessions: [{ paymentId: result!.payment.id, stripeRadarSessionId: expect.stringMatching(/^rse_/) }] });
  });

  it('answers a declined card with its status, not an error; an unknown order is a TesseraCheckoutError before any payment', async () => {
    const tokenized = await createTokenizer(tessera.vault).tokenizeCardWithFacts({ cardNumber: '4000000000009995', expiryDate: `12/${expiryYear}`, cvc: '123' });
    const [declined] = await payOnClick({ tokenized, orderRef: 'frictionless:1500', customer });
    expect(declined).toMatchObject({ status: 'declined', payment: { status: 'declined' } });
    await expect(tessera.pay({ tokenized, orderRef: 'nowhere:1500' })).rejects.toMatchObject({ name: 'TesseraCheckoutError', reason: 'unknown_order', status: 404 });
  });
});
