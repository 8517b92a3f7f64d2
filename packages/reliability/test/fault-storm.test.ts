import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { Tessera, TesseraError, type Payment } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// 1,000 purchases through @tessera/server against the sandbox HTTP server on 127.0.0.1 (no name lookup per
// connection) with seeded faults:
// latency, 5xx, 429 + Retry-After, connections dropped before and after the change is committed, and responses
// slower than the client's timeout. Bounded: 1,000 calls, 50 at a time, at most 2 attempts each (so some calls run out of retries and are retried later by "the merchant").
const PAYMENTS = 1000;
const CONCURRENCY = 50;

let server: SandboxServer;
let paymentInstrumentId: string;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, host: '127.0.0.1', sandboxOptions: { seed: 2026 } });
  const tessera = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url });
  const serviceToken = await createTokenizer({ environment: 'local', vaultUrl: server.url }).tokenizeCard({ cardNumber: '4242424242424242', expiryDate: '12/30', cvc: '123' });
  const created = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId: server.sandbox.defaults.storeId, customerData: { email: 'storm@example.com' } });
  paymentInstrumentId = created.paymentInstrument.id;
});
afterAll(() => server.close());

async function inBatches<T>(count: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await run(index);
      }
    }),
  );
  return results;
}

describe('fault storm', () => {
  it('settles every call, fails only with typed errors, and charges each logical payment exactly once', async () => {
    const { faults } = server.sandbox;
    const route = 'processPayment';
    faults.add({ route, kind: 'drop_after_commit', probability: 0.04 });
    faults.add({ route, kind: 'drop_before_commit', probability: 0.04 });
    faults.add({ route, kind: 'server_error', probability: 0.04, status: 503 });
    faults.add({ route, kind: 'rate_limit', probability: 0.02, retryAfterSeconds: 1 });
    faults.add({ route, kind: 'latency', probability: 0.01, latencyMs: 600 });
    faults.add({ route, kind: 'latency', probability: 0.1, latencyMs: 5 });

    const retries: string[] = [];
    const tessera = new Tessera({
      apiKey: server.sandbox.apiKey,
      baseUrl: server.url,
      maxRetries: 1,
      timeoutMs: 400,
      // The sandbox honours idempotency keys, so calls whose outcome is unknown are retried (the loopback default, said explicitly).
      idempotentRetries: true,
      logger: (event) => {
        if (event.type === 'retry') retries.push(JSON.stringify(event));
      },
    });
    const key = (index: number): string => `storm-${index}`;
    const purchase = (index: number) =>
      tessera.payments.purchase(
        { amount: 100 + index, currency: 'USD', storeId: server.sandbox.defaults.storeId, paymentInstrumentId, initiatedBy: 'customer' },
        { idempotencyKey: key(index) },
      );

    const settled = await inBatches(PAYMENTS, (index) => purchase(index).then((payment) => ({ payment }), (error: unknown) => ({ error })));
    const failures = settled.flatMap((result, index) => ('error' in result ? [{ index, error: result.error }] : []));
    const fired = faults.fired.length;
    console.log(`fault storm: ${PAYMENTS} purchases, ${fired} faults fired, ${retries.length} retries, ${failures.length} calls out of retries`);

    // Every call settled (Promise.all returned), and every failure is one of the SDK's typed errors.
    expect(settled).toHaveLength(PAYMENTS);
    for (const { error } of failures) expect(TesseraError.isInstance(error), String(error)).toBe(true);
    expect(fired).toBeGreaterThan(100);
    expect(failures.length).toBeGreaterThan(0);
    // No secret in what the logger saw.
    expect(retries.join('\n')).not.toContain(server.sandbox.apiKey);

    // The merchant retries what failed, with the same keys, once the storm is over: nothing is charged again.
    faults.clear();
    // With its own client and time limit: the storm's 400 ms is meant to fail calls, not the recovery (this machine
    // may be busy); the keys are the same, which is what matters.
    const merchant = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url, timeoutMs: 10_000, maxRetries: 3 });
    const recovered = await inBatches(failures.length, (i) =>
      merchant.payments.purchase(
        { amount: 100 + failures[i]!.index, currency: 'USD', storeId: server.sandbox.defaults.storeId, paymentInstrumentId, initiatedBy: 'customer' },
        { idempotencyKey: key(failures[i]!.index) },
      ),
    );
    const payments: Payment[] = settled.map((result, index) => ('payment' in result ? result.payment : recovered[failures.findIndex((f) => f.index === index)]!));

    expect(new Set(payments.map((p) => p.id)).size).toBe(PAYMENTS);
    for (const [index, payment] of payments.entries()) {
      expect(payment.status).toBe('succeeded');
      expect(payment.amount).toBe(100 + index);
      expect(server.sandbox.countCharges(payment.id)).toBe(1);
    }
    expect(server.sandbox.records.payments.count).toBe(PAYMENTS);
    expect(server.sandbox.countCharges()).toBe(PAYMENTS);
  });
});
