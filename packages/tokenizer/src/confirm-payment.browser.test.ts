import type { Payment } from '@tessera/core';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { createThreeDS } from './basis-theory.js';
import { confirmPayment, type ConfirmPaymentOptions, type ConfirmPaymentResult } from './confirm-payment.js';

const sandboxUrl = inject('sandboxUrl');
const threeds = createThreeDS({ environment: 'local', vaultUrl: sandboxUrl });
// The return page must exist on this origin (a 404 is a Chrome error page, which is cross-origin). The page's own server: it calls `payments.continue` with its secret key (here, a browser command plays it).
const continuePayment = vi.fn((paymentId: string) => commands.continueTestPayment(paymentId) as Promise<Payment>);
const fetchPayment = vi.fn((paymentId: string) => commands.continueTestPayment(paymentId) as Promise<Payment>);
const clickAcs = (label: 'Approve' | 'Fail authentication') => commands.clickAcsButton('Card issuer verification', label);

afterEach(() => {
  document.querySelector('dialog')?.close();
  document.body.replaceChildren();
  vi.clearAllMocks();
});

/** Runs confirmPayment from a click on a "Pay" button, as a checkout page does (a popup needs the click). */
async function payOnClick(options: Omit<ConfirmPaymentOptions, 'continuePayment' | 'fetchPayment'>): Promise<ConfirmPaymentResult> {
  const button = document.createElement('button');
  button.textContent = 'Pay';
  document.body.append(button);
  const result = new Promise<ConfirmPaymentResult>((resolve, reject) => {
    button.addEventListener('click', () => void confirmPayment({ ...options, continuePayment, fetchPayment }).then(resolve, reject), { once: true });
  });
  await userEvent.click(page.getByRole('button', { name: 'Pay' }));
  return result;
}

describe('confirmPayment in Chromium against the sandbox', () => {
  it('resolves at once for a frictionless card (4242…): no modal, no server call', async () => {
    const payment = (await commands.processTestCard('4242424242424242')) as Payment;
    const result = await confirmPayment({ payment, threeds, continuePayment, fetchPayment });
    expect(result).toEqual({ status: 'succeeded', payment });
    expect(continuePayment).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('runs the 3DS challenge in the modal, continues on the server, and resolves succeeded when the customer approves', async () => {
    const payment = (await commands.processTestCard('4000000000003220')) as Payment;
    expect(payment.requireAction).toBe('threeds_auth');
    const result = payOnClick({ payment, threeds });
    await expect.element(page.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await clickAcs('Approve');
    const outcome = await result;
    expect(outcome).toMatchObject({ status: 'succeeded', payment: { id: payment.id, status: 'succeeded' }, challenge: { success: true, authenticationStatus: 'successful' } });
    expect(continuePayment).toHaveBeenCalledTimes(1);
    expect(continuePayment.mock.calls[0]?.[0]).toBe(payment.id);
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('resolves failed when the customer fails authentication', async () => {
    const payment = (await commands.processTestCard('4000000000003220')) as Payment;
    const result = payOnClick({ payment, threeds });
    await commands.readAcsPage('Card issuer verification', 'Fail authentication');
    await clickAcs('Fail authentication');
    await expect(result).resolves.toMatchObject({ status: 'failed', payment: { id: payment.id, status: 'failed' }, challenge: { success: false, reason: 'failed' } });
  });

  it('resolves requires_action (asking the server once, no polling) when the customer cancels the challenge', async () => {
    const payment = (await commands.processTestCard('4000000000003220')) as Payment;
    const result = payOnClick({ payment, threeds });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await userEvent.click(page.getByRole('button', { name: 'Cancel verification' }));
    await expect(result).resolves.toMatchObject({ status: 'requires_action', payment: { id: payment.id, status: 'pending', requireAction: 'threeds_auth' }, challenge: { success: false, reason: 'cancelled' } });
    expect(continuePayment).toHaveBeenCalledTimes(1);
    expect(fetchPayment).not.toHaveBeenCalled();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('runs a redirect in a popup: the customer approves on the bank page, comes back to returnUrl, and it resolves succeeded', async () => {
    const returnUrl = `${location.origin}/README.md`;
    const payment = (await commands.processTestCard('4000000000003063', returnUrl)) as Payment;
    expect(payment).toMatchObject({ status: 'pending', requireAction: 'redirect', requireActionData: { metadata: { redirect: { redirectUrl: `${sandboxUrl}/redirect/${payment.id}` } } } });
    const result = payOnClick({ payment, threeds, redirect: 'popup', returnUrl });
    await commands.clickRedirectPopupButton('Approve payment');
    await expect(result).resolves.toMatchObject({ status: 'succeeded', redirect: 'returned', payment: { id: payment.id, status: 'succeeded' } });
    expect(continuePayment).toHaveBeenCalledTimes(1);
  });

  it('runs a redirect in a popup the customer declines: failed', async () => {
    const returnUrl = `${location.origin}/README.md`;
    const payment = (await commands.processTestCard('4000000000003063', returnUrl)) as Payment;
    const result = payOnClick({ payment, threeds, redirect: 'popup', returnUrl });
    await commands.clickRedirectPopupButton('Decline payment');
    await expect(result).resolves.toMatchObject({ status: 'failed', redirect: 'returned', payment: { id: payment.id, status: 'failed' } });
  });

  it('navigates to the redirect page by default (here a stub) and resolves requires_action', async () => {
    const payment = (await commands.processTestCard('4000000000003063', `${location.origin}/README.md`)) as Payment;
    const navigate = vi.fn();
    await expect(confirmPayment({ payment, threeds, navigate, continuePayment })).resolves.toMatchObject({ status: 'requires_action', redirect: 'navigate' });
    expect(navigate).toHaveBeenCalledWith(`${sandboxUrl}/redirect/${payment.id}`);
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it('rejects a processor_auth payment with the typed error carrying the action', async () => {
    const payment = (await commands.processTestCard('4000000000003089')) as Payment;
    await expect(confirmPayment({ payment, threeds, continuePayment })).rejects.toMatchObject({ code: 'unsupported_payment_action', action: 'processor_auth', paymentId: payment.id });
  });
});
