'use client';

import { formatAmount } from '@tessera/core';
import { TesseraValidationError, type CardInput, type FieldError, type TokenizedCardResult } from '@tessera/tokenizer';
import { createThreeDS, loadWebThreeds } from '@tessera/tokenizer/basis-theory';
import { useConfirmPayment, useTokenizer } from '@tessera/tokenizer/react';
import { useMemo, useState, type FormEvent } from 'react';
import { continuePayment, createInstrument, createPayment, createThreeDSSession, fetchPayment, saveRadarSession } from '@/lib/api';
import { cart } from '@/lib/cart';
import type { PublicConfig } from '@/lib/tessera';

type Outcome = 'succeeded' | 'declined' | 'failed' | 'cancelled' | 'redirecting' | 'error';
type Phase = { kind: 'form' } | { kind: 'working'; step: string } | { kind: 'done'; outcome: Outcome; message?: string; paymentId?: string };

const titles: Record<Outcome, string> = {
  succeeded: 'Payment succeeded',
  declined: 'Payment declined',
  failed: 'Payment failed',
  cancelled: 'Verification cancelled',
  redirecting: 'Taking you to your bank…',
  error: 'Something went wrong',
};

const fields = [
  { name: 'email', label: 'Email', autoComplete: 'email', placeholder: 'you@example.com' },
  { name: 'cardNumber', label: 'Card number', autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242', inputMode: 'numeric' },
  { name: 'expiryDate', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: 'MM/YY' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123', inputMode: 'numeric' },
  { name: 'cardholderName', label: 'Name on card', autoComplete: 'cc-name', placeholder: 'Ada Lovelace' },
] as const;

/**
 * The checkout: the card goes from this page straight to the vault (`tokenizeCardWithFacts`), this app's route
 * handlers make the instrument, the 3DS session when the card needs one, and the payment; then `confirm` runs what
 * the payment asks for (the challenge in a modal, a redirect) and the page shows the final status.
 */
export function Checkout({ config }: { config: PublicConfig }) {
  const connection = useMemo(
    () => ({ environment: config.environment, ...(config.vaultUrl ? { vaultUrl: config.vaultUrl } : {}), ...(config.vaultKey ? { vaultKey: config.vaultKey } : {}) }),
    [config.environment, config.vaultUrl, config.vaultKey],
  );
  const { tokenizer, error: setupError } = useTokenizer(connection);
  // Basis Theory's 3DS session is made in the browser (it reads the device) before the payment names it.
  const threeds = useMemo(() => createThreeDS(connection), [connection]);
  const confirmation = useConfirmPayment({ ...connection, loadWebThreeds, continuePayment, fetchPayment, saveRadarSession, polling: { intervalMs: 1000, timeoutMs: 60_000 } });
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  // One locale on the server and in the browser, so the rendered HTML and the hydrated page agree.
  const price = formatAmount(cart.amount, cart.currency, 'en-US');

  async function pay(card: CardInput, email: string) {
    // One key per step of this attempt: a double submit or a retry of the same step charges once.
    const attempt = crypto.randomUUID();
    setPhase({ kind: 'working', step: 'Securing your card…' });
    let tokenized: TokenizedCardResult;
    try {
      tokenized = await tokenizer!.tokenizeCardWithFacts(card);
    } catch (error) {
      // Every bad field at once, and nothing was sent.
      if (error instanceof TesseraValidationError) {
        setErrors(error.fields);
        setPhase({ kind: 'form' });
        return;
      }
      throw error;
    }
    setPhase({ kind: 'working', step: 'Saving your card…' });
    const { paymentInstrument } = await createInstrument({ serviceToken: tokenized.serviceToken, email }, `${attempt}-instrument`);
    let threedsSessionId: string | undefined;
    if (tokenized.card.scaRequired) {
      setPhase({ kind: 'working', step: 'Preparing card verification…' });
      const body = await threeds.createSession({
        instrument: { id: paymentInstrument.id, ...tokenized.card },
        payment: { amount: cart.amount, currency: cart.currency, customerInfo: { email } },
      });
      threedsSessionId = (await createThreeDSSession(body, `${attempt}-3ds`)).id;
    }
    setPhase({ kind: 'working', step: 'Processing payment…' });
    const created = await createPayment({ paymentInstrumentId: paymentInstrument.id, ...(threedsSessionId ? { threedsSessionId } : {}) }, `${attempt}-payment`);
    // Whatever the payment asks for (the challenge, a redirect), then the route that continues it, then the final status.
    const result = await confirmation.confirm(created.payment);
    // No result: the hook holds the typed error (`confirmation.error`), which the error state shows.
    if (!result) return setPhase({ kind: 'done', outcome: 'error', paymentId: created.id });
    const { status, payment, challenge, redirect } = result;
    if (redirect === 'navigate') return setPhase({ kind: 'done', outcome: 'redirecting', message: 'Approve the payment on your bank’s page.', paymentId: payment.id });
    if (status === 'requires_action') {
      const message = challenge ? 'You closed the verification. You have not been charged.' : 'The payment was not completed. You have not been charged.';
      return setPhase({ kind: 'done', outcome: 'cancelled', message, paymentId: payment.id });
    }
    if (status === 'succeeded' || status === 'authorized') return setPhase({ kind: 'done', outcome: 'succeeded', message: `${formatAmount(payment.amount, payment.currency, 'en-US')} paid. Thank you!`, paymentId: payment.id });
    if (status === 'declined') return setPhase({ kind: 'done', outcome: 'declined', message: 'Your bank declined the payment. Try another card.', paymentId: payment.id });
    setPhase({ kind: 'done', outcome: 'failed', message: 'The payment could not be completed. You have not been charged.', paymentId: payment.id });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' ? entry.trim() : '';
    };
    const email = value('email');
    const card: CardInput = { cardNumber: value('cardNumber'), expiryDate: value('expiryDate'), cvc: value('cvc') };
    if (value('cardholderName')) card.cardholderName = value('cardholderName');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setErrors([{ field: 'email', code: 'invalid_format', message: 'Enter a valid email address' }]);
    setErrors([]);
    pay(card, email).catch((error: unknown) => {
      // The messages are this app's or the SDK's: neither ever holds the card number or the CVC.
      setPhase({ kind: 'done', outcome: 'error', message: error instanceof Error ? error.message : 'Unknown error' });
    });
  }

  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  const working = phase.kind === 'working';

  return (
    <main className="checkout">
      <header>
        <h1>Checkout</h1>
        <p className="line"><span>{cart.label}</span><strong>{price}</strong></p>
      </header>
      {setupError && <p role="alert" className="error">The checkout could not start: {setupError.message}</p>}
      {phase.kind === 'done' ? (
        <section className={`result ${phase.outcome}`} role="status" data-outcome={phase.outcome}>
          <h2>{titles[phase.outcome]}</h2>
          <p>{phase.message ?? confirmation.error?.message ?? 'The payment could not be completed.'}</p>
          {phase.paymentId && <p className="muted">Payment {phase.paymentId}</p>}
          {phase.outcome !== 'redirecting' && <button type="button" onClick={() => setPhase({ kind: 'form' })}>{phase.outcome === 'succeeded' ? 'Buy another' : 'Try again'}</button>}
        </section>
      ) : (
        <form onSubmit={submit} noValidate>
          {fields.map(({ name, label, ...input }) => (
            <label key={name} className="field">
              <span>{label}</span>
              <input name={name} disabled={working} aria-invalid={errorOf(name) ? true : undefined} aria-describedby={errorOf(name) ? `${name}-error` : undefined} {...input} />
              {errorOf(name) && <small id={`${name}-error`} className="error">{errorOf(name)}</small>}
            </label>
          ))}
          <button type="submit" className="pay" disabled={working || !tokenizer}>{working ? phase.step : `Pay ${price}`}</button>
        </form>
      )}
    </main>
  );
}
