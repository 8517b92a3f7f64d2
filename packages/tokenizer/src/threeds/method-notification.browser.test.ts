import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { runInForeignFrame } from '@tessera/test-support/foreign-frame';
import { createThreeDS } from '../basis-theory.js';

// The real web-threeds creating a session whose card has a 3DS method URL (the sandbox's sessions have none, so its
// /3ds/sessions answer is played here): web-threeds then waits for its method page's notification and takes the
// session id from it, from whichever window posts one. Other frames of the checkout page (an ad) must not name the
// session the payment goes with, nor fail it.
const sandboxUrl = inject('sandboxUrl');
const realFetch = window.fetch.bind(window);

/** Resolves once every message posted before this call has been dispatched. */
function flushMessages(): Promise<void> {
  const marker = `flush-${Math.random()}`;
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.data !== marker) return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
    window.postMessage(marker, '*');
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("web-threeds' session with a 3DS method", () => {
  it('takes the session from web-threeds (its method timeout here), never from a notification another frame posts', async () => {
    // web-threeds calls fetch(url string, init).
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input === `${sandboxUrl}/3ds/sessions`
        ? Promise.resolve(Response.json({ id: 'sess-real', card_brand: 'Visa', method_url: `${sandboxUrl}/acs/method`, method_notification_url: `${sandboxUrl}/3ds/method-notify` }))
        : realFetch(input, init),
    );
    // web-threeds waits 10 s for the method page, then goes on with its own session id: that timer is played fast.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled: unknown;
    const created = createThreeDS({ environment: 'local', vaultUrl: sandboxUrl })
      .createBasisTheorySession('tok_1')
      .then(
        (session) => (settled = session),
        (error: unknown) => (settled = error),
      );
    await vi.waitFor(() => expect(document.querySelector('#methodFrameContainer iframe')).not.toBeNull(), { timeout: 5000, interval: 20 });
    await flushMessages();

    for (const forged of [
      { type: 'method', id: 'sess-forged', isCompleted: true },
      { type: 'methodTimeout', id: 'sess-forged', isCompleted: false },
      { type: 'error', id: 'sess-forged', isCompleted: false, details: 'forged' },
    ]) {
      (await runInForeignFrame(`parent.postMessage(${JSON.stringify(forged)}, '*')`)).remove();
    }
    // Basis Theory's method page passes on what any frame posts to it: from that page, only this session's passes.
    const methodFrame = document.querySelector<HTMLIFrameElement>('#methodFrameContainer iframe')!;
    const seen: unknown[] = [];
    const after = (event: MessageEvent): void => void seen.push((event.data as { id?: unknown }).id);
    window.addEventListener('message', after);
    const relayed = (id: string) => window.dispatchEvent(new MessageEvent('message', { data: { type: 'method', id, isCompleted: true }, origin: new URL(sandboxUrl).origin, source: methodFrame.contentWindow }));
    relayed('sess-forged');
    relayed('sess-real');
    window.removeEventListener('message', after);
    expect(seen).toEqual(['sess-real']);
    await flushMessages();
    expect(settled).toBeUndefined();

    vi.advanceTimersByTime(10_000);
    await created;
    expect(settled).toMatchObject({ id: 'sess-real', cardBrand: 'Visa' });
    expect(document.querySelector('#methodFrameContainer')).toBeNull();
  });
});
