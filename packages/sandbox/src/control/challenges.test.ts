import { getThreeDSChallenge, type Payment } from '@tessera/core';
import { routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { purchase } from '../../test/fixtures.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { type Client, useHttpSandbox } from '../../test/use-sandbox.js';
import type { SandboxServer } from '../server.js';
import { connectSandbox } from './connect.js';
import { SandboxControlError } from '../errors/control-error.js';

// A 3DS challenge approved or failed from a test, in process (`sandbox.challenges`) and against a running sandbox
// (`connectSandbox().challenges`, the route), by the ids a backend holds: the payment's, and core's
// `getThreeDSChallenge` names (`sessionId`, `acsTransactionId`).
let server: SandboxServer;
let c: Client;
useHttpSandbox({ port: 0 }, (started) => ({ server, c } = started));

/** A customer's payment in the gateway store on the 3DS test card: pending on its challenge. */
async function challenged(): Promise<Payment> {
  const { gateway } = server.sandbox.defaults;
  const instrument = await c.instrument(gateway.storeId, '4000000000003220');
  const answer = await c.api(routes.processPayment, { body: purchase(gateway.storeId, instrument.id) });
  expect(answer.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
  return answer.body.payment as Payment;
}
const statusOf = async (id: string): Promise<string> => (await c.api(routes.retrievePayment, { params: { id } })).body.status as string;

describe('3DS challenges settled from a test', () => {
  it('in process: approves by payment id, fails by session id, approves by ACS transaction id; the names are getThreeDSChallenge\'s', async () => {
    const { challenges } = server.sandbox;
    const first = await challenged();
    const challenge = getThreeDSChallenge(first)!;
    const approved = challenges.approve(first.id);
    expect(approved).toEqual({ paymentId: first.id, status: 'succeeded', sessionId: challenge.sessionId, acsTransactionId: challenge.acsTransactionId, authenticated: true });
    expect(await statusOf(first.id)).toBe('succeeded');
    // Settled once: again, by any of its ids, changes nothing.
    expect(challenges.fail(challenge.acsTransactionId)).toEqual(approved);
    expect(server.sandbox.countCharges(first.id)).toBe(1);

    const second = await challenged();
    const failed = challenges.fail(getThreeDSChallenge(second)!.sessionId);
    expect(failed).toMatchObject({ paymentId: second.id, status: 'failed', authenticated: false });
    expect(await statusOf(second.id)).toBe('failed');

    const third = await challenged();
    expect(challenges.approve(getThreeDSChallenge(third)!.acsTransactionId)).toMatchObject({ paymentId: third.id, status: 'succeeded' });
  });

  it('a challenge the customer abandoned (its ACS page went away unanswered) is refused approval: 409 challenge_abandoned, in process, over HTTP and on the ACS page; failing it stays possible', async () => {
    const payment = await challenged();
    const { acsTransactionId, sessionId } = getThreeDSChallenge(payment)!;
    // What the ACS page's beacon sends when its frame goes away (the checkout's modal cancelled).
    const beacon = await fetch(`${server.url}${sandboxRoutes.acsComplete}`, { method: 'POST', body: new URLSearchParams({ acsTransactionId, sessionId, outcome: 'abandon' }) });
    expect(beacon.status).toBe(200);

    let thrown: unknown;
    try {
      server.sandbox.challenges.approve(payment.id);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SandboxControlError);
    expect(thrown).toMatchObject({ status: 409, code: 'challenge_abandoned' });
    expect((thrown as Error).message).toMatch(/fail it, or start a new payment/);
    await expect(connectSandbox(server.url).challenges.approve(acsTransactionId)).rejects.toMatchObject({ status: 409, code: 'challenge_abandoned' });
    // The ACS page's own Approve (a second tab, a stale frame) is refused too.
    const page = await fetch(`${server.url}${sandboxRoutes.acsComplete}`, { method: 'POST', body: new URLSearchParams({ acsTransactionId, sessionId, outcome: 'approve' }) });
    expect(page.status).toBe(409);
    expect(await statusOf(payment.id)).toBe('pending');
    expect(server.sandbox.countCharges(payment.id)).toBe(0);

    expect(server.sandbox.challenges.fail(sessionId)).toMatchObject({ paymentId: payment.id, status: 'failed', authenticated: false });
    // Once settled, a late beacon changes nothing.
    const settled = await challenged();
    server.sandbox.challenges.approve(settled.id);
    const { acsTransactionId: settledTransaction, sessionId: settledSession } = getThreeDSChallenge(settled)!;
    await fetch(`${server.url}${sandboxRoutes.acsComplete}`, { method: 'POST', body: new URLSearchParams({ acsTransactionId: settledTransaction, sessionId: settledSession, outcome: 'abandon' }) });
    expect(server.sandbox.challenges.approve(settled.id)).toMatchObject({ status: 'succeeded' });
  });

  it('in process: a payment that never asked for one is a 409, an unknown id a 404, each saying what to give', async () => {
    const { storeId } = server.sandbox.defaults;
    const instrument = await c.instrument(storeId);
    const paid = await c.api(routes.processPayment, { body: purchase(storeId, instrument.id) });
    const never = (() => {
      try {
        return server.sandbox.challenges.approve(paid.body.payment.id as string);
      } catch (error) {
        return error;
      }
    })();
    expect(SandboxControlError.isInstance(never)).toBe(true);
    expect(never).toMatchObject({ status: 409, code: 'invalid_state', message: expect.stringContaining('3DS test card') });
    expect(() => server.sandbox.challenges.fail('pay_unknown')).toThrow(expect.objectContaining({ status: 404, message: expect.stringContaining('sessionId') }) as Error);
  });

  it('over HTTP: connectSandbox().challenges approves and fails by the same ids; the route keeps its earlier acsTransID', async () => {
    const remote = connectSandbox(server.url);
    const first = await challenged();
    expect(await remote.challenges.approve(first.id)).toMatchObject({ paymentId: first.id, status: 'succeeded', authenticated: true, sessionId: getThreeDSChallenge(first)!.sessionId });
    const second = await challenged();
    const { sessionId, acsTransactionId } = getThreeDSChallenge(second)!;
    expect(await remote.challenges.fail(sessionId)).toEqual({ paymentId: second.id, status: 'failed', sessionId, acsTransactionId, authenticated: false });
    expect(await statusOf(second.id)).toBe('failed');
    // The route itself (what the dashboard's buttons post): an ACS transaction id, and the earlier answer's name.
    const third = await challenged();
    const third3ds = getThreeDSChallenge(third)!;
    const answer = await c.send('POST', sandboxRoutes.completeDashboardChallenge.replace('{id}', third3ds.acsTransactionId), { outcome: 'approve' });
    expect(answer.body).toMatchObject({ paymentId: third.id, acsTransactionId: third3ds.acsTransactionId, acsTransID: third3ds.acsTransactionId, status: 'succeeded' });
    await expect(remote.challenges.approve('acs_nothing')).rejects.toMatchObject({ name: 'TesseraSandboxControlError', status: 404 });
    await expect(remote.challenges.approve(' ')).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [expect.objectContaining({ field: 'id' })] });
  });

  it('the ACS form takes core\'s names (acsTransactionId, sessionId), and still the CReq\'s', async () => {
    const first = await challenged();
    const one = getThreeDSChallenge(first)!;
    const page = await c.form(sandboxRoutes.acsComplete, { acsTransactionId: one.acsTransactionId, sessionId: one.sessionId, outcome: 'approve' });
    expect(page.body).toContain('"authenticationStatus":"successful"');
    expect(await statusOf(first.id)).toBe('succeeded');
    const second = await challenged();
    const two = getThreeDSChallenge(second)!;
    await c.form(sandboxRoutes.acsComplete, { acsTransID: two.acsTransactionId, threeDSServerTransID: two.sessionId, outcome: 'fail' });
    expect(await statusOf(second.id)).toBe('failed');
  });
});
