import type { SandboxServer } from '@tessera/sandbox';
import { describe, expect, it } from 'vitest';
import { Tessera, TesseraOutcomeUnknownError, TesseraValidationError, type TesseraOptions } from '../src/index.js';
import { newInstrument } from './fixtures.js';
import { useSandboxServer } from './use-sandbox-server.js';

// payments.reconcile against the sandbox over real HTTP, with its faults: a socket closed after the charge (the
// payment exists), before it (it does not), and a service that ignores idempotency keys.
let server: SandboxServer;

useSandboxServer((started) => (server = started));

/** A client that does not retry a purchase whose outcome is unknown (as against the real service), and its requests. */
function client(options: Partial<TesseraOptions> = {}): { tessera: Tessera; sent: Request[] } {
  const sent: Request[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return globalThis.fetch(request);
  };
  return { tessera: new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url, idempotentRetries: false, maxRetries: 0, fetch, ...options }), sent };
}

async function instrument(tessera: Tessera): Promise<{ storeId: string; paymentInstrumentId: string }> {
  const storeId = server.sandbox.defaults.storeId;
  const { paymentInstrument } = await newInstrument(tessera, { baseUrl: server.url, vaultKey: server.sandbox.vaultKey }, storeId);
  return { storeId, paymentInstrumentId: paymentInstrument.id };
}

/** The error a purchase throws when the sandbox drops its connection (`drop_after_commit`: after charging). */
async function lostPurchase(tessera: Tessera, request: Parameters<Tessera['payments']['purchase']>[0], kind: 'drop_after_commit' | 'drop_before_commit'): Promise<TesseraOutcomeUnknownError> {
  server.sandbox.faults.add({ route: 'processPayment', kind, times: 1 });
  const error = await tessera.payments.purchase(request).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TesseraOutcomeUnknownError);
  return error as TesseraOutcomeUnknownError;
}

