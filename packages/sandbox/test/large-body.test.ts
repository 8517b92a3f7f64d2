import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../src/index.js';
import { openBrowserSession } from './browser-session-client.js';
import { client } from './support.js';
import { useHttpSandbox } from './use-sandbox.js';

// Issue 34, item 7: any body over 1 MB is answered 413, however large (over 64 MB the connection used to be dropped).

let server: SandboxServer;
useHttpSandbox({ port: 0 }, (started) => ({ server } = started));

/** A body of `total` bytes, streamed a MiB at a time; `sent()` says how much left. */
function streamed(total: number) {
  const chunk = new Uint8Array(1 << 20).fill(0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, sent: () => sent };
}

describe('a request body over 1 MB', () => {
  for (const total of [2 << 20, 80 << 20]) {
    it(`is answered 413 as JSON at ${total >> 20} MiB, before the client has sent it all`, async () => {
      const { body, sent } = streamed(total);
      const started = performance.now();
      const answer = await fetch(`${server.url}${API_PREFIX}${routes.listPayments.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.sandbox.apiKey}`, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ code: 'payload_too_large' });
      expect(answer.headers.get('connection')).toBe('close');
      // Answered at the limit: the client stopped sending (no more than the 64 MB the sandbox drains), quickly.
      expect(sent()).toBeLessThanOrEqual(64 << 20);
      expect(performance.now() - started).toBeLessThan(10_000);
    }, 20_000);
  }
});

// A body nested thousands of levels deep (a few KB of brackets) parses, but a record holding it can be written to
// neither an answer nor the data file (JSON.stringify runs out of stack): every later write of the sandbox would fail.
describe('a request body nested more than 64 levels deep', () => {
  const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('is refused with a 400 before any operation keeps it; the data file stays writable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-deep-body-'));
    const started = await startSandboxServer({ port: 0, sandboxOptions: { dataFile: join(dir, 'sandbox.db') } });
    try {
      const c = client(started.url, started.sandbox);
      const storeId = started.sandbox.defaults.storeId;
      const post = async (text: string) =>
        fetch(`${started.url}${API_PREFIX}${routes.createPromotion.path}`, { method: 'POST', headers: { authorization: `Bearer ${started.sandbox.apiKey}`, 'content-type': 'application/json' }, body: text });
      // 64 levels: the body's object, `rules`, its object, `a`, then 60 arrays.
      const deepest = await post(`{"storeId":"${storeId}","name":"Deepest","rules":[{"a":${nested(60)}}]}`);
      expect(deepest.status).toBe(200);
      const refused = await post(`{"storeId":"${storeId}","name":"Deep","rules":[{"a":${nested(20_000)}}]}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'validation_error', data: { fields: [{ field: '', code: 'too_deep', message: expect.stringContaining('64') }] } });
      expect(started.sandbox.records.promotions.list().map((promotion) => promotion.name)).toEqual(['Deepest']);

      // A page with a session token saving a radar session for its own payment: the same 400.
      const session = await openBrowserSession(c, started.sandbox);
      const { id } = await session.checkout([{ variantId: 'var_shop_mug', quantity: 1 }]);
      const paid = await session.pay({ checkoutSessionId: id, paymentInstrumentId: (await session.instrument()).id });
      const radar = `{"paymentId":"${paid.body.payment.id}","stripeRadarSessionId":"rse_1","stripeRadarSessionData":{"a":${nested(20_000)}}}`;
      const saved = await fetch(`${started.url}${API_PREFIX}${routes.createRadarSession.path}`, { method: 'POST', headers: { 'x-cms-token': session.token, 'content-type': 'application/json' }, body: radar });
      expect(saved.status).toBe(400);
      expect(started.sandbox.records.radarSessions.count).toBe(0);

      // The sandbox still writes.
      expect((await c.api(routes.createPromotion, { body: { storeId, name: 'Flat' } })).status).toBe(200);
    } finally {
      await started.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
