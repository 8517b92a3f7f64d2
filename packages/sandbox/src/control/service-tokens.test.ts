import { decodeServiceToken, TesseraValidationError } from '@tessera/core';
import { routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { purchase } from '../../test/fixtures.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { type Client, useHttpSandbox } from '../../test/use-sandbox.js';
import type { SandboxServer } from '../server.js';
import { testCardNumbers } from '../service/test-card-names.js';
import { connectSandbox } from './connect.js';

// A service token for a test card from the sandbox alone, in process (`sandbox.createServiceToken`) and against a
// running sandbox (`connectSandbox().createServiceToken`, `POST /sandbox/service-tokens`): the merchant server's
// `createFromToken` accepts it, and no answer holds the card's number or CVC.
let server: SandboxServer;
let c: Client;
useHttpSandbox({ port: 0 }, (started) => ({ server, c } = started));

const instrumentFrom = (serviceToken: string, storeId: string) =>
  c.api(routes.createPaymentInstrumentFromToken, { body: { serviceToken, storeId, customerData: { email: 'ada@example.com', firstName: 'Ada' } } });

describe('service tokens for test cards', () => {
  it('in process: a named 3DS card gives a token the API takes, whose payment waits on its challenge', async () => {
    const serviceToken = await server.sandbox.createServiceToken('visa_3ds');
    const envelope = decodeServiceToken(serviceToken);
    expect(envelope).toMatchObject({ type: 'card', provider: 'basistheory', nonSensitiveMetadata: { last4: '3220', brand: 'visa', bin: '400000', expiryMonth: 12, authentication: 'sca_required' } });
    expect(server.sandbox.records.vaultTokens.get(envelope.token)).toMatchObject({ last4: '3220', outcome: 'challenge' });
    const { gateway } = server.sandbox.defaults;
    const created = await instrumentFrom(serviceToken, gateway.storeId);
    expect(created.status).toBe(200);
    const paid = await c.api(routes.processPayment, { body: purchase(gateway.storeId, created.body.paymentInstrument.id as string) });
    expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
  });

  it('in process: a card number, a card with its expiry and CVC, and its facts; a bad card is a TesseraValidationError naming the field', async () => {
    const decline = decodeServiceToken(await server.sandbox.createServiceToken('4000000000000002'));
    expect(decline.nonSensitiveMetadata).toMatchObject({ last4: '0002', authentication: 'optional' });
    const amex = await server.sandbox.createServiceTokenWithFacts({ number: '3782 822463 10005', expMonth: 3, expYear: 2031 });
    expect(amex.card).toEqual({ tokenId: decodeServiceToken(amex.serviceToken).token, brand: 'amex', bin: '378282', last4: '0005', expMonth: 3, expYear: 2031, scaRequired: false });
    const expired = await server.sandbox.createServiceToken({ number: testCardNumbers.visa, expMonth: 1, expYear: 2001 }).catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(TesseraValidationError);
    expect((expired as TesseraValidationError).fields.map(({ field }) => field)).toEqual(['card.expYear']);
    const luhn = await server.sandbox.createServiceToken('4242424242424241').catch((error: unknown) => error);
    expect((luhn as TesseraValidationError).fields).toEqual([expect.objectContaining({ field: 'card' })]);
    expect((luhn as Error).message).not.toContain('4242424242424241');
  });

  it('over HTTP: connectSandbox().createServiceToken, and the route answers no number and no CVC', async () => {
    const remote = connectSandbox(server.url);
    const serviceToken = await remote.createServiceToken('visa');
    const created = await instrumentFrom(serviceToken, server.sandbox.defaults.storeId);
    expect(created.body.paymentInstrument).toMatchObject({ card: { last4: '4242', brand: 'visa' } });
    const answer = await c.send('POST', sandboxRoutes.createServiceToken, { card: { number: '5555555555554444', cvc: '987' } });
    expect(answer.status).toBe(201);
    expect(answer.body.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain('5555555555554444');
    expect(text).not.toContain('987');
    const refused = await c.send('POST', sandboxRoutes.createServiceToken, { card: { number: '5555555555554443', cvc: '987' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual([expect.objectContaining({ field: 'card.number' })]);
    expect(JSON.stringify(refused.body)).not.toMatch(/5555555555554443|987/);
    // Checked before sending: a name the sandbox does not know.
    const typo = await remote.createServiceToken('visa_3d' as never).catch((error: unknown) => error);
    expect(typo).toBeInstanceOf(TesseraValidationError);
    expect((typo as TesseraValidationError).message).toContain('visa_3ds');
    // The route takes the secret key only.
    expect((await c.send('POST', sandboxRoutes.createServiceToken, { card: 'visa' }, { authorization: '' })).status).toBe(401);
  });
});
