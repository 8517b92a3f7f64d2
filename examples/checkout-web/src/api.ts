// The page talks only to its own merchant server (same origin); the server holds the API key.
import type { Payment, RadarSession } from '@tessera/tokenizer';

/** Public settings the merchant server hands the page. */
export interface CheckoutConfig {
  environment: 'production' | 'development' | 'local';
  vaultUrl?: string;
  vaultKey?: string;
  storeId: string;
}

/** A payment as the merchant server reports it. */
export interface PaymentView {
  id: string;
  status: string;
  amount: number;
  currency: string;
  challenge: { sessionId: string; acsChallengeUrl: string; acsTransactionId: string; threeDSVersion: string } | null;
  /** The payment as the service answered it (its `status`, `subStatus`, `requireAction` and data): what `confirmPayment` reads. */
  payment: Payment;
}

/** An error answer of the merchant server. */
export class MerchantServerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'MerchantServerError';
  }
}

async function call<T>(method: string, path: string, body?: unknown, options: { idempotencyKey?: string; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const response = await fetch(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const json = (await response.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string } };
  if (!response.ok) throw new MerchantServerError(response.status, json.error?.code ?? 'error', json.error?.message ?? `HTTP ${response.status}`);
  return json;
}

export const getConfig = () => call<CheckoutConfig>('GET', '/api/config');

export const createInstrument = (body: { serviceToken: string; email: string }, idempotencyKey: string) =>
  call<{ paymentInstrument: { id: string }; customer: { id: string } }>('POST', '/api/instruments', body, { idempotencyKey });

export const createThreeDSSession = (body: unknown, idempotencyKey: string) => call<{ id: string }>('POST', '/api/threeds-sessions', body, { idempotencyKey });

export const createPayment = (body: { paymentInstrumentId: string; amount: number; currency: string; threedsSessionId?: string }, idempotencyKey: string) =>
  call<PaymentView>('POST', '/api/payments', body, { idempotencyKey });

/** Asks the server to continue the payment after the customer acted (it calls `tessera.payments.continue`). */
export const continuePayment = (id: string, signal?: AbortSignal) =>
  call<PaymentView>('POST', `/api/payments/${encodeURIComponent(id)}/continue`, {}, signal ? { signal } : {});

export const getPayment = (id: string, signal?: AbortSignal) => call<PaymentView>('GET', `/api/payments/${encodeURIComponent(id)}`, undefined, signal ? { signal } : {});

/** Saves the device session a radar check collected (the server calls `tessera.radarSessions.create`). */
export const saveRadarSession = (session: RadarSession, signal?: AbortSignal) =>
  call<{ radarSessionId?: string }>('POST', '/api/radar-sessions', session, signal ? { signal } : {});
