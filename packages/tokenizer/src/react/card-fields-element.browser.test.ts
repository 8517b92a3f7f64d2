import type { Payment } from '@tessera/core';
import { act, createElement, useMemo } from 'react';
import { describe, expect, inject, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { strictModeRoot } from '../../test/strict-mode-root.js';
import { loadWebThreeds } from '../basis-theory.js';
import { createCardFields, type CardFields as CardFieldsObject, type CardFieldsState } from '../fields.js';
import { fillCardFieldsInSandbox } from '../testing.js';
import { CardFields, useCardFieldsState } from './card-fields-element.js';
import { useConfirmPayment, type UseConfirmPaymentResult } from './use-confirm-payment.js';

const sandboxUrl = inject('sandboxUrl');
const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
const app = strictModeRoot();

interface Checkout {
  fields: CardFieldsObject;
  state: CardFieldsState | undefined;
  confirm: UseConfirmPaymentResult;
}

/** A checkout component as a merchant writes it, in StrictMode (effects run twice): fields, their state, and confirmPayment's hook. */
function renderCheckout(layout: 'combined' | 'split', onReady: () => void): () => Checkout {
  let latest: Checkout | undefined;
  function Checkout() {
    const fields = useMemo(() => createCardFields({ environment: 'local', vaultUrl: sandboxUrl }), []);
    const state = useCardFieldsState(fields);
    const confirm = useConfirmPayment({ environment: 'local', vaultUrl: sandboxUrl, loadWebThreeds, continuePayment: (paymentId) => commands.continueTestPayment(paymentId) as Promise<Payment> });
    latest = { fields, state, confirm };
    return createElement('form', { id: 'checkout' }, createElement(CardFields, { fields, layout, onReady, className: 'card-fields' }));
  }
  app.render(createElement(Checkout));
  return () => latest as Checkout;
}

describe('<CardFields> (React) against the sandbox', () => {
  it('mounts once under StrictMode, fills (fillCardFieldsInSandbox), and pays frictionless; unmounting removes the frames', async () => {
    const ready = vi.fn();
    const checkout = renderCheckout('combined', ready);
    await vi.waitFor(() => expect(ready).toHaveBeenCalled(), { timeout: 5000 });
    expect(document.querySelectorAll('#checkout iframe')).toHaveLength(1);
    expect(checkout().state).toMatchObject({ complete: false, empty: true });
    act(() => fillCardFieldsInSandbox(document.querySelector('#checkout')!, { number: '4242 4242 4242 4242', expiry: `12/${year}`, cvc: '123', name: 'Ada Lovelace' }));
    await vi.waitFor(() => expect(checkout().state).toMatchObject({ complete: true, valid: true, brand: 'visa' }));
    const { serviceToken } = await checkout().fields.tokenize();
    const payment = (await commands.payWithServiceToken(serviceToken)) as unknown as Payment;
    expect(payment.status).toBe('succeeded');
    app.unmount();
    expect(app.host?.innerHTML).toBe('');
  });

  it('pays a 3DS card typed into the split fields with useConfirmPayment', async () => {
    const ready = vi.fn();
    const checkout = renderCheckout('split', ready);
    await vi.waitFor(() => expect(ready).toHaveBeenCalled(), { timeout: 5000 });
    expect(document.querySelectorAll('#checkout iframe')).toHaveLength(3);
    act(() => fillCardFieldsInSandbox(document.querySelector('#checkout')!, { number: '4000 0000 0000 3220', expiry: `12/${year}`, cvc: '123', name: 'Ada Lovelace' }));
    await vi.waitFor(() => expect(checkout().state?.complete).toBe(true));
    const { serviceToken, card } = await checkout().fields.tokenize();
    expect(card.scaRequired).toBe(true);
    const payment = (await commands.payWithServiceToken(serviceToken)) as unknown as Payment;
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = checkout().confirm.confirm(payment);
    });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    await act(async () => {
      await pending;
    });
    expect(checkout().confirm.result).toMatchObject({ status: 'succeeded', payment: { id: payment.id, status: 'succeeded' } });
  });
});
