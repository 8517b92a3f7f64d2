// The page's calls to this app's own route handlers (same origin); the secret key stays on the server.
import type { Payment, RadarSession } from '@tessera/tokenizer';

/** A payment as the route handlers answer it (`paymentView` in `lib/http.ts`). */
export interface PaymentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  /** The service's payment: what `confirmPayment` reads (`requireAction` and its data). */
  payment: Payment;
}

async function call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; idempotencyKey?: string; signal?: AbortSignal | undefined } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(path, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const json = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!response.ok) throw new Error(json.error?.message ?? `HTTP ${response.status}`);
  return json;
}

// One Idempotency-Key per step of an attempt: a double submit or a retry of the same step charges once.
export const createInstrument = (body: { serviceToken: string; email: string }, idempotencyKey: string) =>
  call<{ paymentInstrument: { id: string } }>('POST', '/api/instruments', { body, idempotencyKey });

export const createThreeDSSession = (body: unknown, idempotencyKey: string) => call<{ id: string }>('POST', '/api/threeds-sessions', { body, idempotencyKey });

export const createPayment = (body: { paymentInstrumentId: string; threedsSessionId?: string }, idempotencyKey: string) =>
  call<PaymentView>('POST', '/api/payments', { body, idempotencyKey });

/** `tessera.payments.continue` on the server, once the customer acted; what `confirmPayment` calls. */
export const continuePayment = async (id: string, signal?: AbortSignal): Promise<Payment> =>
  (await call<PaymentView>('POST', `/api/payments/${encodeURIComponent(id)}/continue`, { body: {}, signal })).payment;

/** The payment as it is now; what `confirmPayment` polls while it is processing. */
export const fetchPayment = async (id: string, signal?: AbortSignal): Promise<Payment> =>
  (await call<PaymentView>('GET', `/api/payments/${encodeURIComponent(id)}`, { signal })).payment;

/** `tessera.radarSessions.create` on the server: saves the device session a radar check collected in this page. */
export const saveRadarSession = (session: RadarSession, signal?: AbortSignal) => call<{ radarSessionId: string | null }>('POST', '/api/radar-sessions', { body: session, signal });
