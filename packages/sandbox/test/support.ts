import { encodeServiceToken } from '@tessera/core';
import { API_PREFIX, type Route, routePath } from '@tessera/core/internal';
import type { Sandbox } from '../src/index.js';
import { sandboxRoutes } from '../src/index.js';

/** A JSON answer as the tests look at it. */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A small fetch client for one sandbox base URL (plain fetch, so tests see exactly what is sent). */
export function client(baseUrl: string, sandbox: Sandbox) {
  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: Object.fromEntries(
        Object.entries({ authorization: `Bearer ${sandbox.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }).filter(
          ([, value]) => value !== '',
        ),
      ),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
  }
  const api = (route: Route, options: { params?: Record<string, string>; query?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    send(route.method, `${API_PREFIX}${routePath(route, options.params)}${options.query ?? ''}`, options.body, options.headers);
  const vault = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send('POST', path, body, { authorization: '', 'bt-api-key': sandbox.vaultKey, ...headers });
  /** A BT route with `BT-API-KEY` (the public key unless another is given). */
  const bt = (path: string, body?: unknown, key: string = sandbox.vaultKey, method = 'POST') => send(method, path, body, { authorization: '', 'bt-api-key': key });
  const form = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  /** Tokenizes a card in the vault (BT's `POST /tokens`) and returns the service token and BT's raw token. */
  async function tokenize(cardNumber = '4242424242424242') {
    const raw = await vault(sandboxRoutes.vaultTokenizeCard, { type: 'card', data: { number: cardNumber, expiration_month: 12, expiration_year: 2034, cvc: '123' } });
    if (raw.status !== 201) throw new Error(`tokenize failed: ${JSON.stringify(raw.body)}`);
    const serviceToken = encodeServiceToken({
      type: 'card',
      token: raw.body.id,
      provider: 'basistheory',
      nonSensitiveMetadata: { last4: raw.body.card.last4, brand: raw.body.card.brand, authentication: raw.body.card.authentication === 'sca_required' ? 'sca_required' : 'optional' },
    });
    return { serviceToken, raw: raw.body };
  }

  /** A card instrument for a new customer in `storeId`. */
  async function instrument(storeId: string, cardNumber = '4242424242424242'): Promise<{ id: string; customerId: string; tokenId: string }> {
    const { serviceToken, raw } = await tokenize(cardNumber);
    const { routes } = await import('@tessera/core/internal');
    const created = await api(routes.createPaymentInstrumentFromToken, {
      body: { serviceToken, storeId, customerData: { email: 'ada@example.com', firstName: 'Ada' } },
    });
    if (created.status !== 200) throw new Error(`instrument failed: ${JSON.stringify(created.body)}`);
    return { id: created.body.paymentInstrument.id, customerId: created.body.customer.id, tokenId: raw.id };
  }

  return { send, api, vault, bt, form, tokenize, instrument };
}