describe('payments.reconcile', () => {
  it('finds the payment a dropped purchase made, by its order reference, and charges nothing more', async () => {
    const { tessera } = client();
    const { storeId, paymentInstrumentId } = await instrument(tessera);
    const charges = server.sandbox.countCharges();
    const error = await lostPurchase(tessera, { amount: 5101, currency: 'USD', storeId, paymentInstrumentId, orderId: 'order_5101' }, 'drop_after_commit');
    expect(server.sandbox.countCharges() - charges).toBe(1);
    expect(error.request).toMatchObject({ operation: 'processPayment', body: { amount: 5101, orderId: 'order_5101' } });
    expect(JSON.stringify(error)).not.toContain('order_5101');

    const result = await tessera.payments.reconcile(error, { settleMs: 0 });
    expect(result.outcome).toBe('found');
    if (result.outcome !== 'found') return;
    expect(result.payment).toMatchObject({ amount: 5101, status: 'succeeded' });
    expect(result.reliedOn).toEqual(['order_id', 'payment_instrument', 'amount', 'time_window']);
    expect(result.search).toMatchObject({ storeId, complete: true });
    expect(server.sandbox.countCharges() - charges).toBe(1);
  });

  it('answers not_found when the connection dropped before the charge, and the retry with the same key charges once', async () => {
    const { tessera } = client();
    const { storeId, paymentInstrumentId } = await instrument(tessera);
    const charges = server.sandbox.countCharges();
    const request = { amount: 5102, currency: 'USD', storeId, paymentInstrumentId };
    const error = await lostPurchase(tessera, request, 'drop_before_commit');
    expect(server.sandbox.countCharges() - charges).toBe(0);

    const result = await tessera.payments.reconcile(error, { settleMs: 0 });
    expect(result).toMatchObject({ outcome: 'not_found', search: { complete: true } });
    const retried = await tessera.payments.purchase(request, { idempotencyKey: error.idempotencyKey! });
    expect(retried.status).toBe('succeeded');
    expect(server.sandbox.countCharges() - charges).toBe(1);
  });

  it('answers ambiguous with both candidates for two same-amount orders on one card, never picking one', async () => {
    const { tessera } = client();
    const { storeId, paymentInstrumentId } = await instrument(tessera);
    const request = { amount: 5103, currency: 'USD', storeId, paymentInstrumentId };
    const first = await tessera.payments.purchase(request);
    const error = await lostPurchase(tessera, request, 'drop_after_commit');

    const result = await tessera.payments.reconcile(error, { settleMs: 0 });
    expect(result.outcome).toBe('ambiguous');
    if (result.outcome !== 'ambiguous') return;
    expect(result.candidates).toHaveLength(2);
    expect(result.candidates.map((payment) => payment.id)).toContain(first.id);
  });

  it('tells two same-amount orders on one card apart by their metadata', async () => {
    const { tessera } = client();
    const { storeId, paymentInstrumentId } = await instrument(tessera);
    const request = { amount: 5104, currency: 'USD', storeId, paymentInstrumentId };
    const first = await tessera.payments.purchase({ ...request, metadata: { orderRef: 'A-1' } });
    const error = await lostPurchase(tessera, { ...request, metadata: { orderRef: 'A-2' } }, 'drop_after_commit');

    const result = await tessera.payments.reconcile(error, { settleMs: 0 });
    expect(result.outcome).toBe('found');
    if (result.outcome !== 'found') return;
    expect(result.payment.id).not.toBe(first.id);
    expect(result.reliedOn).toContain('metadata');
    // Typed on the answer: read without a cast.
    expect(result.payment.metadata?.orderRef).toBe('A-2');
    expect((await tessera.payments.retrieve(first.id)).metadata).toEqual({ orderRef: 'A-1' });
  });

  it('does not count a same-amount payment of another card', async () => {
    const { tessera } = client();
    const mine = await instrument(tessera);
    const other = await instrument(tessera);
    await tessera.payments.purchase({ amount: 5105, currency: 'USD', ...other });
    const error = await lostPurchase(tessera, { amount: 5105, currency: 'USD', ...mine }, 'drop_after_commit');
    const result = await tessera.payments.reconcile(error, { settleMs: 0 });
    expect(result).toMatchObject({ outcome: 'found', payment: { paymentInstrument: { id: mine.paymentInstrumentId } } });
  });

  it('against a service that ignores idempotency keys, searches rather than replays: nothing charged twice', async () => {
    // The key is stripped on the way: the sandbox never sees one, as a service that ignored them would not.
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      request.headers.delete('idempotency-key');
      return globalThis.fetch(request);
    };
    const { tessera } = client({ fetch });
    const { storeId, paymentInstrumentId } = await instrument(tessera);
    const charges = server.sandbox.countCharges();
    const error = await lostPurchase(tessera, { amount: 5106, currency: 'USD', storeId, paymentInstrumentId }, 'drop_after_commit');
    const result = await tessera.payments.reconcile(error, { settleMs: 0 });
    expect(result.outcome).toBe('found');
    expect(server.sandbox.countCharges() - charges).toBe(1);
  });

  it('replays the key where the service honours it, from the request kept in your records', async () => {
    const { tessera } = client();
    const { storeId, paymentInstrumentId } = await instrument(tessera);
    const request = { mode: 'purchase', amount: 5107, currency: 'USD', storeId, paymentInstrumentId, initiatedBy: 'customer' } as const;
    const sentAt = new Date();
    const error = await lostPurchase(tessera, request, 'drop_after_commit');
    const charges = server.sandbox.countCharges();

    const { tessera: honouring, sent } = client({ idempotentRetries: true });
    const result = await honouring.payments.reconcile({ request, idempotencyKey: error.idempotencyKey, sentAt }, { settleMs: 0 });
    expect(result).toMatchObject({ outcome: 'found', reliedOn: ['idempotency_key'], payment: { amount: 5107 } });
    expect(sent.map((sentRequest) => sentRequest.headers.get('idempotency-key'))).toEqual([error.idempotencyKey]);
    expect(server.sandbox.countCharges() - charges).toBe(0);
  });

  it('reads back the payment a dropped capture named', async () => {
    const { tessera } = client();
    const { storeId, paymentInstrumentId } = await instrument(tessera);
    const authorization = await tessera.payments.authorize({ amount: 5108, currency: 'USD', storeId, paymentInstrumentId });
    server.sandbox.faults.add({ route: 'processPayment', kind: 'drop_after_commit', times: 1 });
    const error = await tessera.payments.capture({ paymentId: authorization.id }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TesseraOutcomeUnknownError);
    const result = await tessera.payments.reconcile(error as TesseraOutcomeUnknownError, { settleMs: 0 });
    expect(result).toMatchObject({ outcome: 'found', reliedOn: ['payment_id'], payment: { id: authorization.id, status: 'succeeded' } });
  });

  it('refuses, before any request, what it cannot search by', async () => {
    const { tessera, sent } = client();
    const sentAt = new Date();
    const refused = (promise: Promise<unknown>) => expect(promise).rejects.toBeInstanceOf(TesseraValidationError);
    await refused(tessera.payments.reconcile({ request: { amount: 51.09, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1' }, sentAt }));
    await refused(tessera.payments.reconcile({ request: { amount: 5109, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1' }, sentAt: 'yesterday' }));
    await expect(tessera.payments.reconcile({ request: { currency: 'USD', storeId: 'store_1' } as never, sentAt })).rejects.toMatchObject({
      fields: expect.arrayContaining([expect.objectContaining({ field: 'request.amount' })]),
    });
    const noRequest = new TesseraOutcomeUnknownError({ method: 'POST', path: '/payments/process', idempotencyKey: 'key_1', reason: 'timeout' });
    await expect(tessera.payments.reconcile(noRequest)).rejects.toMatchObject({ fields: [{ field: 'from', code: 'no_request' }] });
    expect(sent).toHaveLength(0);
  });
});
