import { API_PREFIX, routes } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { SandboxServer } from '../src/index.js';
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
