import { formatAmount } from '@tessera/core';
import { TesseraValidationError } from '@tessera/tokenizer';
import { loadWebThreeds } from '@tessera/tokenizer/basis-theory';
import { createTessera } from '@tessera/tokenizer/client';
import { openStore, type StoreCheckout } from '@tessera/tokenizer/store';

// `npm run dev`: the sandbox's shop. A build (`npm run build`) talks to the real service unless VITE_TESSERA_ENVIRONMENT
// says otherwise, never to the sandbox by surprise. Your store: VITE_STORE_ID (see README).
const env = import.meta.env;
const tessera = createTessera({
  environment: env.VITE_TESSERA_ENVIRONMENT ?? (env.MODE === 'development' ? 'local' : 'production'),
  ...(env.VITE_SANDBOX_URL ? { vaultUrl: env.VITE_SANDBOX_URL } : {}),
  loadWebThreeds,
});
const store = openStore(tessera, { storeId: env.VITE_STORE_ID ?? 'store_sandbox_shop' });
const fields = tessera.cardFields();
const $ = (id: string) => document.getElementById(id) as HTMLElement;
const say = (text: string) => ($('status').textContent = text);
let checkout: StoreCheckout | undefined;

// The catalog, priced by the store: the page only says how many of each.
store.products().then((products) => {
  $('products').replaceChildren(...products.flatMap((product) => product.variants.map((variant) => {
    const label = document.createElement('label');
    const price = variant.price ? formatAmount(variant.price.amount, variant.price.currency) : '';
    label.append(`${product.name} ${price}`, Object.assign(document.createElement('input'), { type: 'number', name: variant.id, min: '0', max: '9', value: '0' }));
    return label;
  })));
  $('products').removeAttribute('aria-busy');
}, (error: Error) => say(error.message));

$('cart').addEventListener('submit', (event) => {
  event.preventDefault();
  const lineItems = [...new FormData($('cart') as HTMLFormElement)].map(([variantId, count]) => ({ variantId, quantity: Number(count) })).filter((line) => line.quantity > 0);
  if (lineItems.length === 0) return say('Choose at least one product.');
  say('Starting your checkout…');
  store.startCheckout({ lineItems }).then(async (started) => {
    checkout = started;
    $('lines').replaceChildren(...started.lines.map((line) => Object.assign(document.createElement('li'), { textContent: `${line.quantity} × ${line.name}: ${formatAmount(line.amount, started.currency)}` })));
    $('total').textContent = formatAmount(started.amount, started.currency);
    $('cart').hidden = true;
    $('pay').hidden = false;
    $('pay-title').focus();
    await fields.mount({ card: '#card', name: '#name' });
    say('');
  }).catch((error: Error) => say(error.message));
});

$('pay').addEventListener('submit', (event) => {
  event.preventDefault();
  if (!checkout) return;
  say('Paying…');
  const { amount, currency } = checkout;
  checkout.pay({ fields }).then(
    ({ status, failure }) => say(status === 'succeeded' ? `Paid ${formatAmount(amount, currency)}. Thank you!` : `Not paid (${status}). ${failure?.message ?? 'Try another card.'}`),
    (error: Error) => say(error instanceof TesseraValidationError ? 'Check the card details.' : error.message),
  );
});
