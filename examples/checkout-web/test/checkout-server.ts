import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { CreateRadarSessionRequest, CreateThreeDSSessionRequest } from '@tessera/core';
import { getThreeDSChallenge, normalizePaymentStatus, Tessera, TesseraApiError, TesseraError, toConfirmablePayment, type Payment } from '@tessera/server';
import { Hono, type Context } from 'hono';
import type { AddressInfo } from 'node:net';
import type { CheckoutConfig, PaymentView } from '../src/api.js';

/** Options of {@link startCheckoutServer}. */
export interface CheckoutServerOptions {
  /** Secret API key and origin of the service (the sandbox in the test). */
  apiKey: string;
  baseUrl: string;
  storeId: string;
  /** The built page (`vite build` output). */
  staticDir: string;
  /** What `GET /api/config` hands the page. */
  publicConfig: CheckoutConfig;
}

/** A running {@link startCheckoutServer}. */
export interface CheckoutServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The server side the page needs (the routes `src/api.ts` calls) and the built page, on one local origin: the
 * end-to-end test's own stand-in for a merchant server, so this starter tests on its own. A real shop's server,
 * with input checks, capture, refund, void and webhooks, is the merchant-server starter.
 */
export async function startCheckoutServer(options: CheckoutServerOptions): Promise<CheckoutServer> {
  const { storeId } = options;
  const tessera = new Tessera({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 0 });
  // The page sends one Idempotency-Key per step of an attempt; forwarding it makes a double submit charge once.
  const idempotency = (c: Context) => {
    const key = c.req.header('idempotency-key');
    return key ? { idempotencyKey: key } : {};
  };
  const view = (payment: Payment): PaymentView => ({
    id: payment.id,
    status: normalizePaymentStatus(payment),
    amount: payment.amount,
    currency: payment.currency,
    challenge: getThreeDSChallenge(payment) ?? null,
    payment: toConfirmablePayment(payment),
  });

  const app = new Hono();
  app.onError((error, c) => {
    const code = TesseraError.isInstance(error) ? error.code : 'internal_error';
    return c.json({ error: { code, message: error.message } }, error instanceof TesseraApiError ? (error.status as 400) : 500);
  });
  app.get('/api/config', (c) => c.json(options.publicConfig));
  app.post('/api/instruments', async (c) => {
    const { serviceToken, email } = await c.req.json<{ serviceToken: string; email: string }>();
    const result = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId, customerData: { email } }, idempotency(c));
    return c.json({ paymentInstrument: result.paymentInstrument, customer: { id: result.customer.id } }, 201);
  });
  app.post('/api/threeds-sessions', async (c) => {
    const body = await c.req.json<Omit<CreateThreeDSSessionRequest, 'storeId'>>();
    const session = await tessera.threeds.createSession({ ...body, storeId }, idempotency(c));
    return c.json({ id: session.id }, 201);
  });
  app.post('/api/payments', async (c) => {
    const { paymentInstrumentId, amount, currency, threedsSessionId } = await c.req.json<{ paymentInstrumentId: string; amount: number; currency: string; threedsSessionId?: string }>();
    const payment = await tessera.payments.purchase(
      // returnUrl: where a redirect action's page sends the customer back (the page's popup watches for it).
      { amount, currency, storeId, paymentInstrumentId, initiatedBy: 'customer', returnUrl: new URL('/payment-return', c.req.url).href, ...(threedsSessionId ? { threedsSessionId } : {}) },
      idempotency(c),
    );
    return c.json(view(payment), 201);
  });
  app.get('/api/payments/:id', async (c) => c.json(view(await tessera.payments.retrieve(c.req.param('id')))));
  // A radar check's device session, as the page collected it: `POST /radar-sessions`, before the page continues.
  app.post('/api/radar-sessions', async (c) => {
    const { radarSession } = await tessera.radarSessions.create(await c.req.json<CreateRadarSessionRequest>(), idempotency(c));
    return c.json({ radarSessionId: radarSession?.radarSessionId ?? null }, 201);
  });
  // After the customer acted (the challenge, a redirect, a radar check): `POST /payments/continue`, the page's `confirmPayment` calls it.
  app.post('/api/payments/:id/continue', async (c) => c.json(view(await tessera.payments.continue({ paymentId: c.req.param('id') }))));
  app.get('/payment-return', (c) => c.html('<!doctype html><title>Returning to the shop</title><p>Returning to the shop…</p>'));
  app.use('/*', serveStatic({ root: options.staticDir }));

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
