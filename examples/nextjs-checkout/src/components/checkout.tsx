'use client';

import { loadWebThreeds } from '@tessera/tokenizer/basis-theory';
import { createTessera, type TesseraClientOptions } from '@tessera/tokenizer/client';
import { CardFields, usePay } from '@tessera/tokenizer/react';
import { useMemo, useState, type FormEvent } from 'react';
import { outcomeOf, Result } from '@/components/result';
import { cart, formatPrice } from '@/lib/cart';

/**
 * The checkout: the card is typed into Basis Theory's iframes (the page never holds it: PCI SAQ A), and one
 * `pay()` runs the whole payment against this app's `/api/tessera` routes (the checkout handler, which prices the
 * cart): the 3DS challenge in a modal, a redirect or processor page, a radar check, then the final status.
 */
export function Checkout({ config }: { config: Pick<TesseraClientOptions, 'environment' | 'vaultUrl' | 'vaultKey'> }) {
  const tessera = useMemo(() => createTessera({ ...config, loadWebThreeds }), [config]);
  const fields = useMemo(() => tessera.cardFields(), [tessera]);
  const [ready, setReady] = useState(false);
  const [mountError, setMountError] = useState<Error>();
  // One payment at a time (a double click gets the same one); a declined card is a result, not an error. Every
  // message is this app's, the SDK's or the handler's: none holds card data.
  const { pay, paying, error, result, reset } = usePay(tessera);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = (event.currentTarget.elements.namedItem('email') as HTMLInputElement).value.trim();
    void pay({ fields, orderRef: cart.id, customer: { email } });
  }

  // `navigate`: the page is on its way to the bank's; /payment-return shows the end.
  const outcome = result && (result.redirect === 'navigate' ? { kind: 'redirecting', title: 'Taking you to your bank…', text: 'Approve the payment on your bank’s page.' } as const : outcomeOf(result.status, result.payment, result.challenge !== undefined));
  const failure = mountError ? `The checkout could not start: ${mountError.message}` : error?.message;
  return (
    <main className="checkout">
      <header>
        <h1>Checkout</h1>
        <p className="line"><span>{cart.label}</span><strong>{formatPrice(cart.amount, cart.currency)}</strong></p>
      </header>
      {outcome && (
        <Result outcome={outcome}>
          {outcome.kind !== 'redirecting' && <button type="button" onClick={reset}>{outcome.kind === 'succeeded' ? 'Buy another' : 'Try again'}</button>}
        </Result>
      )}
      {/* Hidden, not removed, while a result shows: the card fields stay mounted for the next payment. */}
      <form onSubmit={submit} hidden={outcome !== undefined}>
        <label className="field"><span>Email</span><input name="email" type="email" autoComplete="email" placeholder="you@example.com" required /></label>
        <div className="field"><span>Card</span><CardFields fields={fields} onReady={() => setReady(true)} onError={setMountError} /></div>
        {failure && <p role="alert" className="error">{failure}</p>}
        <button type="submit" className="pay" disabled={paying || !ready}>{paying ? 'Paying…' : `Pay ${formatPrice(cart.amount, cart.currency)}`}</button>
      </form>
    </main>
  );
}
