import {
  createCheckoutHandler,
  createWebhookHandler,
  getThreeDSChallenge,
  normalizePaymentStatus,
  TesseraApiError,
  TesseraError,
  TesseraValidationError,
  toConfirmablePayment,
  type Payment,
  type Tessera,
} from '@tessera/server';
import { Hono, type Context } from 'hono';
import { orderOfCart } from './cart.js';
import { requireStaff } from './staff-auth.js';

/** What the browser may know: where the vault is and which public key to use. Never the secret API key. */
export interface PublicConfig {
  environment: 'production' | 'development' | 'local';
  vaultUrl?: string;
  vaultKey?: string;
  /** Your Google merchant id, for Google Pay in production. */
  googleMerchantId?: string;
  storeId: string;
}

/** A webhook delivery the sandbox (or the real service) sent us, verified with the endpoint's secret. */
export interface ReceivedWebhook {
  receivedAt: string;
  type: string;
  id: string;
  body: unknown;
}

/** Options of {@link createMerchantApp}. */
export interface MerchantAppOptions {
  tessera: Tessera;
  /** The store every payment of this shop belongs to. */
  storeId: string;
  /** Public settings handed to the checkout page. */
  publicConfig: PublicConfig;
  /** Called for every verified webhook delivery (default: one log line). */
  onWebhook?: (webhook: ReceivedWebhook) => void;
  /**
   * The webhook endpoint's signing secret (`whsec_…`, from `tessera.webhooks.createEndpoint`), or a function that
   * returns it once known (the Node server registers its endpoint after it starts listening). Without one, every
   * delivery is refused with 503, so the service retries it later.
   */
  webhookSecret?: string | (() => string | undefined);
  /**
   * The bearer token of the back-office routes (`STAFF_API_TOKEN`): the step-by-step payment routes, capture, void,
   * refund, reading a payment and the received webhooks. Without one those routes answer 503: they stay closed.
   */
  staffToken?: string;
}

/** How many webhook event ids the app remembers, to act once on a delivery the service sends again. */
const SEEN_EVENTS = 1000;

