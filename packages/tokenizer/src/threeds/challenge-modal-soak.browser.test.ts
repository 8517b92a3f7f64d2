import { describe, expect, inject, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import type { ChallengeResult } from './challenge-modal.js';
import { createThreeDS } from '../basis-theory.js';

// Reliability: 100 challenges (the real @basis-theory/web-threeds inside the modal) opened and settled in a row, approve / fail / ESC / close button / timeout mixed,
// must leave nothing behind (web-threeds' own listeners, timers and containers included): no DOM node, no event listener, no observer, and the scroll lock released.
const RUNS = 100;
const sandboxUrl = inject('sandboxUrl');
const threeds = createThreeDS({ environment: 'local', vaultUrl: sandboxUrl });

type Outcome = 'approve' | 'fail' | 'escape' | 'close' | 'timeout';
const outcomes: readonly Outcome[] = ['approve', 'fail', 'escape', 'close', 'timeout'];
const expected: Record<Outcome, ChallengeResult> = {
  approve: { success: true, authenticationStatus: 'successful', reason: undefined },
  fail: { success: false, authenticationStatus: 'failed', reason: 'failed' },
  escape: { success: false, authenticationStatus: undefined, reason: 'cancelled' },
  close: { success: false, authenticationStatus: undefined, reason: 'cancelled' },
  timeout: { success: false, authenticationStatus: undefined, reason: 'timeout' },
};

/** Replaces methods of a prototype while the soak runs; the returned function puts the originals back. */
function patch<T extends object>(prototype: T, replacements: Partial<T>): () => void {
  const originals = Object.fromEntries(Object.keys(replacements).map((name) => [name, prototype[name as keyof T]]));
  Object.assign(prototype, replacements);
  return () => {
    Object.assign(prototype, originals);
  };
}

/** Counts listeners added and not yet removed, on every target, while the soak runs. */
function trackListeners() {
  const active = new Set<string>();
  let added = 0;
  const ids = new WeakMap<object, number>();
  let next = 0;
  const idOf = (value: object): number => {
    if (!ids.has(value)) ids.set(value, ++next);
    return ids.get(value)!;
  };
  const key = (target: EventTarget, type: string, listener: unknown, options?: boolean | EventListenerOptions): string =>
    `${idOf(target)}:${type}:${typeof listener === 'object' || typeof listener === 'function' ? idOf(listener as object) : 0}:${typeof options === 'boolean' ? options : Boolean(options?.capture)}`;
  const { addEventListener, removeEventListener } = EventTarget.prototype;
  const restore = patch(EventTarget.prototype, {
    addEventListener(this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      // `once` listeners remove themselves when they fire; count only the ones that could stay.
      if (listener && !(typeof options === 'object' && options.once)) {
        active.add(key(this, type, listener, options));
        added++;
      }
      addEventListener.call(this, type, listener, options);
    },
    removeEventListener(this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
      if (listener) active.delete(key(this, type, listener, options));
      removeEventListener.call(this, type, listener, options);
    },
  });
  return { active, added: () => added, restore };
}

/** Counts the modal's MutationObservers observing and not yet disconnected (Playwright's injected script has its own). */
function trackObservers() {
  const observing = new Map<MutationObserver, string>();
  let observed = 0;
  const { observe, disconnect } = MutationObserver.prototype;
  const restore = patch(MutationObserver.prototype, {
    observe(this: MutationObserver, target: Node, options?: MutationObserverInit) {
      const stack = new Error().stack ?? '';
      if (stack.includes('challenge-dialog.ts')) {
        observing.set(this, stack);
        observed++;
      }
      observe.call(this, target, options);
    },
    disconnect(this: MutationObserver) {
      observing.delete(this);
      disconnect.call(this);
    },
  });
  return { observing, observed: () => observed, restore };
}

describe('challenge modal soak', () => {
  it(`opens and settles ${RUNS} challenges in a row and leaves zero DOM nodes and zero listeners behind`, async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Pay now';
    document.body.append(opener);
    opener.focus();
    const bodyBefore = document.body.innerHTML;
    const nodesBefore = document.getElementsByTagName('*').length;
    const listeners = trackListeners();
    const observers = trackObservers();
    const seen: Record<Outcome, number> = { approve: 0, fail: 0, escape: 0, close: 0, timeout: 0 };
    try {
      for (let run = 0; run < RUNS; run++) {
        const outcome = outcomes[run % outcomes.length]!;
        // Approve and fail need a real pending payment behind the ACS; the others only need the modal open.
        const { challenge } = await commands.createPendingChallenge();
        const result = threeds.startChallenge(challenge, outcome === 'timeout' ? { timeoutMs: 30 } : {});
        if (outcome === 'approve' || outcome === 'fail') {
          const label = outcome === 'approve' ? 'Approve' : 'Fail authentication';
          // Wait for the ACS page to replace the iframe's blank document before clicking in it.
          await commands.readAcsPage('Card issuer verification', label);
          await commands.clickAcsButton('Card issuer verification', label);
        } else if (outcome === 'escape') {
          await expect.element(page.getByRole('dialog')).toBeVisible();
          await userEvent.keyboard('{Escape}');
        } else if (outcome === 'close') {
          await page.getByRole('button', { name: 'Cancel verification' }).click();
        }
        await expect(result).resolves.toEqual(expected[outcome]);
        expect(document.querySelector('dialog')).toBeNull();
        seen[outcome]++;
      }
    } finally {
      listeners.restore();
      observers.restore();
    }
    expect(seen).toEqual({ approve: 20, fail: 20, escape: 20, close: 20, timeout: 20 });
    expect(document.body.innerHTML).toBe(bodyBefore);
    expect(document.getElementsByTagName('*').length).toBe(nodesBefore);
    expect(document.querySelectorAll('dialog, iframe, form, .tessera-3ds')).toHaveLength(0);
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
    // The trackers saw the modal's own listeners and observers come and go, then nothing was left.
    expect(listeners.added()).toBeGreaterThanOrEqual(RUNS * 3);
    expect(observers.observed()).toBe(RUNS);
    expect([...listeners.active]).toEqual([]);
    expect([...observers.observing.values()]).toEqual([]);
    opener.remove();
  }, 180_000);
});
