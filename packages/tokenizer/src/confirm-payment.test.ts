import type { Payment, ThreeDSChallenge } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import type { ChallengeResult } from './challenge-modal.js';
import { confirmPayment } from './confirm-payment.js';
import { TesseraPaymentActionError } from './errors.js';

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

  it.each(['processor_auth', 'radar', 'error', 'something_new'])('rejects %s with a typed error carrying the action and its data', async (action) => {
    const payment: Payment = { ...base, status: 'pending', requireAction: action, requireActionData: { type: action, metadata: { detail: 'x' } } };
    const error = await confirmPayment({ payment, continuePayment: vi.fn() }).catch((caught: unknown) => caught);
    expect(TesseraPaymentActionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'unsupported_payment_action', action, actionData: { type: action, metadata: { detail: 'x' } }, paymentId: 'pay_1' });
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'http://bank.example/approve', 'not a url'])(
    'never opens a redirect to %s (only https, or http on localhost): an action it cannot run',
    async (redirectUrl) => {
      const payment: Payment = { ...redirecting, requireActionData: { type: 'redirect', metadata: { redirect: { redirectUrl } } } };
      const navigate = vi.fn();
      const error = await confirmPayment({ payment, navigate, continuePayment: vi.fn() }).catch((caught: unknown) => caught);
      expect(TesseraPaymentActionError.isInstance(error)).toBe(true);
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('rejects a threeds_auth payment without its challenge data as an action it cannot run', async () => {
    const payment: Payment = { ...base, status: 'pending', requireAction: 'threeds_auth' };
    await expect(confirmPayment({ payment, threeds: challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined }), continuePayment: vi.fn() })).rejects.toMatchObject({ code: 'unsupported_payment_action', action: 'threeds_auth' });
  });

  it('needs threeds for a challenge and a way to reach the server', async () => {
    await expect(confirmPayment({ payment: challenged, continuePayment: vi.fn() })).rejects.toMatchObject({ code: 'configuration_error' });
    const threeds = challengeOutcome({ success: true, authenticationStatus: 'successful', reason: undefined });
    await expect(confirmPayment({ payment: challenged, threeds })).rejects.toMatchObject({ code: 'configuration_error' });
  });
});
