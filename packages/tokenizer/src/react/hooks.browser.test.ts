import { decodeServiceToken, type Payment } from '@tessera/core';
import { act, createElement } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';
import { strictModeRoot } from '../../test/strict-mode-root.js';
import { loadWebThreeds } from '../basis-theory.js';
import { useConfirmPayment, type UseConfirmPaymentResult } from './use-confirm-payment.js';
import type { RadarSession } from '../confirm/radar.js';
import { useThreeDSChallenge, type UseThreeDSChallengeOptions, type UseThreeDSChallengeResult } from './use-three-ds-challenge.js';
import { useTokenizer, type UseTokenizerResult } from './use-tokenizer.js';

const sandboxUrl = inject('sandboxUrl');
const app = strictModeRoot();

/** Renders `useHook` in StrictMode (double effects) and returns a getter for its latest value. */
function renderHook<T>(useHook: () => T): () => T {
  let latest: T | undefined;
  function Probe(): null {
    latest = useHook();
    return null;
  }
  app.render(createElement(Probe));
  return () => latest as T;
}

describe('useTokenizer', () => {
  it('tokenizes through the sandbox vault with loading and result state', async () => {
    const hook = renderHook((): UseTokenizerResult => useTokenizer({ environment: 'local', vaultUrl: sandboxUrl }));
    expect(hook()).toMatchObject({ loading: false, error: undefined, result: undefined });
    let pending: Promise<string | undefined> | undefined;
    act(() => {
      pending = hook().tokenizeCard({ cardNumber: '4242 4242 4242 4242', expiryDate: '12/35', cvc: '123' });
    });
    expect(hook().loading).toBe(true);
    let token: string | undefined;
    await act(async () => {
      token = await pending;
    });
    expect(hook()).toMatchObject({ loading: false, error: undefined, result: token });
    expect(decodeServiceToken(token ?? '')).toMatchObject({ type: 'card', nonSensitiveMetadata: { last4: '4242' } });
  });

  it('tokenizes with the card facts the 3DS session needs, the token in result', async () => {
    const hook = renderHook((): UseTokenizerResult => useTokenizer({ environment: 'local', vaultUrl: sandboxUrl }));
    let tokenized: Awaited<ReturnType<UseTokenizerResult['tokenizeCardWithFacts']>>;
    await act(async () => {
      tokenized = await hook().tokenizeCardWithFacts({ cardNumber: '4000 0000 0000 3220', expiryDate: '12/35', cvc: '123' });
    });
    expect(tokenized!).toMatchObject({ card: { card: { last4: '3220' }, scaRequired: true } });
    expect(hook()).toMatchObject({ loading: false, error: undefined, result: tokenized!.serviceToken });
    await act(async () => {
      await expect(hook().tokenizeCardWithFacts({ cardNumber: '1234', expiryDate: '', cvc: '' })).resolves.toBeUndefined();
    });
    expect(hook().error).toMatchObject({ name: 'TesseraValidationError' });
  });

  it('puts typed errors in state instead of throwing', async () => {
    const hook = renderHook((): UseTokenizerResult => useTokenizer({ environment: 'local', vaultUrl: sandboxUrl }));
    await act(async () => {
      await expect(hook().tokenizeCard({ cardNumber: '1234', expiryDate: '', cvc: '' })).resolves.toBeUndefined();
    });
    expect(hook().error).toMatchObject({ name: 'TesseraValidationError' });
    expect((hook().error as unknown as { fields: unknown[] }).fields).toHaveLength(3);
    act(() => hook().reset());
    expect(hook()).toMatchObject({ loading: false, error: undefined, result: undefined });

    const broken = renderHook((): UseTokenizerResult => useTokenizer({ environment: 'local', vaultUrl: sandboxUrl, vaultKey: 'key_test_us_pub_wrong' }));
    expect(broken().tokenizer).toBeDefined();
    await act(async () => {
      await broken().tokenizeCard({ cardNumber: '4242424242424242', expiryDate: '12/35', cvc: '123' });
    });
    expect(broken().error).toMatchObject({ name: 'TesseraVaultError', status: 401 });
  });

  it('an unknown environment is an error in state, not a crash', () => {
    const hook = renderHook((): UseTokenizerResult => useTokenizer({ environment: 'staging' as never }));
    expect(hook().tokenizer).toBeUndefined();
    expect(hook().error).toMatchObject({ name: 'TesseraConfigurationError', reason: 'unknown_environment' });
  });
});

