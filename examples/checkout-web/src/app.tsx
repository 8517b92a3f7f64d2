import { formatAmount } from '@tessera/core';
import { createTokenizer, TesseraError, TesseraValidationError, TesseraWalletError } from '@tessera/tokenizer';
import { loadWebThreeds } from '@tessera/tokenizer/basis-theory';
import { createTessera, type PaymentSource } from '@tessera/tokenizer/client';
import { WalletButtons } from '@tessera/tokenizer/react';
import { createWalletButtons } from '@tessera/tokenizer/wallets';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getConfig, type CheckoutConfig } from './api.js';
import { CardFieldsForm } from './card-fields-form.js';
import { cardCollectionFor } from './card-collection.js';
import { CardForm, type CardFormValue } from './card-form.js';

/**
 * The cart as the page shows it. The page pays only its reference (`orderRef`): the merchant server prices it (the
 * merchant-server starter's `CARTS`), never from what the page says.
 */
const cart = { orderRef: 'tshirt', label: 'Tessera T-shirt', amount: 1999, currency: 'USD' };

type Phase =
  | { kind: 'form'; again?: boolean }
  | { kind: 'working'; step: string }
  | { kind: 'done'; outcome: 'succeeded' | 'declined' | 'failed' | 'cancelled' | 'error'; message: string; paymentId?: string };

const outcomeTitles = {
  succeeded: 'Payment succeeded',
  declined: 'Payment declined',
  failed: 'Payment failed',
  cancelled: 'Verification cancelled',
  error: 'Something went wrong',
} as const;

/** Moves focus to the result's heading as it appears, so the outcome is read out and Tab goes on from there. */
const focusOnMount = (heading: HTMLHeadingElement | null) => heading?.focus();

