import { toConfirmablePayment, type ConfirmablePayment, type Payment, type ThreeDSChallenge } from '@tessera/core';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ChallengeResult } from '../threeds/challenge-modal.js';
import { confirmPayment } from './confirm-payment.js';
import { TesseraAbortError } from '@tessera/core';
import { TesseraNextActionError, TesseraPaymentActionError, TesseraPaymentFailedError } from './payment-action-errors.js';
import type { RadarSession } from './radar.js';

const base = { id: 'pay_1', amount: 1999, currency: 'USD' };
const succeeded: Payment = { ...base, status: 'succeeded', subStatus: 'approved', requireAction: 'none' };
const challenged: Payment = {
  ...base,
  status: 'pending',
  requireAction: 'threeds_auth',
  requireActionData: {
    type: 'threeds_auth',
    metadata: { threedsSession: { externalSessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_1', messageVersion: '2.2.0' } },
  },
};
const redirecting: Payment = {
  ...base,
  status: 'pending',
  requireAction: 'redirect',
  requireActionData: { type: 'redirect', metadata: { redirect: { redirectUrl: 'https://bank.example/approve?p=pay_1' } } },
};
const challengeOutcome = (result: ChallengeResult) => ({ startChallenge: vi.fn((_challenge: ThreeDSChallenge, _options?: unknown) => Promise.resolve(result)) });

describe('confirmPayment', () => {
  it('resolves at once with a payment that needs nothing (no server call)', async () => {
    const continuePayment = vi.fn();
    await expect(confirmPayment({ payment: succeeded, continuePayment })).resolves.toEqual({ status: 'succeeded', payment: succeeded });
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it("takes the part of the payment a merchant server hands the page (core's toConfirmablePayment), and answers that type", async () => {
    const handed = toConfirmablePayment({ ...challenged, customerId: 'cus_1' });
    const threeds = challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined });
    const continued = toConfirmablePayment(succeeded);
    const result = await confirmPayment({ payment: handed, threeds, continuePayment: () => Promise.resolve(continued) });
    expectTypeOf(result.payment).toEqualTypeOf<ConfirmablePayment>();
    expect(result).toEqual({ status: 'succeeded', payment: continued, challenge: { success: true, authenticationStatus: 'successful', reason: undefined } });
  });

  it('runs the 3DS challenge with the payment\'s four values, continues once, and resolves with the final status', async () => {
    const threeds = challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined });
    const continuePayment = vi.fn((_id: string) => Promise.resolve(succeeded));
    const result = await confirmPayment({ payment: challenged, threeds, continuePayment, challenge: { windowSize: '02' } });
    expect(threeds.startChallenge).toHaveBeenCalledWith({ sessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransactionId: 'acs_1', threeDSVersion: '2.2.0' }, { windowSize: '02' });
    expect(continuePayment).toHaveBeenCalledTimes(1);
    expect(continuePayment.mock.calls[0]?.[0]).toBe('pay_1');
    expect(result).toEqual({ status: 'succeeded', payment: succeeded, challenge: { success: true, authenticationStatus: 'successful', reason: undefined } });
  });

  it('polls fetchPayment when the continued payment is still processing', async () => {
    const threeds = challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined });
    const processing: Payment = { ...base, status: 'processing', requireAction: 'none' };
    const fetchPayment = vi.fn().mockResolvedValueOnce(processing).mockResolvedValueOnce(succeeded);
    const result = await confirmPayment({ payment: challenged, threeds, continuePayment: () => Promise.resolve(processing), fetchPayment, polling: { intervalMs: 1 } });
    expect(result.status).toBe('succeeded');
    expect(fetchPayment).toHaveBeenCalledTimes(2);
  });

  it('polls, never reopening the challenge, while the continued payment still asks for the challenge just run', async () => {
    const threeds = challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined });
    const fetchPayment = vi.fn().mockResolvedValueOnce(challenged).mockResolvedValueOnce(succeeded);
    const result = await confirmPayment({ payment: challenged, threeds, continuePayment: () => Promise.resolve(challenged), fetchPayment, polling: { intervalMs: 1 } });
    expect(threeds.startChallenge).toHaveBeenCalledTimes(1);
    expect(fetchPayment).toHaveBeenCalledTimes(2);
    expect(result.status).toBe('succeeded');
  });

  it('runs a second, different challenge the continued payment asks for', async () => {
    const threeds = challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined });
    const session = { externalSessionId: 'sess_2', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_2', messageVersion: '2.2.0' };
    const again: Payment = { ...challenged, requireActionData: { type: 'threeds_auth', metadata: { threedsSession: session } } };
    const continuePayment = vi.fn().mockResolvedValueOnce(again).mockResolvedValueOnce(succeeded);
    const result = await confirmPayment({ payment: challenged, threeds, continuePayment });
    expect(threeds.startChallenge).toHaveBeenCalledTimes(2);
    expect(threeds.startChallenge.mock.calls[1]?.[0]).toMatchObject({ sessionId: 'sess_2' });
    expect(result.status).toBe('succeeded');
  });

  it('asks the server once, without polling, when the customer cancels the challenge', async () => {
    const threeds = challengeOutcome({ success: false, authenticationStatus: undefined, reason: 'cancelled' });
    const fetchPayment = vi.fn(() => Promise.resolve(challenged));
    const result = await confirmPayment({ payment: challenged, threeds, fetchPayment });
    expect(fetchPayment).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ status: 'requires_action', challenge: { reason: 'cancelled' } });
  });

  it('navigates to the redirect URL and resolves requires_action (the page is leaving)', async () => {
    const navigate = vi.fn();
    const continuePayment = vi.fn();
    const result = await confirmPayment({ payment: redirecting, navigate, continuePayment });
    expect(navigate).toHaveBeenCalledWith('https://bank.example/approve?p=pay_1');
    expect(continuePayment).not.toHaveBeenCalled();
    expect(result).toEqual({ status: 'requires_action', payment: redirecting, redirect: 'navigate' });
  });

  it('rejects an action no source publishes with a typed error carrying the action and its data', async () => {
    const payment: Payment = { ...base, status: 'pending', requireAction: 'something_new', requireActionData: { type: 'something_new', metadata: { detail: 'x' } } };
    const continuePayment = vi.fn();
    const error = await confirmPayment({ payment, continuePayment }).catch((caught: unknown) => caught);
    expect(TesseraPaymentActionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'unsupported_payment_action', action: 'something_new', actionData: { type: 'something_new', metadata: { detail: 'x' } }, paymentId: 'pay_1' });
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'http://bank.example/approve', 'not a url'])(
    'never opens a redirect to %s (only https, or http on localhost): a typed error naming the field',
    async (redirectUrl) => {
      const payment: Payment = { ...redirecting, requireActionData: { type: 'redirect', metadata: { redirect: { redirectUrl } } } };
      const navigate = vi.fn();
      const continuePayment = vi.fn();
      const error = await confirmPayment({ payment, navigate, continuePayment }).catch((caught: unknown) => caught);
      expect(TesseraNextActionError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'next_action_insecure_url', reason: 'insecure_url', action: 'redirect', paymentId: 'pay_1' });
      expect((error as Error).message).toContain('requireActionData.metadata.redirect.redirectUrl');
      expect(navigate).not.toHaveBeenCalled();
      expect(continuePayment).not.toHaveBeenCalled();
    },
  );

  it('rejects a threeds_auth payment without its challenge data, naming what is missing', async () => {
    const payment: Payment = { ...base, status: 'pending', requireAction: 'threeds_auth' };
    const error = await confirmPayment({ payment, threeds: challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined }), continuePayment: vi.fn() }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'next_action_invalid_action_data', action: 'threeds_auth' });
    expect((error as Error).message).toContain('requireActionData.metadata.threedsSession');
  });

  it('needs threeds for a challenge and a way to reach the server', async () => {
    await expect(confirmPayment({ payment: challenged, continuePayment: vi.fn() })).rejects.toMatchObject({ code: 'configuration_error' });
    const threeds = challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined });
    await expect(confirmPayment({ payment: challenged, threeds })).rejects.toMatchObject({ code: 'configuration_error' });
  });

  // plugin-sdk 2.3.3 usePayment: processor_auth goes to metadata.redirect.redirectUrl like redirect.
  it('runs processor_auth like a redirect, metadata type first, with returnUrl, paymentId and resumeToken carried', async () => {
    const payment: Payment = {
      ...base,
      status: 'pending',
      requireAction: 'redirect',
      requireActionData: { type: 'redirect', resumeToken: 'rt_1', metadata: { type: 'processor_auth', redirect: { redirectUrl: 'https://psp.example/auth?s=1' } } },
    };
    const navigate = vi.fn();
    const continuePayment = vi.fn();
    await expect(confirmPayment({ payment, navigate, continuePayment, returnUrl: 'https://shop.example/return' })).resolves.toMatchObject({ status: 'requires_action', redirect: 'navigate' });
    const target = new URL(navigate.mock.calls[0]?.[0] as string);
    expect(`${target.origin}${target.pathname}`).toBe('https://psp.example/auth');
    expect(target.searchParams.get('s')).toBe('1');
    expect(target.searchParams.get('returnUrl')).toBe('https://shop.example/return?paymentId=pay_1&resumeToken=rt_1');
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it('refuses a returnUrl the redirect page would send the customer to that is not a path of this page or an https URL, at once: nothing opened or asked', async () => {
    const navigate = vi.fn();
    const continuePayment = vi.fn();
    for (const returnUrl of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'http://shop.example/return', '//evil.example/return', '/\\evil.example/return']) {
      await expect(confirmPayment({ payment: redirecting, navigate, continuePayment, returnUrl })).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'returnUrl' }] });
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(continuePayment).not.toHaveBeenCalled();
    await confirmPayment({ payment: redirecting, navigate, continuePayment, returnUrl: 'http://localhost:3000/return' });
    expect(new URL(navigate.mock.calls[0]?.[0] as string).searchParams.get('returnUrl')).toBe('http://localhost:3000/return?paymentId=pay_1');
  });

  it('refuses a sandboxUrl radar scripts would load from that is not https (http only on localhost) at once, not after the payment moved on', async () => {
    const continuePayment = vi.fn();
    for (const sandboxUrl of ['http://sandbox.example', 'javascript:alert(1)']) {
      await expect(confirmPayment({ payment: succeeded, continuePayment, sandboxUrl })).rejects.toMatchObject({ name: 'TesseraConfigurationError', message: expect.stringMatching(/sandboxUrl/) });
    }
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it("rejects an error action with the service's message, asking the server nothing", async () => {
    const payment: Payment = { ...base, status: 'pending', requireAction: 'error', requireActionData: { type: 'error', message: 'Card blocked by the processor' } };
    const continuePayment = vi.fn();
    const error = await confirmPayment({ payment, continuePayment }).catch((caught: unknown) => caught);
    expect(TesseraPaymentFailedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'payment_failed', message: 'Card blocked by the processor', paymentId: 'pay_1' });
    expect(continuePayment).not.toHaveBeenCalled();
  });

  it('a popup that never comes back is not an error: it closes after popupTimeoutMs and the server is asked once', async () => {
    const popup = { closed: false, close: vi.fn(), location: {} };
    Object.defineProperty(popup.location, 'href', { get: () => { throw new DOMException('cross-origin', 'SecurityError'); } });
    vi.stubGlobal('window', { open: vi.fn(() => popup), location: { origin: 'https://shop.example', href: 'https://shop.example/checkout' } });
    try {
      const continuePayment = vi.fn(() => Promise.resolve(succeeded));
      const result = await confirmPayment({ payment: redirecting, redirect: 'popup', popupTimeoutMs: 30, continuePayment });
      expect(popup.close).toHaveBeenCalled();
      expect(continuePayment).toHaveBeenCalledTimes(1);
      // The customer approved on a page that never came back: the server's answer is the truth.
      expect(result).toMatchObject({ status: 'succeeded', redirect: 'timeout' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  describe('a popup on a page this page cannot read (it waited popupTimeoutMs in silence)', () => {
    const unreadablePopup = () => {
      const popup = { closed: false, close: vi.fn(() => (popup.closed = true)), location: {} };
      Object.defineProperty(popup.location, 'href', { get: () => { throw new DOMException('cross-origin', 'SecurityError'); } });
      vi.stubGlobal('window', { open: vi.fn(() => popup), location: { origin: 'https://shop.example', href: 'https://shop.example/checkout' } });
      return popup;
    };
    /** Nothing polls once the call resolved. */
    const expectNoMorePolls = async (fetchPayment: { mock: { calls: unknown[] } }) => {
      const calls = fetchPayment.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(fetchPayment.mock.calls).toHaveLength(calls);
    };

    it('polls fetchPayment (at most once a second, one request at a time) and resolves settled with the final payment within seconds: the popup closes, the server continues it once, as after a return', async () => {
      const popup = unreadablePopup();
      try {
        const answers = [redirecting, succeeded];
        const fetchPayment = vi.fn((_paymentId: string) => new Promise<Payment>((resolve) => setTimeout(() => resolve(answers.shift() ?? succeeded), 5)));
        const continuePayment = vi.fn(() => Promise.resolve(succeeded));
        const started = Date.now();
        const result = await confirmPayment({ payment: redirecting, redirect: 'popup', popupTimeoutMs: 600_000, polling: { intervalMs: 20 }, fetchPayment, continuePayment });
        expect(result).toMatchObject({ status: 'succeeded', redirect: 'settled', payment: succeeded });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(popup.close).toHaveBeenCalled();
        expect(continuePayment).toHaveBeenCalledTimes(1);
        expect(fetchPayment.mock.calls.every(([id]) => id === 'pay_1')).toBe(true);
        await expectNoMorePolls(fetchPayment);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('a payment that asks for another action while the popup is open ends the wait too, and that action runs next', async () => {
      const popup = unreadablePopup();
      try {
        const fetchPayment = vi.fn(() => Promise.resolve(fetchPayment.mock.calls.length === 1 ? redirecting : challenged));
        const continuePayment = vi.fn(() => Promise.resolve(challenged));
        const threeds = { startChallenge: vi.fn(() => Promise.resolve({ success: true, authenticationStatus: 'Y', reason: undefined } as unknown as ChallengeResult)) };
        continuePayment.mockResolvedValueOnce(challenged).mockResolvedValueOnce(succeeded);
        const started = Date.now();
        const result = await confirmPayment({ payment: redirecting, redirect: 'popup', popupTimeoutMs: 600_000, polling: { intervalMs: 20 }, fetchPayment, continuePayment, threeds });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(result).toMatchObject({ status: 'succeeded', redirect: 'settled', payment: succeeded });
        expect(popup.close).toHaveBeenCalled();
        expect(threeds.startChallenge).toHaveBeenCalledTimes(1);
        expect(continuePayment).toHaveBeenCalledTimes(2);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('a failing read is asked again at the next tick; a popup the customer closes ends the polling', async () => {
      const popup = unreadablePopup();
      try {
        const fetchPayment = vi.fn(() => (fetchPayment.mock.calls.length === 1 ? Promise.reject(new Error('HTTP 502')) : Promise.resolve(redirecting)));
        const continuePayment = vi.fn(() => Promise.resolve(redirecting));
        setTimeout(() => (popup.closed = true), 2_500);
        const result = await confirmPayment({ payment: redirecting, redirect: 'popup', polling: { intervalMs: 20 }, fetchPayment, continuePayment });
        expect(result).toMatchObject({ status: 'requires_action', redirect: 'closed' });
        expect(fetchPayment.mock.calls.length).toBeGreaterThan(1);
        await expectNoMorePolls(fetchPayment);
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });

  it("resolves a declined payment's error action with its status and the service's words", async () => {
    const payment: Payment = { ...base, status: 'declined', requireAction: 'error', requireActionData: { type: 'error', message: 'Insufficient funds' } };
    await expect(confirmPayment({ payment, continuePayment: vi.fn() })).resolves.toEqual({ status: 'declined', payment, failure: { message: 'Insufficient funds' } });
  });

  it('rejects an abort during the challenge with TesseraAbortError and asks the server nothing', async () => {
    const controller = new AbortController();
    const threeds = { startChallenge: vi.fn(() => { controller.abort(); return Promise.resolve({ success: false, authenticationStatus: undefined, reason: 'cancelled' } as ChallengeResult); }) };
    const continuePayment = vi.fn();
    const fetchPayment = vi.fn();
    await expect(confirmPayment({ payment: challenged, threeds, continuePayment, fetchPayment, signal: controller.signal })).rejects.toBeInstanceOf(TesseraAbortError);
    expect(continuePayment).not.toHaveBeenCalled();
    expect(fetchPayment).not.toHaveBeenCalled();
  });

  describe('radar', () => {
    const airwallex: Payment = { ...base, status: 'pending', requireAction: 'radar', requireActionData: { type: 'radar', metadata: { provider: 'airwallex', isTest: true } } };

    it('needs saveRadarSession and continuePayment, and says which', async () => {
      const error = await confirmPayment({ payment: airwallex, continuePayment: vi.fn() }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'configuration_error' });
      expect((error as Error).message).toContain('saveRadarSession');
      await expect(confirmPayment({ payment: airwallex, saveRadarSession: vi.fn(), fetchPayment: vi.fn() })).rejects.toThrow(/continuePayment/);
    });

    it.each([
      [{ type: 'radar', metadata: {} }, 'requireActionData.metadata.provider'],
      [{ type: 'stripe_radar', metadata: { radar: {} } }, 'requireActionData.metadata.radar.publishableKey'],
    ])('refuses %j naming the missing field, continuing nothing', async (requireActionData, missing) => {
      const saveRadarSession = vi.fn();
      const continuePayment = vi.fn();
      const error = await confirmPayment({ payment: { ...airwallex, requireActionData }, saveRadarSession, continuePayment }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'next_action_invalid_action_data', reason: 'invalid_action_data' });
      expect((error as Error).message).toContain(missing);
      expect(saveRadarSession).not.toHaveBeenCalled();
      expect(continuePayment).not.toHaveBeenCalled();
    });

    it('is a browser step: outside a page it is a typed error, and nothing is saved or continued', async () => {
      const saveRadarSession = vi.fn();
      const continuePayment = vi.fn();
      await expect(confirmPayment({ payment: airwallex, saveRadarSession, continuePayment })).rejects.toMatchObject({ code: 'next_action_no_dom', action: 'radar' });
      expect(saveRadarSession).not.toHaveBeenCalled();
      expect(continuePayment).not.toHaveBeenCalled();
    });
  });
});

// Keeps RadarSession's two bodies as the vendor's code sends them (a type-level check).
const _airwallexBody: RadarSession = { paymentId: 'pay_1', airwallexRadarSessionId: 'uuid' };
const _stripeBody: RadarSession = { paymentId: 'pay_1', orderId: 'order_1', stripeRadarSessionId: 'rse_1', stripeRadarSessionData: { id: 'rse_1' } };
void [_airwallexBody, _stripeBody];
