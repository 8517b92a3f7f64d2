import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConfirmablePayment } from '@tessera/core';
import { type ConfirmPaymentResult, TesseraValidationError } from '@tessera/tokenizer';
// Types only: the React entry never carries the client's code (the page created its client with `createTessera`).
import type { PayRequest, TesseraClient } from '@tessera/tokenizer/client';

/** What `pay()` resolves with: the payment's final status, as `confirmPayment` gives it. */
export type PayResult = ConfirmPaymentResult<ConfirmablePayment>;

/** What {@link usePay}'s `pay` takes: `tessera.pay`'s request but its `signal` (the hook's `cancel` aborts). */
export type UsePayRequest = PayRequest extends infer R ? (R extends unknown ? Omit<R, 'signal'> : never) : never;

/** State and actions of {@link usePay}. */
export interface UsePayResult {
  /**
   * Runs `tessera.pay(request)`: resolves its result, or `undefined` when it failed (the error is in `error`). A call
   * for the same `orderRef` while one runs (a double click) gets the running one's promise: one payment, never two. A
   * call for another order while one runs starts nothing and resolves `undefined`, leaving the state to the running
   * payment (never that payment's result, which is not this order's).
   */
  pay: (request: UsePayRequest) => Promise<PayResult | undefined>;
  /** Stops the running payment's customer step (the 3DS challenge closes as cancelled, polling stops). */
  cancel: () => void;
  /** Clears `result` and `error`, for the next payment (after a decline, or "buy another"). */
  reset: () => void;
  /**
   * Shows an error your page caught itself where `pay`'s errors show (`error`): a wallet sheet's (`useWalletButtons`'
   * `onError`). Ignored while a payment runs: its own outcome follows.
   */
  fail: (error: unknown) => void;
  /** True while a payment runs. */
  paying: boolean;
  /** Why the last payment could not run: a `TesseraValidationError` naming the empty fields, a `TesseraCheckoutError`, … */
  error: Error | undefined;
  /**
   * What your page's own error line shows: `error`'s message, but nothing for the card fields' own refusal (a
   * `TesseraValidationError` of `pay({ fields })` naming only card fields), which the fields show beside each field,
   * announce, and move the focus to: shown once, not twice.
   */
  message: string | undefined;
  /** The last payment's outcome: read its `status` (`succeeded`, `declined`, …); a decline is not an error. */
  result: PayResult | undefined;
}

interface PayState {
  paying: boolean;
  error: Error | undefined;
  message: string | undefined;
  result: PayResult | undefined;
}

const idle: PayState = { paying: false, error: undefined, message: undefined, result: undefined };

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

// The names the card fields' `TesseraValidationError` gives its fields (the fields show these errors themselves).
const cardFieldNames = new Set(['cardNumber', 'expiryDate', 'cvc', 'cardholderName']);

/** The state of a failure: its error, and the message for the page unless the card fields show it already. */
function failed(error: unknown, fromFields = false): PayState {
  const shown = asError(error);
  const fieldsShowIt = fromFields && TesseraValidationError.isInstance(shown) && shown.fields.length > 0 && shown.fields.every((field) => cardFieldNames.has(field.field));
  return { paying: false, error: shown, message: fieldsShowIt ? undefined : shown.message, result: undefined };
}

/**
 * React hook around the browser client's `pay()`: the state a checkout shows (paying, the error, the result) and one
 * payment at a time. Unmounting stops nothing that was paid: the payment's answer is just not shown.
 *
 * ```tsx
 * const { pay, paying, error, result } = usePay(tessera);
 * <form onSubmit={(event) => { event.preventDefault(); void pay({ fields, orderRef: cart.id }); }}>…</form>
 * ```
 */
export function usePay(tessera: TesseraClient): UsePayResult {
  const [state, setState] = useState<PayState>(idle);
  const running = useRef<{ orderRef: string; promise: Promise<PayResult | undefined>; controller: AbortController } | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const show = useCallback((next: PayState) => {
    if (mounted.current) setState(next);
  }, []);

  const pay = useCallback(
    (request: UsePayRequest): Promise<PayResult | undefined> => {
      if (running.current) return running.current.orderRef === request.orderRef ? running.current.promise : Promise.resolve(undefined);
      const controller = new AbortController();
      show({ ...idle, paying: true });
      const promise = tessera.pay({ ...request, signal: controller.signal }).then(
        (result) => {
          show({ ...idle, result });
          return result;
        },
        (error: unknown) => {
          show(failed(error, 'fields' in request));
          return undefined;
        },
      );
      running.current = { orderRef: request.orderRef, promise, controller };
      void promise.finally(() => {
        if (running.current?.promise === promise) running.current = undefined;
      });
      return promise;
    },
    [tessera, show],
  );
  const cancel = useCallback(() => running.current?.controller.abort(), []);
  const reset = useCallback(() => {
    if (!running.current) setState(idle);
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      if (!running.current) show(failed(error));
    },
    [show],
  );

  return { pay, cancel, reset, fail, ...state };
}
