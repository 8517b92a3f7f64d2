import type { Payment, ThreeDSChallenge } from '@tessera/core';
import { TesseraAbortError } from '@tessera/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChallengeResult } from '../threeds/challenge-modal.js';
import { confirmPayment } from './confirm-payment.js';
import { TesseraNextActionError } from './payment-action-errors.js';
import { collectRadarSession, type RadarSession } from './radar.js';

// The provider scripts run in Chromium (confirm-payment.browser.test.ts); here, what confirmPayment does around them.
vi.mock('./radar.js', () => ({ collectRadarSession: vi.fn() }));
const collect = vi.mocked(collectRadarSession);

const base = { id: 'pay_1', amount: 1999, currency: 'USD' };
const airwallex: Payment = { ...base, status: 'pending', requireAction: 'radar', requireActionData: { type: 'radar', metadata: { provider: 'airwallex', isTest: true } } };
const stripe: Payment = {
  ...base,
  status: 'pending',
  requireAction: 'radar',
  requireActionData: { type: 'stripe_radar', metadata: { type: 'stripe_radar', radar: { publishableKey: 'pk_test_1', orderId: 'order_1' } } },
};
const challenged: Payment = {
  ...base,
  status: 'pending',
  requireAction: 'threeds_auth',
  requireActionData: { type: 'threeds_auth', metadata: { threedsSession: { externalSessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_1', messageVersion: '2.2.0' } } },
};
const succeeded: Payment = { ...base, status: 'succeeded', subStatus: 'approved', requireAction: 'none' };
const session: RadarSession = { paymentId: 'pay_1', airwallexRadarSessionId: '6f1c…' };

beforeEach(() => {
  collect.mockReset();
  collect.mockResolvedValue(session);
});

describe('confirmPayment: radar', () => {
  it('collects the session, has the server save it, then continues once: in that order', async () => {
    const order: string[] = [];
    collect.mockImplementation(() => (order.push('collect'), Promise.resolve(session)));
    const saveRadarSession = vi.fn((_session: RadarSession) => (order.push('save'), Promise.resolve({ success: true })));
    const continuePayment = vi.fn(() => (order.push('continue'), Promise.resolve(succeeded)));
    const result = await confirmPayment({ payment: airwallex, saveRadarSession, continuePayment, environment: 'local', sandboxUrl: 'http://localhost:9999' });
    expect(order).toEqual(['collect', 'save', 'continue']);
    expect(collect).toHaveBeenCalledWith({ type: 'radar', provider: 'airwallex', isTest: true }, 'pay_1', expect.objectContaining({ environment: 'local', sandboxUrl: 'http://localhost:9999' }));
    expect(saveRadarSession.mock.calls[0]?.[0]).toEqual(session);
    expect(result).toEqual({ status: 'succeeded', payment: succeeded, radarSessions: [session] });
  });

  it('passes the Stripe key and order to the collector', async () => {
    await confirmPayment({ payment: stripe, saveRadarSession: vi.fn(() => Promise.resolve()), continuePayment: () => Promise.resolve(succeeded) });
    expect(collect.mock.calls[0]?.[0]).toEqual({ type: 'stripe_radar', provider: 'stripe', publishableKey: 'pk_test_1', orderId: 'order_1' });
  });

  it('runs a chain in order: radar, then the 3DS challenge the continued payment asks for', async () => {
    const threeds = { startChallenge: vi.fn((_challenge: ThreeDSChallenge) => Promise.resolve<ChallengeResult>({ success: true, authenticationStatus: 'successful', reason: undefined })) };
    const continuePayment = vi.fn().mockResolvedValueOnce(challenged).mockResolvedValueOnce(succeeded);
    const saveRadarSession = vi.fn(() => Promise.resolve());
    const result = await confirmPayment({ payment: airwallex, threeds, saveRadarSession, continuePayment });
    expect(saveRadarSession).toHaveBeenCalledTimes(1);
    expect(threeds.startChallenge).toHaveBeenCalledTimes(1);
    expect(continuePayment).toHaveBeenCalledTimes(2);
    expect(result).toMatchObject({ status: 'succeeded', radarSessions: [session], challenge: { success: true } });
  });

  it('polls, never collecting twice, while the continued payment still asks for the same radar check', async () => {
    const fetchPayment = vi.fn().mockResolvedValueOnce(airwallex).mockResolvedValueOnce(succeeded);
    const saveRadarSession = vi.fn(() => Promise.resolve());
    const result = await confirmPayment({ payment: airwallex, saveRadarSession, continuePayment: () => Promise.resolve(airwallex), fetchPayment, polling: { intervalMs: 1 } });
    expect(collect).toHaveBeenCalledTimes(1);
    expect(saveRadarSession).toHaveBeenCalledTimes(1);
    expect(result.status).toBe('succeeded');
  });

  it('never continues when the save fails: a typed error with the cause', async () => {
    const failure = new Error('500 from /api/radar-sessions');
    const continuePayment = vi.fn();
    const error = await confirmPayment({ payment: airwallex, saveRadarSession: () => Promise.reject(failure), continuePayment }).catch((caught: unknown) => caught);
    expect(TesseraNextActionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'next_action_save_failed', reason: 'save_failed', action: 'radar', paymentId: 'pay_1', cause: failure });
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it('never saves or continues when the script fails', async () => {
    collect.mockRejectedValue(new TesseraNextActionError('script_failed', 'radar', 'pay_1', 'The Airwallex fingerprint script could not be loaded'));
    const saveRadarSession = vi.fn();
    const continuePayment = vi.fn();
    await expect(confirmPayment({ payment: airwallex, saveRadarSession, continuePayment })).rejects.toMatchObject({ code: 'next_action_script_failed' });
    expect(saveRadarSession).not.toHaveBeenCalled();
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it('an abort while saving rejects with TesseraAbortError and continues nothing', async () => {
    const controller = new AbortController();
    const saveRadarSession = vi.fn(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const continuePayment = vi.fn();
    await expect(confirmPayment({ payment: airwallex, saveRadarSession, continuePayment, signal: controller.signal })).rejects.toBeInstanceOf(TesseraAbortError);
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it('without fetchPayment, never continues twice: a payment still on its check is answered as is', async () => {
    const continuePayment = vi.fn(() => Promise.resolve(airwallex));
    const result = await confirmPayment({ payment: airwallex, saveRadarSession: vi.fn(() => Promise.resolve()), continuePayment });
    expect(continuePayment).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(result.status).toBe('requires_action');
  });

  it('polling sees the next action of a chain (the 3DS challenge) and runs it, instead of waiting for a final status', async () => {
    const threeds = { startChallenge: vi.fn((_challenge: ThreeDSChallenge) => Promise.resolve<ChallengeResult>({ success: true, authenticationStatus: 'successful', reason: undefined })) };
    const continuePayment = vi.fn().mockResolvedValueOnce(airwallex).mockResolvedValueOnce(succeeded);
    const fetchPayment = vi.fn().mockResolvedValueOnce(airwallex).mockResolvedValueOnce(challenged);
    const result = await confirmPayment({ payment: airwallex, threeds, saveRadarSession: vi.fn(() => Promise.resolve()), continuePayment, fetchPayment, polling: { intervalMs: 1 } });
    expect(fetchPayment).toHaveBeenCalledTimes(2);
    expect(threeds.startChallenge).toHaveBeenCalledTimes(1);
    expect(result.status).toBe('succeeded');
  });

  it("an abort while the merchant's server call is in flight rejects with TesseraAbortError", async () => {
    const controller = new AbortController();
    const continuePayment = vi.fn(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    await expect(confirmPayment({ payment: airwallex, saveRadarSession: vi.fn(() => Promise.resolve()), continuePayment, signal: controller.signal })).rejects.toBeInstanceOf(TesseraAbortError);
  });

  it('an action that comes back with a fresh resumeToken is the same action: polled, not run again', async () => {
    const page = (resumeToken: string): Payment => ({ ...base, status: 'pending', requireAction: 'processor_auth', requireActionData: { type: 'processor_auth', resumeToken, metadata: { redirect: { redirectUrl: 'https://psp.example/a' } } } });
    const popup = { closed: false, close: vi.fn(), location: { href: 'https://shop.example/return?paymentId=pay_1' } };
    vi.stubGlobal('window', { open: vi.fn(() => popup), location: { origin: 'https://shop.example', href: 'https://shop.example/checkout' } });
    vi.stubGlobal('location', { href: 'https://shop.example/checkout' });
    try {
      const fetchPayment = vi.fn().mockResolvedValueOnce(page('rt_3')).mockResolvedValueOnce(succeeded);
      const result = await confirmPayment({ payment: page('rt_1'), redirect: 'popup', returnUrl: '/return', continuePayment: () => Promise.resolve(page('rt_2')), fetchPayment, polling: { intervalMs: 1 } });
      // The relative returnUrl is recognised in the popup, and the page is opened once.
      expect((window.open as ReturnType<typeof vi.fn>).mock.calls).toHaveLength(1);
      expect(result).toMatchObject({ status: 'succeeded', redirect: 'returned' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
