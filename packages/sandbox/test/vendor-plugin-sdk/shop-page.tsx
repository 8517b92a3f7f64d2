import { TagadaProvider, useCheckout, usePayment, useTagadaContext, type EnvironmentConfig } from '@tagadapay/plugin-sdk/react';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

// A store page written the way the vendor teaches it (its headless-react example): nothing but @tagadapay/plugin-sdk's
// own provider and hooks, unmodified. The provider reads the store from `/.local.json` (it runs on a localhost
// name) and is pointed at the service with its own `customApiConfig`; the card goes through usePayment's Basis Theory
// tokens, 3DS through useThreeds (web-threeds and the vendor's modal). The test (vendor-plugin-sdk.test.ts) serves
// this page, bundled, with `?service=<sandbox URL>&variant=<variant id>`.

const query = new URLSearchParams(location.search);
const serviceUrl = query.get('service') ?? '';
const variantId = query.get('variant') ?? '';

/** Starts a checkout of one `variantId` once the session is ready, then pays it with the card typed in. */
function Shop() {
  const { isSessionInitialized } = useTagadaContext();
  const { init, checkout } = useCheckout();
  const { processCardPayment, isLoading, currentPaymentId } = usePayment();
  const [cardNumber, setCardNumber] = useState('');
  const [outcome, setOutcome] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (!isSessionInitialized || started.current) return;
    started.current = true;
    init({ lineItems: [{ variantId, quantity: 1 }] }).catch((error: Error) => setOutcome(`failed: ${error.message}`));
  }, [isSessionInitialized, init]);

  const pay = (checkoutSessionId: string) => {
    processCardPayment(checkoutSessionId, { cardNumber, expiryDate: '12/30', cvc: '123' }, {
      onSuccess: (payment) => setOutcome(`succeeded: ${payment.id}`),
      onFailure: (message) => setOutcome(`failed: ${message}`),
    }).catch(() => undefined);
  };

  const session = checkout?.checkoutSession;
  return (
    <main>
      <h1>Shop</h1>
      {checkout && <p data-total>{`${checkout.summary.totalAmount} ${checkout.summary.currency}`}</p>}
      <label>
        Card number <input value={cardNumber} onChange={(event) => setCardNumber(event.target.value)} />
      </label>
      <button type="button" disabled={!session || isLoading} onClick={() => session && pay(session.id)}>
        Pay
      </button>
      {outcome && <p data-outcome data-payment-id={currentPaymentId ?? ''}>{outcome}</p>}
    </main>
  );
}

// The provider spreads `customApiConfig.apiConfig` over the environment's own (providers/TagadaProvider.js), so the
// base URL alone points every call at the sandbox; the type asks for the whole ApiConfig (endpoints no call reads).
const customApiConfig = { apiConfig: { baseUrl: serviceUrl } } as Partial<EnvironmentConfig>;

createRoot(document.getElementById('root')!).render(
  <TagadaProvider environment="production" customApiConfig={customApiConfig}>
    <Shop />
  </TagadaProvider>,
);
