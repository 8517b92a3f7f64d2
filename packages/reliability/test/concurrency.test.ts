import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// 500 concurrent requests through one client against the sandbox HTTP server on 127.0.0.1, twice, all sharing
// one AbortSignal (the case that leaks listeners when a client never removes its own).
const CONCURRENT = 500;

let server: SandboxServer;
let tessera: Tessera;
let paymentInstrumentId: string;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(async () => {
  process.on('warning', onWarning);
  server = await startSandboxServer({ port: 0, host: '127.0.0.1' });
  tessera = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url });
  const serviceToken = await createTokenizer({ environment: 'local', vaultUrl: server.url }).tokenizeCard({ cardNumber: '4242424242424242', expiryDate: '12/30', cvc: '123' });
  paymentInstrumentId = (await tessera.paymentInstruments.createFromToken({ serviceToken, storeId: server.sandbox.defaults.storeId, customerData: { email: 'c@example.com' } })).paymentInstrument.id;
});
afterAll(async () => {
  process.off('warning', onWarning);
  await server.close();
});

const heapMiB = (): number => process.memoryUsage().heapUsed / 2 ** 20;

describe('concurrency', () => {
  it('answers 500 concurrent purchases and 500 concurrent reads through one client, losing nothing', async () => {
    const controller = new AbortController();
    const storeId = server.sandbox.defaults.storeId;
    globalThis.gc?.();
    const heapBefore = heapMiB();

    const purchases = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) =>
        tessera.payments.purchase({ amount: 1000 + index, currency: 'USD', storeId, paymentInstrumentId, initiatedBy: 'customer' }, { signal: controller.signal }),
      ),
    );
    expect(new Set(purchases.map((p) => p.id)).size).toBe(CONCURRENT);
    expect(purchases.map((p) => p.amount)).toEqual(Array.from({ length: CONCURRENT }, (_, index) => 1000 + index));

    const reads = await Promise.all(purchases.map((p) => tessera.payments.retrieve(p.id, { signal: controller.signal })));
    expect(reads.map((p) => p.id)).toEqual(purchases.map((p) => p.id));
    expect(server.sandbox.countCharges()).toBe(CONCURRENT);

    globalThis.gc?.();
    const heapAfter = heapMiB();
    console.log(`concurrency: ${CONCURRENT * 2} requests, heap ${heapBefore.toFixed(1)} MiB → ${heapAfter.toFixed(1)} MiB`);
    // Bounded: the client keeps nothing per request once it has answered.
    expect(heapAfter - heapBefore).toBeLessThan(64);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });
});
