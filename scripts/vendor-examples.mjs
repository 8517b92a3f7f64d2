// Extracts the published request and response examples of the operations Tessera serves from the vendor's API
// reference as transcribed in ../shared/spec/vendor-api/ (one Markdown file per operation), into
// packages/test-support/vendor-examples.json, which the tests replay. Run it again when the transcription changes:
//   node scripts/vendor-examples.mjs [path/to/vendor-api]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = process.argv[2] ?? join(root, '..', 'shared', 'spec', 'vendor-api');
// The published operations the catalog serves, by the file that transcribes each.
const served = {
  createPaymentInstrumentFromToken: 'POST-payment-instruments-create-from-token.md',
  retrievePaymentInstrument: 'GET-payment-instruments-paymentInstrumentId.md',
  listCustomerPaymentInstruments: 'GET-customers-customerId-payment-instruments.md',
  createThreeDSSession: 'POST-threeds-create-session.md',
  processPayment: 'POST-payments-process.md',
  listPayments: 'POST-payments.md',
  retrievePayment: 'GET-payments-paymentId.md',
  refundPayment: 'POST-payments-refund.md',
  voidPayment: 'POST-payments-void.md',
  createProcessor: 'POST-processors-create.md',
  createProduct: 'POST-products-create.md',
  // Webhook endpoints and events.
  createWebhookEndpoint: 'POST-webhooks.md',
  listEvents: 'POST-events-list.md',
  retrieveEvent: 'GET-events-eventId.md',
  listRecentEvents: 'POST-events-recent.md',
  // The published lists, retrieves, subscriptions and key check.
  listPaymentInstruments: 'POST-payment-instruments-list.md',
  retrieveCustomer: 'GET-customers-customerId.md',
  listCustomers: 'POST-customers-list.md',
  listProducts: 'POST-products-list.md',
  retrieveProduct: 'GET-products-productId.md',
  retrieveOrder: 'GET-orders-orderId.md',
  createSubscription: 'POST-subscriptions-create.md',
  listSubscriptions: 'POST-subscriptions-list.md',
  retrieveSubscription: 'GET-subscriptions-subscriptionId.md',
  rebillSubscription: 'POST-subscriptions-rebill.md',
  changeSubscriptionProcessor: 'POST-subscriptions-change-processor.md',
  testAuth: 'POST-auth-test.md',
  // Checkout.
  initCheckout: 'GET-checkout-init.md',
  payCheckout: 'POST-checkout-pay-v2.md',
};
// Pages that publish their example in another form: recent events puts request and answer under one heading (the
// second block is the answer); GET event describes its answer as "the same event object as in POST /events/list
// items", so it is that item. Checkout init publishes a URL and the URL it redirects to: the request is that URL's query
// (as parsed values, `items` a JSON array) and the answer `{ location }`.
const fromOtherBlocks = {
  initCheckout: (text) => {
    const url = /`GET \/api\/public\/v1\/checkout\/init\?([^`]+)`/.exec(text)?.[1];
    const request = url === undefined ? undefined : Object.fromEntries(new URLSearchParams(url));
    if (request?.items !== undefined) request.items = JSON.parse(request.items);
    return { request, response: { location: /redirects to `(https:\/\/[^`]+)`/.exec(text)?.[1] } };
  },
  listRecentEvents: (text) => ({ response: example(text, 'Example request / response', 1) }),
  retrieveEvent: (_text, found) => ({ response: found.listEvents.response.events[0] }),
};

// The `nth` ```json block (from 0) after a heading, or a line, that starts with `heading`.
function example(text, heading, nth = 0) {
  const at = text.search(new RegExp(`^(## )?${heading}`, 'm'));
  if (at < 0) return undefined;
  const blocks = [...text.slice(at).matchAll(/```json\n([\s\S]*?)\n```/g)];
  return blocks[nth] ? JSON.parse(blocks[nth][1]) : undefined;
}

const examples = {};
for (const [operation, file] of Object.entries(served)) {
  const text = readFileSync(join(source, file), 'utf8');
  const [, method, path] = /^# (GET|POST) \/api\/public\/v1(\S+)/m.exec(text);
  // The request may also be introduced inside a paragraph ("Field list not in the excerpt. Example request (as published):").
  const request =
    example(text, 'Example request') ??
    example(text, 'Request \\(cURL example') ??
    example(text, '.*Example request \\(as published\\)') ??
    fromOtherBlocks[operation]?.(text, examples).request;
  // One page gives both under one heading ("Example request / response"), the request first.
  const response = example(text, 'Example response') ?? example(text, 'Example request / response', 1) ?? fromOtherBlocks[operation]?.(text, examples).response;
  const url = /^- (https:\/\/\S+)/m.exec(text)?.[1];
  examples[operation] = { method, path, source: url, ...(request !== undefined ? { request } : {}), ...(response !== undefined ? { response } : {}) };
}
writeFileSync(join(root, 'packages/test-support/vendor-examples.json'), `${JSON.stringify(examples, null, 2)}\n`);
console.log(`${Object.keys(examples).length} operations written to packages/test-support/vendor-examples.json`);