/** Checkout page: card form (or a wallet), one `tessera.pay()` (3DS and any other step included), final state. */
export function App({ config }: { config: CheckoutConfig }) {
  // Created once from the server's config; 3DS runs through Basis Theory's web-threeds, loaded when a challenge starts.
  const tessera = useMemo(
    () => createTessera({ environment: config.environment, ...(config.vaultUrl ? { vaultUrl: config.vaultUrl } : {}), ...(config.vaultKey ? { vaultKey: config.vaultKey } : {}), loadWebThreeds }),
    [config.environment, config.vaultUrl, config.vaultKey],
  );
  // Basis Theory's iframes, except against the sandbox with `?card=raw` (the page's own inputs: see cardCollectionFor).
  const cardCollection = cardCollectionFor(globalThis.location?.search, config.environment);
  // Mounted by <CardFields> (nothing loads before), and only on the fields path.
  const fields = useMemo(
    () => (cardCollection === 'fields' ? tessera.cardFields({ style: { base: { fontFamily: 'system-ui, sans-serif', fontSize: '16px', color: '#1a1a2e' }, invalid: { color: '#c62828' } } }) : undefined),
    [tessera, cardCollection],
  );
  // The raw inputs and the wallets tokenize on the page, in the client's vault.
  const tokenizer = useMemo(() => createTokenizer(tessera.vault), [tessera]);
  const [email, setEmail] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [walletsShown, setWalletsShown] = useState(false);
  const price = formatAmount(cart.amount, cart.currency);
  // Apple Pay and Google Pay: each wallet's own button, shown only where it can pay (in `local`, the sandbox's
  // stand-in sheets). The wallet's token goes through the same pay() as a card, a 3DS challenge included.
  const payRef = useRef<(source: PaymentSource) => Promise<void>>(undefined);
  const walletButtons = useMemo(
    () =>
      createWalletButtons({
        ...tessera.vault,
        request: { amount: cart.amount, currency: cart.currency, country: 'US', label: 'Tessera demo shop' },
        // Google Pay in production takes your Google merchant id; without one, only Apple Pay is offered there.
        ...(config.googleMerchantId ? { googlePay: { merchantId: config.googleMerchantId } } : config.environment === 'production' ? { wallets: ['apple_pay' as const] } : {}),
        onToken: (result) => payRef.current?.({ tokenized: result }),
        onError: (error) => {
          // A sheet the customer closed is not an error: the checkout stays as it was.
          if (TesseraWalletError.isInstance(error) && error.reason === 'cancelled') return;
          setPhase({ kind: 'done', outcome: 'error', message: error instanceof Error ? error.message : 'The wallet could not pay.' });
        },
      }),
    [tessera, config.googleMerchantId, config.environment],
  );

  /**
   * The whole payment in one call: the server makes the instrument, the 3DS session when the card needs one and the
   * payment of the cart; `pay()` runs what the payment asks for (the 3DS challenge, a redirect or the processor's page
   * in a popup, a radar check) and resolves with its final status. Field errors go back to the form (rethrown).
   */
  async function pay(source: PaymentSource) {
    try {
      setPhase({ kind: 'working', step: 'Processing payment…' });
      const { status, payment, challenge: verification } = await tessera.pay({
        ...source,
        orderRef: cart.orderRef,
        customer: { email },
        redirect: 'popup',
        returnUrl: `${location.origin}/payment-return`, // the returnUrl the server gives the payment
        polling: { intervalMs: 1000, timeoutMs: 60_000 },
      });
      if (status === 'requires_action') {
        const message = verification ? 'You closed the verification. You have not been charged.' : 'The payment was not completed. You have not been charged.';
        setPhase({ kind: 'done', outcome: 'cancelled', message, paymentId: payment.id });
        return;
      }
      const outcome = status === 'succeeded' || status === 'authorized' ? 'succeeded' : status === 'declined' ? 'declined' : 'failed';
      const messages = {
        succeeded: `${formatAmount(payment.amount, payment.currency)} paid. Thank you!`,
        declined: 'Your bank declined the payment. Try another card.',
        failed: 'The payment could not be completed. You have not been charged.',
      };
      setPhase({ kind: 'done', outcome, message: messages[outcome], paymentId: payment.id });
    } catch (error) {
      if ('fields' in source && TesseraValidationError.isInstance(error)) {
        setPhase({ kind: 'form' });
        throw error;
      }
      setPhase({ kind: 'done', outcome: 'error', message: TesseraError.isInstance(error) || error instanceof Error ? error.message : 'Unknown error' });
    }
  }

  payRef.current = pay;

  async function payWithCard({ card }: CardFormValue) {
    setPhase({ kind: 'working', step: 'Securing your card…' });
    // The service token and the card facts (token id, BIN, last4, expiry, whether SCA is required) in one call.
    const tokenized = await tokenizer.tokenizeCardWithFacts(card).catch(() => undefined);
    if (tokenized) await pay({ tokenized });
    else setPhase({ kind: 'done', outcome: 'error', message: 'Your card could not be saved. Check the details and try again.' });
  }

  return (
    <main className="checkout">
      <header>
        <h1>Checkout</h1>
        <p className="line"><span>{cart.label}</span><strong>{price}</strong></p>
      </header>
      {phase.kind === 'done' ? (
        <section className={`result ${phase.outcome}`} aria-labelledby="result-title" data-outcome={phase.outcome}>
          <h2 id="result-title" tabIndex={-1} ref={focusOnMount}>{outcomeTitles[phase.outcome]}</h2>
          <p>{phase.message}</p>
          {phase.paymentId && <p className="muted">Payment {phase.paymentId}</p>}
          <button type="button" onClick={() => setPhase({ kind: 'form', again: true })}>{phase.outcome === 'succeeded' ? 'Buy another' : 'Try again'}</button>
        </section>
      ) : (
        <>
          {/* Not hidden while paying: the button that has focus must keep it. */}
          <div className="wallets" hidden={!walletsShown}>
            <WalletButtons buttons={walletButtons} onMount={({ shown }) => setWalletsShown(shown.length > 0)} />
            <p className="muted or">or pay by card</p>
          </div>
          {fields ? (
            <CardFieldsForm fields={fields} email={email} onEmailChange={setEmail} busy={phase.kind === 'working'} payLabel={`Pay ${price}`} autoFocus={phase.kind === 'form' && !!phase.again}
              onPay={() => pay({ fields })}
              onError={(error) => setPhase({ kind: 'done', outcome: 'error', message: error instanceof Error ? error.message : 'Your card could not be saved.' })} />
          ) : (
            <CardForm email={email} onEmailChange={setEmail} busy={phase.kind === 'working'} payLabel={`Pay ${price}`} autoFocus={phase.kind === 'form' && !!phase.again} onSubmit={(value) => void payWithCard(value)} />
          )}
        </>
      )}
      {/* Always in the page, so each step is read out as it changes. */}
      <p className="muted progress" role="status">{phase.kind === 'working' ? phase.step : ''}</p>
    </main>
  );
}

/** Loads the public config from the merchant server, then shows the checkout. */
export function Root() {
  const [config, setConfig] = useState<CheckoutConfig>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    getConfig().then(setConfig, (cause: unknown) => setError(cause instanceof Error ? cause.message : 'Could not load the shop'));
  }, []);
  if (error) return <p role="alert">{error}</p>;
  return config ? <App config={config} /> : <p className="muted">Loading…</p>;
}
