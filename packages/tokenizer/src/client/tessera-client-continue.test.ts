import { TesseraAbortError, toConfirmablePayment, type CheckoutPayRequest, type Payment } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import { createTessera } from './tessera-client.js';

// The challenge approved at once, so pay() goes on to the continue: the case this file is about is an abort then.
vi.mock('../threeds/threeds.js', () => ({
  createThreeDS: () => ({ startChallenge: () => Promise.resolve({ success: true, authenticationStatus: 'successful', reason: undefined }) }),
}));

const payment = (fields: Partial<Payment>) => toConfirmablePayment({ id: 'pay_1', amount: 2400, currency: 'USD', status: 'succeeded', subStatus: 'approved', requireAction: 'none', ...fields });
const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } }));
const challenged = payment({
  status: 'pending',
  subStatus: null,
  requireAction: 'threeds_auth',
  requireActionData: { type: 'threeds_auth', metadata: { threedsSession: { externalSessionId: 'sess_1', acsChallengeUrl: 'https://acs.example/c', acsTransID: 'acs_1', messageVersion: '2.2.0' } } },
});

describe('createTessera().pay after an abort during the continue', () => {
  it('sends the same attempt again on the next pay(): the continue may have reached the service after the challenge, so the payment may go through', async () => {
    const controller = new AbortController();
    const sent: CheckoutPayRequest[] = [];
    const answers = [
      () => answer({ payment: challenged, paymentToken: 'pt_1' }),
      // The continue, sent after the customer approved: the page aborts while it is on its way.
      () => {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      },
      () => answer({ payment: payment({}), paymentToken: 'pt_1' }),
    ];
    const fetch = vi.fn((url: string, init?: { body?: string }) => {
      if (url.endsWith('/payments')) sent.push(JSON.parse(init!.body!) as CheckoutPayRequest);
      return answers.shift()!();
    }) as unknown as typeof globalThis.fetch;
    const tessera = createTessera({ environment: 'local', fetch });
    await expect(tessera.pay({ tokenized: { serviceToken: 'svc_token_1' }, orderRef: 'cart_42', signal: controller.signal })).rejects.toSatisfy((error) => TesseraAbortError.isInstance(error));
    await expect(tessera.pay({ tokenized: { serviceToken: 'svc_token_2' }, orderRef: 'cart_42' })).resolves.toMatchObject({ status: 'succeeded' });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });
});
