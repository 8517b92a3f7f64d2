'use client';

import { loadWebThreeds } from '@tessera/tokenizer/basis-theory';
import { createTessera, type TesseraClientOptions } from '@tessera/tokenizer/client';
import { CardFields, formatAmount, PaymentResult, usePay, useWalletButtons, WalletButtons } from '@tessera/tokenizer/react';
import { useMemo, useState, type FormEvent } from 'react';
import { cart } from '@/lib/cart';

// The return page (a server component) shows its payment with the same accessible result as this page.
export { PaymentResult };

const price = formatAmount(cart.amount, cart.currency, 'en-US');

/**
 * The checkout: Apple Pay and Google Pay where the browser can pay with them, else the card typed into Basis Theory's
 * iframes (the page never holds it: PCI SAQ A). One `pay()` runs the whole payment against this app's `/api/tessera`
 * routes (the checkout handler, which prices the cart): the 3DS challenge in a modal, a redirect or processor page,
 * a radar check, then the final status, which takes the focus.
 */
export function Checkout({ config }: { config: Pick<TesseraClientOptions, 'environment' | 'vaultUrl' | 'vaultKey'> }) {
  const tessera = useMemo(() => createTessera({ ...config, loadWebThreeds }), [config]);
  const fields = useMemo(() => tessera.cardFields(), [tessera]);
  const [ready, setReady] = useState(false);
  // One payment at a time (a double click gets the same one); a declined card is a result, not an error. Every
  // message is this app's, the SDK's or the handler's: none holds card data. The card fields show their own errors
  // beside each field (and move the focus there): `message` is the rest.
  const { pay, fail, paying, message, result, reset } = usePay(tessera);
  // The wallet's sheet asks for the email; a sheet the customer closed is no error. Google Pay in production needs
  // your Google merchant id (`googlePay: { merchantId }`): until you add it, production offers Apple Pay only.
  const wallets = useWalletButtons(tessera, {
    request: { amount: cart.amount, currency: cart.currency, country: 'US', label: cart.label, emailRequired: true },
    ...(config.environment === 'production' ? { wallets: ['apple_pay' as const] } : {}),
    onToken: (tokenized) => pay({ tokenized, orderRef: cart.id, customer: tokenized.contacts }),
    onError: fail,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = (event.currentTarget.elements.namedItem('email') as HTMLInputElement).value.trim();
    void pay({ fields, orderRef: cart.id, customer: { email } });
  }

  return (
    <main className="checkout">
      <header>
        <h1>Checkout</h1>
        <p className="line"><span>{cart.label}</span><strong>{price}</strong></p>
      </header>
      {result && <PaymentResult result={result} onRetry={reset} />}
      {/* Hidden, not removed, while a result shows: the card fields stay mounted for the next payment. */}
      <form onSubmit={submit} hidden={result !== undefined} aria-busy={paying}>
        <WalletButtons buttons={wallets} className="wallets" />
        <label className="field"><span>Email</span><input name="email" type="email" autoComplete="email" required aria-describedby="pay-error" /></label>
        <div className="field" role="group" aria-labelledby="card-label" aria-describedby="pay-error">
          <span id="card-label">Card</span>
          <CardFields fields={fields} onReady={() => setReady(true)} onError={fail} />
        </div>
        {/* Live regions kept on the page, so that what appears in them is read out. */}
        <p id="pay-error" role="alert" className="error">{message}</p>
        <p role="status" className="busy">{paying ? 'Paying, please wait…' : ''}</p>
        <button type="submit" className="pay" disabled={!ready}>{ready ? `Pay ${price}` : 'Loading the card fields…'}</button>
      </form>
    </main>
  );
}
