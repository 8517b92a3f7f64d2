import { checkoutSessionInitPath, checkoutSessionV2Path, cmsAnonymousSessionPath, sessionPaymentInstrumentPath, sessionPayPath, sessionThreeDSSessionPath } from '@tessera/core/internal';
import type { Sandbox } from '../src/index.js';
import { sandboxRoutes } from '../src/index.js';
import type { Answer } from './support.js';
import type { Client } from './use-sandbox.js';

/** What a store page does with the browser session API, as plugin-sdk does it: every call with `x-cms-token`, no key. */
export interface BrowserSession {
  token: string;
  /** One call on the session token (no Authorization header). */
  send(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** Starts a checkout of `lineItems` → its token and id (read back with the v2 route). */
  checkout(lineItems: unknown[], extra?: Record<string, unknown>): Promise<{ checkoutToken: string; id: string; view: any }>;
  /** Tokenizes `cardNumber` in the vault and makes the session's instrument of it → the instrument (with `token`). */
  instrument(cardNumber?: string): Promise<any>;
  /** A 3DS session of the instrument (the sandbox makes the BT session when `sessionData` is left out). */
  threeds(paymentInstrumentId: string, sessionData?: Record<string, unknown>): Promise<any>;
  /** pay-v2 on the session token. */
  pay(body: Record<string, unknown>): Promise<Answer>;
}

/** Opens an anonymous session of `storeId` (no key) and returns what a page does with it. */
export async function openBrowserSession(c: Client, sandbox: Sandbox, storeId: string = sandbox.defaults.shop.storeId): Promise<BrowserSession> {
  const opened = await c.send('POST', cmsAnonymousSessionPath, { storeId, role: 'anonymous' }, { authorization: '' });
  if (opened.status !== 200) throw new Error(`session failed: ${JSON.stringify(opened.body)}`);
  const token = opened.body.token as string;
  const send: BrowserSession['send'] = (method, path, body, headers = {}) => c.send(method, path, body, { authorization: '', 'x-cms-token': token, ...headers });
  return {
    token,
    send,
    async checkout(lineItems, extra = {}) {
      const started = await send('POST', checkoutSessionInitPath, { lineItems, ...extra });
      if (started.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(started.body)}`);
      const view = await send('GET', checkoutSessionV2Path.replace('{checkoutToken}', started.body.checkoutToken));
      return { checkoutToken: started.body.checkoutToken, id: view.body.checkoutSession.id, view: view.body };
    },
    async instrument(cardNumber = '4242424242424242') {
      const raw = await c.vault(sandboxRoutes.vaultTokenizeCard, { type: 'card', data: { number: cardNumber, expiration_month: 12, expiration_year: 2034, cvc: '123' } });
      const created = await send('POST', sessionPaymentInstrumentPath, {
        paymentInstrumentData: { type: 'card', token: raw.body.id, card: { maskedCardNumber: raw.body.data.number, expirationMonth: 12, expirationYear: 2034 } },
      });
      if (created.status !== 200) throw new Error(`instrument failed: ${JSON.stringify(created.body)}`);
      return created.body;
    },
    async threeds(paymentInstrumentId, sessionData) {
      const created = await send('POST', sessionThreeDSSessionPath, { provider: 'basis_theory', paymentInstrumentId, ...(sessionData ? { sessionData } : {}) });
      if (created.status !== 200) throw new Error(`3DS session failed: ${JSON.stringify(created.body)}`);
      return created.body;
    },
    pay: (body) => send('POST', sessionPayPath, body),
  };
}
