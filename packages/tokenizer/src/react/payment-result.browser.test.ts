import type { ConfirmablePayment } from '@tessera/core';
import { act, createElement, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { strictModeRoot } from '../../test/strict-mode-root.js';
import { describePayment, PaymentResult, type DescribablePayment } from './payment-result.js';

const app = strictModeRoot();
const payment = { id: 'pay_1', status: 'succeeded', amount: 1999, currency: 'USD' } as unknown as ConfirmablePayment;

describe('describePayment', () => {
  it('says each end in the customer’s words, the amount paid formatted from minor units', () => {
    expect(describePayment({ status: 'succeeded', payment })).toEqual({ kind: 'succeeded', title: 'Payment succeeded', message: '$19.99 paid. Thank you!' });
    expect(describePayment({ status: 'authorized', payment: { amount: 500, currency: 'JPY' } }).message).toBe('¥500 paid. Thank you!');
    expect(describePayment({ status: 'declined', payment }).kind).toBe('declined');
    expect(describePayment({ status: 'requires_action', payment, challenge: { status: 'cancelled' } as unknown as DescribablePayment['challenge'] })).toMatchObject({ kind: 'cancelled', message: expect.stringContaining('not been charged') as string });
    expect(describePayment({ status: 'requires_action', payment, redirect: 'navigate' }).kind).toBe('redirecting');
    for (const status of ['failed', 'voided'] as const) expect(describePayment({ status, payment }).kind).toBe('failed');
    expect(describePayment({ status: 'requires_action', payment, redirect: 'closed' }).kind).toBe('cancelled');
    expect(describePayment({ status: 'refunded', payment }).kind).toBe('refunded');
    // A payment that may still go through is never "not charged, try again": that would invite a second charge.
    for (const status of ['requires_action', 'processing', 'unknown'] as const) {
      expect(describePayment({ status, payment })).toMatchObject({ kind: 'pending', message: expect.stringContaining('Do not pay again') as string });
    }
  });
});

describe('<PaymentResult>', () => {
  it('is a status region that takes the focus, with the heading, the message, the children and a retry button', () => {
    const onRetry = vi.fn();
    app.render(createElement('div', null, createElement('button', { autoFocus: true }, 'Pay'), createElement(PaymentResult, { result: { status: 'succeeded', payment }, onRetry, className: 'result' }, createElement('a', { href: '/' }, 'Back'))));
    const section = app.host!.querySelector('section')!;
    expect(section.getAttribute('role')).toBe('status');
    expect(section.dataset.outcome).toBe('succeeded');
    expect(section.className).toBe('result');
    expect(document.activeElement).toBe(section);
    expect(section.querySelector('h2')!.textContent).toBe('Payment succeeded');
    expect(section.querySelector('p')!.textContent).toBe('$19.99 paid. Thank you!');
    expect([...section.children].map((child) => child.tagName)).toEqual(['H2', 'P', 'A', 'BUTTON']);
    const button = section.querySelector('button')!;
    expect(button.textContent).toBe('Pay again');
    act(() => button.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('gives the focus back to what had it (the Pay button) when it goes, once that can take it', () => {
    let setDone: (done: boolean) => void = () => undefined;
    function Page() {
      const [done, set] = useState(false);
      setDone = set;
      return createElement('div', null, done && createElement(PaymentResult, { result: { status: 'declined', payment } }), createElement('button', { hidden: done }, 'Pay'));
    }
    app.render(createElement(Page));
    const pay = app.host!.querySelector('button')!;
    pay.focus();
    act(() => setDone(true));
    expect(document.activeElement).toBe(app.host!.querySelector('section'));
    act(() => setDone(false));
    expect(app.host!.querySelector('section')).toBeNull();
    expect(document.activeElement).toBe(pay);
  });

  it('offers "Try again" after a decline, no button while redirecting or without onRetry, and your own words with describe', () => {
    app.render(createElement(PaymentResult, { result: { status: 'declined', payment }, onRetry: () => undefined }));
    expect(app.host!.querySelector('button')!.textContent).toBe('Try again');
    app.render(createElement(PaymentResult, { result: { status: 'requires_action', payment, redirect: 'navigate' }, onRetry: () => undefined }));
    expect(app.host!.querySelector('button')).toBeNull();
    // Still being confirmed: no button, so the customer is not led to pay twice.
    app.render(createElement(PaymentResult, { result: { status: 'processing', payment }, onRetry: () => undefined }));
    expect([app.host!.querySelector('[data-outcome]')!.getAttribute('data-outcome'), app.host!.querySelector('button')]).toEqual(['pending', null]);
    app.render(createElement(PaymentResult, { result: { status: 'declined', payment }, describe: () => ({ kind: 'declined' as const, title: 'Paiement refusé', message: 'Essayez une autre carte.' }) }));
    expect(app.host!.querySelector('h2')!.textContent).toBe('Paiement refusé');
    expect(app.host!.querySelector('button')).toBeNull();
  });
});
