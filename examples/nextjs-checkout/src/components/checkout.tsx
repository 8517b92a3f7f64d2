'use client';

import { loadWebThreeds } from '@tessera/tokenizer/basis-theory';
import { createTessera, type TesseraClientOptions } from '@tessera/tokenizer/client';
import type { CardFields } from '@tessera/tokenizer/fields';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { outcomeOf, Result, type Outcome } from '@/components/result';
import { cart, formatPrice } from '@/lib/cart';

/**
 * The checkout: the card is typed into Basis Theory's iframes (the page never holds it: PCI SAQ A), and one
 * `pay()` runs the whole payment against this app's `/api/tessera` routes (the checkout handler, which prices the
 * cart): the 3DS challenge in a modal, a redirect or processor page, a radar check, then the final status.
 */
export function Checkout({ config }: { config: Pick<TesseraClientOptions, 'environment' | 'vaultUrl' | 'vaultKey'> }) {
  const tessera = useMemo(() => createTessera({ ...config, loadWebThreeds }), [config]);
  const [fields, setFields] = useState<CardFields>();
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const cardFields = tessera.cardFields();
    cardFields.mount({ card: '#card', name: '#name' }).then(() => setFields(cardFields), (failure: Error) => setError(`The checkout could not start: ${failure.message}`));
    return () => cardFields.unmount();
  }, [tessera]);

  async function pay(email: string) {
    const { status, payment, challenge, redirect } = await tessera.pay({ fields: fields!, orderRef: cart.id, customer: { email } });
    // `navigate`: the page is on its way to the bank's; /payment-return shows the end.
    if (redirect === 'navigate') setOutcome({ kind: 'redirecting', title: 'Taking you to your bank…', text: 'Approve the payment on your bank’s page.' });
    else setOutcome(outcomeOf(status, payment, challenge !== undefined));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWorking(true);
    setError(undefined);
    // Every message here is this app's, the SDK's or the handler's: none holds card data. Incomplete fields are a
    // TesseraValidationError naming each one, and nothing was sent.
    pay((event.currentTarget.elements.namedItem('email') as HTMLInputElement).value.trim())
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setWorking(false));
  }

  return (
    <main className="checkout">
      <header>
        <h1>Checkout</h1>
        <p className="line"><span>{cart.label}</span><strong>{formatPrice(cart.amount, cart.currency)}</strong></p>
      </header>
      {outcome && (
        <Result outcome={outcome}>
          {outcome.kind !== 'redirecting' && <button type="button" onClick={() => setOutcome(undefined)}>{outcome.kind === 'succeeded' ? 'Buy another' : 'Try again'}</button>}
        </Result>
      )}
      {/* Hidden, not removed, while a result shows: the card fields stay mounted for the next payment. */}
      <form onSubmit={submit} hidden={outcome !== undefined}>
        <label className="field"><span>Email</span><input name="email" type="email" autoComplete="email" placeholder="you@example.com" required /></label>
        <div className="field"><span>Card</span><div id="card" /></div>
        <div className="field" id="name" />
        {error && <p role="alert" className="error">{error}</p>}
        <button type="submit" className="pay" disabled={working || !fields}>{working ? 'Paying…' : `Pay ${formatPrice(cart.amount, cart.currency)}`}</button>
      </form>
    </main>
  );
}
