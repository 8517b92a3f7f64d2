import { getPaymentAction, type Payment } from '@tessera/core';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { createThreeDS } from '../basis-theory.js';
import { confirmPayment, type ConfirmPaymentOptions, type ConfirmPaymentResult } from './confirm-payment.js';
import { TesseraNextActionError } from './payment-action-errors.js';
import type { RadarSession } from './radar.js';

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

  it("gives the redirect page (another origin, named by the payment's answer) no handle on this page: the popup has no opener", async () => {
    const returnUrl = `${location.origin}/README.md`;
    const payment = (await commands.processTestCard('4000000000003063', returnUrl)) as Payment;
    const open = vi.spyOn(window, 'open');
    const result = payOnClick({ payment, threeds, redirect: 'popup', returnUrl });
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const popup = open.mock.results[0]!.value as Window;
    // Once on the redirect page (this page can no longer read it): with an opener it could send this page elsewhere.
    await vi.waitFor(() => expect(() => popup.location.href).toThrow(), { timeout: 5000, interval: 20 });
    expect(popup.opener).toBeNull();
    await commands.clickRedirectPopupButton('Approve payment');
    await expect(result).resolves.toMatchObject({ status: 'succeeded', redirect: 'returned' });
  });

  it('runs a redirect in a popup the customer declines: failed', async () => {
    const returnUrl = `${location.origin}/README.md`;
    const payment = (await commands.processTestCard('4000000000003063', returnUrl)) as Payment;
    const result = payOnClick({ payment, threeds, redirect: 'popup', returnUrl });
    await commands.clickRedirectPopupButton('Decline payment');
    await expect(result).resolves.toMatchObject({ status: 'failed', redirect: 'returned', payment: { id: payment.id, status: 'failed' } });
  });

  it('a popup that ends on a page of another origin (which this page cannot read) is noticed within seconds: the payment is polled, and it resolves settled', async () => {
    // The payment returns to the sandbox's origin, not this page's: the popup ends there and this page cannot read it.
    const elsewhere = `${sandboxUrl}/shop-on-another-origin`;
    expect(new URL(elsewhere).origin).not.toBe(location.origin);
    const payment = (await commands.processTestCard('4000000000003063', elsewhere)) as Payment;
    const result = payOnClick({ payment, threeds, redirect: 'popup', popupTimeoutMs: 120_000 });
    await commands.clickRedirectPopupButton('Approve payment');
    const approvedAt = Date.now();
    await expect(result).resolves.toMatchObject({ status: 'succeeded', redirect: 'settled', payment: { id: payment.id, status: 'succeeded' } });
    expect(Date.now() - approvedAt).toBeLessThan(10_000);
    // As after a return: the server is asked once to continue it.
    expect(continuePayment).toHaveBeenCalledTimes(1);
    expect(fetchPayment.mock.calls.every(([id]) => id === payment.id)).toBe(true);
  });

  it('navigates to the redirect page by default (here a stub) and resolves requires_action', async () => {
    const payment = (await commands.processTestCard('4000000000003063', `${location.origin}/README.md`)) as Payment;
    const navigate = vi.fn();
    await expect(confirmPayment({ payment, threeds, navigate, continuePayment })).resolves.toMatchObject({ status: 'requires_action', redirect: 'navigate' });
    expect(navigate).toHaveBeenCalledWith(`${sandboxUrl}/redirect/${payment.id}`);
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it("runs processor_auth in a popup like a redirect (the processor's own page), carrying returnUrl and resumeToken: succeeded", async () => {
    const returnUrl = `${location.origin}/README.md`;
    const payment = (await commands.processTestCard('4000000000003089', returnUrl)) as Payment;
    expect(payment).toMatchObject({
      status: 'pending',
      requireAction: 'processor_auth',
      requireActionData: { type: 'processor_auth', resumeToken: expect.any(String), metadata: { type: 'processor_auth', redirect: { redirectUrl: `${sandboxUrl}/redirect/${payment.id}` } } },
    });
    const result = payOnClick({ payment, threeds, redirect: 'popup', returnUrl });
    await commands.clickRedirectPopupButton('Approve payment');
    await expect(result).resolves.toMatchObject({ status: 'succeeded', redirect: 'returned', payment: { id: payment.id, status: 'succeeded' } });
    expect(continuePayment).toHaveBeenCalledTimes(1);
  });

  it('navigates to the processor page with the return URL the vendor example builds (paymentId, resumeToken)', async () => {
    const payment = (await commands.processTestCard('4000000000003089')) as Payment;
    const navigate = vi.fn();
    await confirmPayment({ payment, threeds, navigate, continuePayment, returnUrl: `${location.origin}/return` });
    const target = new URL(navigate.mock.calls[0]?.[0] as string);
    const back = new URL(target.searchParams.get('returnUrl') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${sandboxUrl}/redirect/${payment.id}`);
    expect(`${back.origin}${back.pathname}`).toBe(`${location.origin}/return`);
    expect(back.searchParams.get('paymentId')).toBe(payment.id);
    expect(back.searchParams.get('resumeToken')).toBe((payment.requireActionData as { resumeToken: string }).resumeToken);
  });

  describe('radar', () => {
    const saveRadarSession = vi.fn((session: RadarSession) => commands.saveTestRadarSession(session));
    const local = { environment: 'local', sandboxUrl } as const;

    it("runs Airwallex's check with the sandbox's fingerprint stand-in: a fresh session id on the tag, saved, continued once: succeeded", async () => {
      const payment = (await commands.processTestCard('4000000000004954')) as Payment;
      expect(payment).toMatchObject({ status: 'pending', requireAction: 'radar', requireActionData: { type: 'radar', metadata: { provider: 'airwallex', isTest: true } } });
      const result = await confirmPayment({ payment, continuePayment, fetchPayment, saveRadarSession, ...local });
      const script = document.querySelector<HTMLScriptElement>('#airwallex-fraud-api');
      expect(script?.src).toBe(`${sandboxUrl}/airwallex/webapp/fraud/device-fingerprint/index.js`);
      const sessionId = script?.getAttribute('data-order-session-id');
      expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The body of POST /radar-sessions, field for field as @tagadapay/core-js sends it.
      expect(saveRadarSession.mock.calls.map(([session]) => session)).toEqual([{ paymentId: payment.id, airwallexRadarSessionId: sessionId }]);
      expect(continuePayment).toHaveBeenCalledTimes(1);
      expect(result).toMatchObject({ status: 'succeeded', payment: { id: payment.id, status: 'succeeded' }, radarSessions: [{ airwallexRadarSessionId: sessionId }] });
    });

    it('runs a Stripe Radar session with the stand-in Stripe.js, saved with the session data, then continued: succeeded', async () => {
      const payment = (await commands.processTestCard('4000000000004962')) as Payment;
      const { publishableKey } = getPaymentAction(payment) as { publishableKey: string };
      expect(publishableKey).toMatch(/^pk_test_/);
      const result = await confirmPayment({ payment, continuePayment, fetchPayment, saveRadarSession, ...local });
      const [saved] = saveRadarSession.mock.calls[0] ?? [];
      expect(saved).toEqual({ paymentId: payment.id, stripeRadarSessionId: expect.stringMatching(/^rse_/), stripeRadarSessionData: expect.objectContaining({ id: expect.stringMatching(/^rse_/) }) });
      expect(result).toMatchObject({ status: 'succeeded', payment: { id: payment.id, status: 'succeeded' } });
      expect(document.querySelectorAll(`script[src="${sandboxUrl}/stripe-js/v3/"]`).length).toBeLessThanOrEqual(1);
    });

    it('runs a chain in order: the radar check, then the 3DS challenge in the modal: succeeded', async () => {
      const payment = (await commands.processTestCard('4000000000004970')) as Payment;
      const result = payOnClick({ payment, threeds, saveRadarSession, ...local });
      await commands.readAcsPage('Card issuer verification', 'Approve');
      await clickAcs('Approve');
      await expect(result).resolves.toMatchObject({ status: 'succeeded', challenge: { success: true }, radarSessions: [{ paymentId: payment.id }] });
      expect(saveRadarSession).toHaveBeenCalledTimes(1);
    });

    it('a script that does not load is a typed error: nothing saved, the payment not continued, still pending', async () => {
      const payment = (await commands.processTestCard('4000000000004954')) as Payment;
      // A port nothing listens on: the script fails to load.
      const error = await confirmPayment({ payment, continuePayment, saveRadarSession, environment: 'local', sandboxUrl: 'http://localhost:9' }).catch((caught: unknown) => caught);
      expect(TesseraNextActionError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ reason: 'script_failed', action: 'radar', paymentId: payment.id });
      expect(saveRadarSession).not.toHaveBeenCalled();
      expect(continuePayment).not.toHaveBeenCalled();
      expect(document.querySelector('#airwallex-fraud-api')).toBeNull();
      expect(await commands.getPaymentStatus(payment.id)).toBe('pending');
    });

    it('a key Stripe does not know is a typed session failure, and nothing is saved or continued', async () => {
      const payment = (await commands.processTestCard('4000000000004962')) as Payment;
      const forged: Payment = { ...payment, requireActionData: { type: 'stripe_radar', metadata: { type: 'stripe_radar', radar: { publishableKey: 'pk_test_unknown' } } } };
      const error = await confirmPayment({ payment: forged, continuePayment, saveRadarSession, ...local }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ reason: 'session_failed', action: 'stripe_radar' });
      expect(saveRadarSession).not.toHaveBeenCalled();
      expect(continuePayment).not.toHaveBeenCalled();
    });

    it('a save that fails leaves the payment waiting: never continued', async () => {
      const payment = (await commands.processTestCard('4000000000004954')) as Payment;
      const failing = vi.fn(() => Promise.reject(new Error('HTTP 500')));
      await expect(confirmPayment({ payment, continuePayment, saveRadarSession: failing, ...local })).rejects.toMatchObject({ reason: 'save_failed' });
      expect(continuePayment).not.toHaveBeenCalled();
      // Continuing without a saved session leaves it waiting on its check (the sandbox, as the service would).
      expect(await commands.continueTestPayment(payment.id)).toMatchObject({ status: 'pending', requireAction: 'radar' });
    });
  });
});
