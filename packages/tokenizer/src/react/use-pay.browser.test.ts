import { TesseraValidationError, toConfirmablePayment, type CheckoutPayRequest, type ConfirmablePayment } from '@tessera/core';
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { strictModeRoot } from '../../test/strict-mode-root.js';
import type { PayRequest, TesseraClient } from '../client.js';
import { createTessera, TesseraCheckoutError } from '../client.js';
import type { CardFields } from '../fields.js';
import { usePay, type PayResult, type UsePayResult } from './use-pay.js';

const app = strictModeRoot();

/** Renders `usePay` in StrictMode (double effects) and returns a getter for its latest value. */
function renderHook(tessera: TesseraClient): () => UsePayResult {
  let latest: UsePayResult | undefined;
  function Probe(): null {
    latest = usePay(tessera);
    return null;
  }
  app.render(createElement(Probe));
  return () => latest!;
}

/** A client whose `pay()` calls are recorded and settled by the test. */
function fakeClient() {
  const calls: { request: PayRequest; resolve: (result: PayResult) => void; reject: (error: unknown) => void }[] = [];
  const tessera = {
    pay: (request: PayRequest) =>
      new Promise<PayResult>((resolve, reject) => {
        calls.push({ request, resolve, reject });
      }),
  } as unknown as TesseraClient;
  return { tessera, calls };
}

const payment = { id: 'pay_1', status: 'succeeded', amount: 1999, currency: 'USD' } as unknown as ConfirmablePayment;
const succeeded = { status: 'succeeded', payment } as PayResult;
const request = { tokenized: { serviceToken: 'tok' }, orderRef: 'cart_1' } as const;

