import { API_PREFIX, routePath, routes } from '@tessera/core/internal';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createSandbox, sandboxRoutes } from '../index.js';

// The package's main entry imports in a browser and its state machine runs there: the same `getResponse` over the
// handlers that msw's setupWorker uses for each intercepted request.
describe('the sandbox in a browser', () => {
  it('tokenizes in the BT emulation, refuses the API without a key, and answers with it', async () => {
    const sandbox = createSandbox();
    const origin = 'https://sandbox.test';
    const send = (path: string, init: RequestInit) => getResponse(sandbox.handlers, new Request(`${origin}${path}`, init));

    const token = await send(sandboxRoutes.vaultTokenizeCard, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'bt-api-key': sandbox.vaultKey },
      body: JSON.stringify({ type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '123' } }),
    });
    expect(token?.status).toBe(201);
    expect(await token?.json()).toMatchObject({ type: 'card', card: { last4: '4242' } });

    const path = `${API_PREFIX}${routePath(routes.retrievePayment, { id: 'pay_404' })}`;
    expect((await send(path, { method: 'GET' }))?.status).toBe(401);
    expect((await send(path, { method: 'GET', headers: { authorization: `Bearer ${sandbox.apiKey}` } }))?.status).toBe(404);
  });
});