// Browser → server bodies. Small, explicit checks: the SDK validates again before anything goes on the wire.
function field<T>(body: Record<string, unknown>, name: string, check: (value: unknown) => value is T): T {
  const value = body[name];
  if (!check(value)) throw new TesseraValidationError([{ field: name, code: 'invalid', message: 'is missing or invalid' }]);
  return value;
}
const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const optional = <T>(body: Record<string, unknown>, name: string, check: (value: unknown) => value is T): T | undefined =>
  body[name] === undefined ? undefined : field(body, name, check);

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TesseraValidationError([{ field: '', code: 'invalid_json', message: 'Body must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}

/**
 * What the page needs of a payment: its state and, when 3DS is needed, the challenge to start. `status` is the one
 * reading of the service's `status` and `subStatus` (`failed` / `voided` is `voided`, `pending` / `authorized` is
 * `authorized`); both are passed on as the service sent them.
 */
function paymentView(payment: Payment) {
  return {
    id: payment.id,
    status: normalizePaymentStatus(payment),
    serviceStatus: payment.status,
    subStatus: payment.subStatus ?? null,
    amount: payment.amount,
    currency: payment.currency,
    challenge: getThreeDSChallenge(payment) ?? null,
    // What the page's `confirmPayment` reads of the service's payment (it runs what `requireAction` asks for).
    payment: toConfirmablePayment(payment),
  };
}

/**
 * The merchant server: the checkout handler of `@tessera/server` below `/api/tessera` (what the page's
 * `tessera.pay()` calls: instrument, 3DS session, payment of a cart priced here, continue, radar sessions), the
 * page's config, captures, refunds and voids, and a webhook receiver. The step-by-step routes (`/api/instruments`,
 * `/api/threeds-sessions`, `/api/payments`) stay for a server-side flow such as the demo's. The API key stays in
 * `tessera`; no route returns it, and errors are mapped to `{ error: { code, message, fields? } }` without internals.
 *
 * Only Fetch-API code (Hono and `@tessera/server`): the same app runs on Node, Bun, Deno and edge runtimes. The
 * Node entry (`server.ts`) adds what is Node-only, such as serving a built checkout page from a folder.
 */
export function createMerchantApp(options: MerchantAppOptions): Hono {
  const { tessera, storeId } = options;
  const received: ReceivedWebhook[] = [];
  const onWebhook = options.onWebhook ?? ((webhook) => console.log(`webhook ${webhook.type} ${webhook.id}`));
  const app = new Hono();
  // The browser sends one Idempotency-Key per click; forwarding it makes a double submit charge once end to end.
  const idempotency = (c: Context) => {
    const key = c.req.header('idempotency-key');
    return key ? { idempotencyKey: key } : {};
  };

  app.onError((error, c) => {
    if (error instanceof TesseraValidationError) return c.json({ error: { code: error.code, message: error.message, fields: error.fields } }, 400);
    if (error instanceof TesseraApiError && error.status < 500) return c.json({ error: { code: error.code, message: error.message } }, error.status as 400);
    const code = TesseraError.isInstance(error) ? error.code : 'internal_error';
    console.error(`merchant-server: ${error.name} ${code}`);
    return c.json({ error: { code, message: 'The payment service could not be reached. Try again.' } }, 502);
  });

  app.get('/api/config', (c) => c.json(options.publicConfig));

  // The back office: these move money, trust the caller's amount or read customer data. Staff only, checked before
  // anything is read or sent; the page's own routes (config, checkout handler, webhooks) stay open.
  const staff = requireStaff(options.staffToken);
  for (const path of ['/api/instruments', '/api/threeds-sessions', '/api/payments', '/api/payments/*', '/api/webhooks']) app.use(path, staff);

  // Everything the page's `tessera.pay()` calls; it checks the page's origin and reads the body itself.
  const checkout = createCheckoutHandler({ tessera, order: orderOfCart(storeId) });
  app.all('/api/tessera/*', (c) => checkout(c.req.raw));

  app.post('/api/instruments', async (c) => {
    const body = await jsonBody(c);
    const customerData = { email: field(body, 'email', isString) } as { email: string; firstName?: string; lastName?: string };
    const firstName = optional(body, 'firstName', isString);
    const lastName = optional(body, 'lastName', isString);
    if (firstName) customerData.firstName = firstName;
    if (lastName) customerData.lastName = lastName;
    const result = await tessera.paymentInstruments.createFromToken(
      { serviceToken: field(body, 'serviceToken', isString), storeId, customerData },
      idempotency(c),
    );
    return c.json({ paymentInstrument: result.paymentInstrument, customer: { id: result.customer.id } }, 201);
  });

  app.post('/api/threeds-sessions', async (c) => {
    const body = await jsonBody(c);
    const session = await tessera.threeds.createSession(
      {
        // The published API defaults the provider to Basis Theory's.
        provider: optional(body, 'provider', isString) ?? 'basis_theory',
        storeId,
        paymentInstrumentId: field(body, 'paymentInstrumentId', isString),
        // Basis Theory's session as the tokenizer's createSession returns it (`id`, and the document's `sessionId`).
        sessionData: field(body, 'sessionData', (value): value is { id?: string; sessionId?: string; metadata?: Record<string, unknown> } => typeof value === 'object' && value !== null),
      },
      idempotency(c),
    );
    return c.json({ id: session.id, status: session.status }, 201);
  });

  app.post('/api/payments', async (c) => {
    const body = await jsonBody(c);
    // For a server-side flow (the demo's): the caller is trusted with the amount. A page pays through the checkout
    // handler, which prices the cart here instead.
    const request = {
      amount: field(body, 'amount', isAmount),
      currency: field(body, 'currency', isString),
      storeId,
      paymentInstrumentId: field(body, 'paymentInstrumentId', isString),
      initiatedBy: 'customer' as const,
      // Where a redirect action's page sends the customer back (the checkout page's popup watches for it): on the
      // page's origin (the browser's Origin header; behind Vite's proxy it differs from this server's).
      returnUrl: new URL('/payment-return', c.req.header('origin') ?? c.req.url).href,
    };
    const threedsSessionId = optional(body, 'threedsSessionId', isString);
    const withSession = threedsSessionId ? { ...request, threedsSessionId } : request;
    const payment = body.mode === 'auth'
      ? await tessera.payments.authorize(withSession, idempotency(c))
      : await tessera.payments.purchase(withSession, idempotency(c));
    return c.json(paymentView(payment), 201);
  });

  app.get('/payment-return', (c) => c.html('<!doctype html><title>Returning to the shop</title><p>Returning to the shop…</p>'));
  app.get('/api/payments/:id', async (c) => c.json(paymentView(await tessera.payments.retrieve(c.req.param('id')))));
  app.post('/api/payments/:id/capture', async (c) => {
    const amount = optional(await jsonBody(c), 'amount', isAmount);
    const params = { paymentId: c.req.param('id'), storeId };
    return c.json(paymentView(await tessera.payments.capture(amount ? { ...params, amount } : params, idempotency(c))));
  });

  // Void and refund answer with a body the document does not show: when it holds no payment, read the payment.
  app.post('/api/payments/:id/void', async (c) => {
    const { payment } = await tessera.payments.void({ paymentId: c.req.param('id'), storeId }, idempotency(c));
    return c.json(paymentView(payment ?? (await tessera.payments.retrieve(c.req.param('id')))));
  });

  app.post('/api/payments/:id/refund', async (c) => {
    const amount = optional(await jsonBody(c), 'amount', isAmount);
    const params = { paymentId: c.req.param('id'), storeId };
    const { payment } = await tessera.payments.refund(amount ? { ...params, amount } : params, idempotency(c));
    return c.json(paymentView(payment ?? (await tessera.payments.retrieve(params.paymentId))));
  });

  // Verified before anything is read from the body: a changed body, another secret or an old (replayed) delivery is
  // a 400 with its code; no secret configured yet, a 503 the service retries later.
  const webhooks = createWebhookHandler({
    secret: () => (typeof options.webhookSecret === 'function' ? options.webhookSecret() : options.webhookSecret),
    onEvent: (event) => {
      // A delivery the service sends again (it retries until it gets a 2xx) is answered 2xx and not acted on twice.
      // This memory is one process's: a shop with several keeps the ids it handled in its database instead.
      if (received.some((seen) => seen.id === event.id)) return;
      const webhook: ReceivedWebhook = { receivedAt: new Date().toISOString(), type: event.type, id: event.id, body: event };
      received.push(webhook);
      if (received.length > SEEN_EVENTS) received.shift();
      onWebhook(webhook);
    },
  });
  app.post('/webhooks', (c) => webhooks(c.req.raw));

  app.get('/api/webhooks', (c) => c.json({ data: received }));
  return app;
}
