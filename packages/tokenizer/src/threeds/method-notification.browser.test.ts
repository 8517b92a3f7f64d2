import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { SANDBOX_VAULT_KEY, vaultCardsPath, vaultKeyHeader } from '@tessera/core/internal';
import { flushMessages, runInForeignFrame } from '@tessera/test-support/foreign-frame';
import { createThreeDS } from '../basis-theory.js';

// The real web-threeds creating a session whose card has a 3DS method URL: web-threeds then waits for its method
// page's notification and takes the session id from it, from whichever window posts one. Other frames of the
// checkout page (an ad) must not name the session the payment goes with, nor fail it. The sandbox's card
// 4000 0000 0000 3238 has an issuer with a 3DS method (its whole method step runs); the second test plays a
// session answer whose method never ends, to reach web-threeds' own timeout.
const sandboxUrl = inject('sandboxUrl');
const realFetch = window.fetch.bind(window);
const notificationTypes: readonly unknown[] = ['method', 'methodTimeout', 'startMethodTimeout', 'error', 'challenge'];

/** Tokenizes a test card in the sandbox's vault (Basis Theory's `POST /tokens`, public key) and returns its token id. */
async function tokenize(cardNumber: string): Promise<string> {
  const body = { type: 'card', data: { number: cardNumber, expiration_month: 12, expiration_year: new Date().getFullYear() + 3, cvc: '123' } };
  const answer = await realFetch(`${sandboxUrl}${vaultCardsPath}`, { method: 'POST', headers: { [vaultKeyHeader]: SANDBOX_VAULT_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await answer.json()) as { id: string }).id;
}

/**
 * A frame of another origin that, once told (`'go'`), posts `messages` to this page, then `'forged-done'`: an ad
 * of the checkout page, ready before the session starts so that its messages arrive while web-threeds waits.
 */
async function foreignPoster(messages: readonly unknown[]): Promise<HTMLIFrameElement> {
  return runInForeignFrame(`addEventListener('message', (event) => { if (event.data !== 'go') return; for (const m of ${JSON.stringify(messages)}) parent.postMessage(m, '*'); parent.postMessage('forged-done', '*'); })`);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("web-threeds' session with a 3DS method", () => {
  it("runs the sandbox's method page for a card with a 3DS method: the genuine notification ends createSession, no timeout, forged ones are stopped", async () => {
    const tokenId = await tokenize('4000000000003238');
    const forged = [
      { type: 'method', id: 'sess-forged', isCompleted: true },
      { type: 'methodTimeout', id: 'sess-forged', isCompleted: false },
      { type: 'error', id: 'sess-forged', isCompleted: false, details: 'forged' },
    ];
    const ad = await foreignPoster(forged);
    // What passes the guard and reaches web-threeds' listener: this one is added between the two (when web-threeds
    // asks for the session, the guard listens and web-threeds not yet), so it runs just before web-threeds' own.
    const seen: { type: unknown; id: unknown }[] = [];
    let forgedDone = false;
    const record = (event: MessageEvent): void => {
      if (event.data === 'forged-done') forgedDone = true;
      const data = event.data as { type?: unknown; id?: unknown } | null;
      if (notificationTypes.includes(data?.type)) seen.push({ type: data?.type, id: data?.id });
    };
    // web-threeds' first notification (posted by this window, before its method frame loads): the ad's turn.
    const onStart = (event: MessageEvent): void => {
      if ((event.data as { type?: unknown } | null)?.type !== 'startMethodTimeout') return;
      window.removeEventListener('message', onStart);
      ad.contentWindow?.postMessage('go', '*');
    };
    window.addEventListener('message', onStart);
    const answers: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input !== `${sandboxUrl}/3ds/sessions`) return realFetch(input, init);
      window.addEventListener('message', record);
      const response = await realFetch(input, init);
      answers.push((await response.clone().json()) as Record<string, unknown>);
      return response;
    });
    const started = performance.now();
    let session: Awaited<ReturnType<ReturnType<typeof createThreeDS>['createBasisTheorySession']>>;
    try {
      session = await createThreeDS({ environment: 'local', vaultUrl: sandboxUrl }).createBasisTheorySession(tokenId);
    } finally {
      window.removeEventListener('message', record);
      window.removeEventListener('message', onStart);
      ad.remove();
    }
    const elapsed = performance.now() - started;

    // The sandbox's answer carried the method (web-threeds' fields), and the session is that answer's.
    expect(answers).toEqual([expect.objectContaining({ method_url: `${sandboxUrl}/acs/method`, method_notification_url: `${sandboxUrl}/3ds/sessions/${String(answers[0]?.id)}/method-notification` })]);
    expect(session).toEqual({ id: answers[0]?.id, cardBrand: 'Visa', correlationId: expect.any(String) });
    // Ended by the method page's notification, not by web-threeds' 10 s timeout.
    expect(elapsed).toBeLessThan(5000);
    expect(seen).toEqual([
      { type: 'startMethodTimeout', id: answers[0]?.id },
      { type: 'method', id: answers[0]?.id },
    ]);
    // The ad's messages came while web-threeds waited (so the guard stopped them, as `seen` shows).
    expect(forgedDone).toBe(true);
    expect(document.querySelector('#methodFrameContainer')).toBeNull();
  });

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