describe('useThreeDSChallenge', () => {
  it('opens exactly one modal under StrictMode double effects and reports the result', async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    const options: UseThreeDSChallengeOptions = { environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds, challenge };
    const hook = renderHook((): UseThreeDSChallengeResult => useThreeDSChallenge(options));
    expect(hook().loading).toBe(true);
    // The modal opens once web-threeds is loaded; the StrictMode rehearsal's challenge never opens one.
    await act(async () => {
      await expect.poll(() => document.querySelectorAll('dialog').length).toBe(1);
      await commands.readAcsPage('Card issuer verification', 'Approve');
    });
    expect(document.querySelectorAll('dialog')).toHaveLength(1);

    // The state update arrives with the ACS's message, so the wait runs inside act().
    await act(async () => {
      await commands.clickAcsButton('Card issuer verification', 'Approve');
      await expect.poll(() => document.querySelectorAll('dialog').length).toBe(0);
    });
    expect(hook().result).toEqual({ success: true, authenticationStatus: 'successful', reason: undefined });
    expect(hook().loading).toBe(false);
    expect(document.querySelectorAll('dialog')).toHaveLength(0);
    expect(await commands.getPaymentStatus(paymentId)).toBe('succeeded');
  });

  it('an inline loadWebThreeds (a new function each render) opens the challenge once, not again on each render', async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    let loads = 0;
    // As a page writes it: the options, and the loader, made anew on each render.
    const hook = renderHook((): UseThreeDSChallengeResult => useThreeDSChallenge({ environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds: () => (loads++, loadWebThreeds()), challenge }));
    await act(async () => {
      await expect.poll(() => document.querySelectorAll('dialog').length).toBe(1);
      await commands.readAcsPage('Card issuer verification', 'Approve');
    });
    await act(async () => {
      await commands.clickAcsButton('Card issuer verification', 'Approve');
      await expect.poll(() => document.querySelectorAll('dialog').length).toBe(0);
    });
    expect(hook().result).toEqual({ success: true, authenticationStatus: 'successful', reason: undefined });
    expect(await commands.getPaymentStatus(paymentId)).toBe('succeeded');
    // The StrictMode rehearsal's challenge may load it too; a render never does.
    expect(loads).toBeLessThanOrEqual(2);
  });

  it('start() from an event handler, cancel(), and unmount closes an open modal', async () => {
    const first = await commands.createPendingChallenge();
    const hook = renderHook((): UseThreeDSChallengeResult => useThreeDSChallenge({ environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds }));
    let result: Promise<unknown> | undefined;
    act(() => {
      result = hook().start(first.challenge);
    });
    await act(async () => {
      await expect.poll(() => document.querySelectorAll('dialog').length).toBe(1);
    });
    act(() => hook().cancel());
    await act(async () => {
      await expect(result).resolves.toMatchObject({ success: false, reason: 'cancelled' });
    });
    expect(hook().result).toMatchObject({ reason: 'cancelled' });

    const second = await commands.createPendingChallenge();
    act(() => {
      void hook().start(second.challenge);
    });
    await act(async () => {
      await expect.poll(() => document.querySelectorAll('dialog').length).toBe(1);
    });
    app.unmount();
    expect(document.querySelectorAll('dialog')).toHaveLength(0);
    expect(document.documentElement.style.overflow).toBe('');
  });
});

describe('useConfirmPayment', () => {
  const continuePayment = (paymentId: string): Promise<Payment> => commands.continueTestPayment(paymentId) as Promise<Payment>;

  it('runs the challenge the payment asks for and sets the final status once', async () => {
    const hook = renderHook((): UseConfirmPaymentResult => useConfirmPayment({ environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds, continuePayment }));
    const payment = (await commands.processTestCard('4000000000003220')) as Payment;
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = hook().confirm(payment);
    });
    expect(hook().loading).toBe(true);
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    await act(async () => {
      await pending;
    });
    expect(hook()).toMatchObject({ loading: false, error: undefined, result: { status: 'succeeded', payment: { id: payment.id } } });
  });

  it('runs a chain through the hook: the Airwallex radar check, then the challenge; exposes threeds for the session', async () => {
    const saveRadarSession = (session: RadarSession) => commands.saveTestRadarSession(session);
    const hook = renderHook((): UseConfirmPaymentResult => useConfirmPayment({ environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds, continuePayment, saveRadarSession }));
    expect(hook().threeds).toBeDefined();
    const payment = (await commands.processTestCard('4000000000004970')) as Payment;
    expect(payment).toMatchObject({ requireAction: 'radar' });
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = hook().confirm(payment);
    });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    await act(async () => {
      await pending;
    });
    expect(hook()).toMatchObject({ loading: false, error: undefined, result: { status: 'succeeded', payment: { id: payment.id }, radarSessions: [{ paymentId: payment.id }] } });
    // The stand-in came from the sandbox (vaultUrl), not from Airwallex.
    expect(document.querySelector<HTMLScriptElement>('#airwallex-fraud-api')?.src).toBe(`${sandboxUrl}/airwallex/webapp/fraud/device-fingerprint/index.js`);
  });

  it('puts an action no source publishes in error, with the action', async () => {
    const hook = renderHook((): UseConfirmPaymentResult => useConfirmPayment({ environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds, continuePayment }));
    const payment: Payment = { id: 'pay_x', amount: 100, currency: 'USD', status: 'pending', requireAction: 'sca_exemption', requireActionData: { type: 'sca_exemption' } };
    await act(async () => {
      await expect(hook().confirm(payment)).resolves.toBeUndefined();
    });
    expect(hook().error).toMatchObject({ name: 'TesseraPaymentActionError', action: 'sca_exemption' });
  });
});