describe('usePay', () => {
  it('shows paying, then the result; a second call while one runs gets the same promise (one payment)', async () => {
    const { tessera, calls } = fakeClient();
    const hook = renderHook(tessera);
    expect(hook()).toMatchObject({ paying: false, error: undefined, result: undefined });
    let first: Promise<PayResult | undefined> | undefined;
    let second: Promise<PayResult | undefined> | undefined;
    act(() => {
      first = hook().pay(request);
      second = hook().pay(request);
    });
    expect(second).toBe(first);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.request).toMatchObject({ orderRef: 'cart_1', signal: expect.any(AbortSignal) as AbortSignal });
    expect(hook().paying).toBe(true);
    await act(async () => {
      calls[0]!.resolve(succeeded);
      await first;
    });
    expect(await first).toBe(succeeded);
    expect(hook()).toMatchObject({ paying: false, error: undefined, result: succeeded });
    // The next payment is a new call.
    act(() => {
      void hook().pay(request);
    });
    expect(calls).toHaveLength(2);
  });

  it('a call for another order while one runs never gets that payment’s result (a page naming a new order each click)', async () => {
    const { tessera, calls } = fakeClient();
    const hook = renderHook(tessera);
    let first: Promise<PayResult | undefined> | undefined;
    let other: Promise<PayResult | undefined> | undefined;
    act(() => {
      first = hook().pay(request);
      other = hook().pay({ ...request, orderRef: 'cart_2' });
    });
    expect(calls).toHaveLength(1);
    expect(other).not.toBe(first);
    await act(async () => {
      calls[0]!.resolve(succeeded);
      await first;
    });
    // cart_2 was not paid: its caller must not read cart_1's success as its own.
    expect(await other).toBeUndefined();
    expect(hook()).toMatchObject({ paying: false, error: undefined, result: succeeded });
  });

  it('puts a failure in error and resolves undefined; reset clears it', async () => {
    const { tessera, calls } = fakeClient();
    const hook = renderHook(tessera);
    let pending: Promise<PayResult | undefined> | undefined;
    act(() => {
      pending = hook().pay(request);
    });
    const refused = new TesseraCheckoutError('unknown_order', 'This order is not known to the shop', { status: 404 });
    await act(async () => {
      calls[0]!.reject(refused);
      await pending;
    });
    expect(await pending).toBeUndefined();
    expect(hook()).toMatchObject({ paying: false, error: refused, result: undefined });
    act(() => hook().reset());
    expect(hook()).toMatchObject({ paying: false, error: undefined, result: undefined });
  });

  it('message: the error’s, but none for the card fields’ own refusal, which the fields show beside each field', async () => {
    const { tessera, calls } = fakeClient();
    const hook = renderHook(tessera);
    const fields = {} as CardFields;
    const settle = async (made: Partial<PayRequest>, error: unknown) => {
      let pending: Promise<PayResult | undefined> | undefined;
      act(() => {
        pending = hook().pay({ ...request, ...made });
      });
      await act(async () => {
        calls.at(-1)!.reject(error);
        await pending;
      });
    };
    const empty = new TesseraValidationError([{ field: 'cardNumber', code: 'required', message: 'is required' }, { field: 'cvc', code: 'required', message: 'is required' }]);
    await settle({ fields, tokenized: undefined }, empty);
    expect(hook()).toMatchObject({ error: empty, message: undefined });
    // Another field named (not the card fields'), or a card already tokenized: the page's line shows it.
    const badRef = new TesseraValidationError([{ field: 'orderRef', code: 'invalid', message: 'must be 1-255 visible ASCII characters' }]);
    await settle({ fields, tokenized: undefined }, badRef);
    expect(hook().message).toBe(badRef.message);
    await settle({}, empty);
    expect(hook().message).toBe(empty.message);
    const refused = new TesseraCheckoutError('unknown_order', 'This order is not known to the shop', { status: 404 });
    await settle({ fields, tokenized: undefined }, refused);
    expect(hook()).toMatchObject({ error: refused, message: 'This order is not known to the shop' });
  });

  it('fail shows an error of the page’s own where pay’s show, but not over a running payment', async () => {
    const { tessera, calls } = fakeClient();
    const hook = renderHook(tessera);
    const sheetFailed = new Error('The wallet could not pay: try the card');
    act(() => hook().fail(sheetFailed));
    expect(hook()).toMatchObject({ paying: false, error: sheetFailed, message: sheetFailed.message, result: undefined });
    act(() => hook().fail('text'));
    expect(hook().error).toEqual(new Error('text'));
    let pending: Promise<PayResult | undefined> | undefined;
    act(() => {
      pending = hook().pay(request);
    });
    act(() => hook().fail(sheetFailed));
    expect(hook()).toMatchObject({ paying: true, error: undefined });
    await act(async () => {
      calls[0]!.resolve(succeeded);
      await pending;
    });
    expect(hook()).toMatchObject({ paying: false, error: undefined, result: succeeded });
  });

  it('cancel() during the request, or unmounting mid-payment, then pay() of the order again: the same attempt, one payment', async () => {
    const sent: CheckoutPayRequest[] = [];
    const paid = () => new Response(JSON.stringify({ payment: toConfirmablePayment({ id: 'pay_1', amount: 1999, currency: 'USD', status: 'succeeded', subStatus: 'approved', requireAction: 'none' }), paymentToken: 'pt_1' }), { status: 201 });
    let answers: ((signal: AbortSignal) => Promise<Response>)[] = [(signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))];
    const fetch = (_: unknown, init: RequestInit) => {
      sent.push(JSON.parse(init.body as string) as CheckoutPayRequest);
      return answers.shift()!(init.signal!);
    };
    const tessera = createTessera({ environment: 'local', fetch: fetch as typeof globalThis.fetch });
    const hook = renderHook(tessera);
    let pending: Promise<PayResult | undefined> | undefined;
    act(() => {
      pending = hook().pay(request);
    });
    await act(async () => {
      await expect.poll(() => sent.length).toBe(1);
      hook().cancel();
      await pending;
    });
    expect(hook().error).toMatchObject({ name: 'TesseraAbortError' });

    // The same order again, from a component that remounted: the same attempt, answered this time.
    let answer: (response: Response) => void = () => undefined;
    answers = [() => new Promise((resolve) => (answer = resolve))];
    act(() => {
      pending = hook().pay(request);
    });
    await expect.poll(() => sent.length).toBe(2);
    app.unmount();
    const remounted = renderHook(tessera);
    act(() => {
      pending = remounted().pay(request);
    });
    await act(async () => {
      answer(paid());
      await pending;
    });
    expect(remounted()).toMatchObject({ paying: false, error: undefined, result: { status: 'succeeded' } });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.attempt).toBe(sent[0]!.attempt);
  });

  it('cancel aborts the running payment’s signal', () => {
    const { tessera, calls } = fakeClient();
    const hook = renderHook(tessera);
    act(() => {
      void hook().pay(request);
    });
    const signal = calls[0]!.request.signal!;
    expect(signal.aborted).toBe(false);
    act(() => hook().cancel());
    expect(signal.aborted).toBe(true);
  });
});
