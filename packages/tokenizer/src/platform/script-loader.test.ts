import { TesseraAbortError } from '@tessera/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScript } from './script-loader.js';

/** The part of a `<script>` the loader touches: what a test settles by hand (`onload`, `onerror`). */
class FakeScript {
  readonly attributes: Record<string, string> = {};
  async = false;
  src = '';
  removed = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
  }
  remove(): void {
    this.removed = true;
  }
}

let appended: FakeScript[];
const fail = (who: string) => (detail: string) => new Error(`${who}: ${detail}`);
let next = 0;
// A URL of its own per test: the loads under way are kept by URL for the module's life.
const url = (): string => `https://provider.example/script-${(next += 1)}.js`;
// Lets the promise callbacks run.
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  appended = [];
  vi.useFakeTimers();
  vi.stubGlobal('document', { createElement: () => new FakeScript(), body: { append: (script: FakeScript) => appended.push(script) } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadScript shares one load across callers, each waiting on its own terms', () => {
  it("a second caller's signal ends only its own wait; the first one still gets the load", async () => {
    const src = url();
    const first = loadScript(src, { attributes: { crossorigin: 'anonymous' }, fail: fail('first') });
    const controller = new AbortController();
    const second = loadScript(src, { signal: controller.signal, fail: fail('second') });
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src, async: true, attributes: { crossorigin: 'anonymous' } });
    controller.abort(new Error('left the page'));
    await expect(second).rejects.toBeInstanceOf(TesseraAbortError);
    expect(appended[0]?.removed).toBe(false);
    appended[0]?.onload?.();
    await expect(first).resolves.toBeUndefined();
    expect(appended[0]?.removed).toBe(false);
  });

  it("a second caller's shorter time limit ends only its own wait, with its own error", async () => {
    const src = url();
    const first = loadScript(src, { timeoutMs: 10_000, fail: fail('first') });
    const second = loadScript(src, { timeoutMs: 1_000, fail: fail('second') });
    const secondResult = second.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await secondResult).toEqual(new Error('second: did not load in time'));
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(firstDone).toBe(false);
    appended[0]?.onload?.();
    await expect(first).resolves.toBeUndefined();
    expect(appended).toHaveLength(1);
  });

  it("a first caller's time limit does not end a second caller's longer wait", async () => {
    const src = url();
    const first = loadScript(src, { timeoutMs: 1_000, fail: fail('first') }).catch((error: unknown) => error);
    const second = loadScript(src, { timeoutMs: 10_000, fail: fail('second') });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await first).toEqual(new Error('first: did not load in time'));
    await vi.advanceTimersByTimeAsync(8_000);
    appended[0]?.onload?.();
    await expect(second).resolves.toBeUndefined();
  });

  it('once every caller gave up, the tag is removed and a later call loads the script afresh', async () => {
    const src = url();
    const controller = new AbortController();
    const first = loadScript(src, { signal: controller.signal, fail: fail('first') }).catch((error: unknown) => error);
    const second = loadScript(src, { timeoutMs: 500, fail: fail('second') }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    expect(await second).toEqual(new Error('second: did not load in time'));
    expect(appended[0]?.removed).toBe(false);
    controller.abort();
    expect(await first).toBeInstanceOf(TesseraAbortError);
    expect(appended[0]?.removed).toBe(true);
    const again = loadScript(src, { fail: fail('again') });
    expect(appended).toHaveLength(2);
    appended[1]?.onload?.();
    await expect(again).resolves.toBeUndefined();
  });

  it('a script that fails rejects every caller with its own error and is removed; an aborted signal adds no tag', async () => {
    const src = url();
    const first = loadScript(src, { fail: fail('first') }).catch((error: unknown) => error);
    const second = loadScript(src, { fail: fail('second') }).catch((error: unknown) => error);
    appended[0]?.onerror?.();
    await settle();
    expect(await first).toEqual(new Error('first: could not be loaded'));
    expect(await second).toEqual(new Error('second: could not be loaded'));
    expect(appended[0]?.removed).toBe(true);
    await expect(loadScript(url(), { signal: AbortSignal.abort(), fail: fail('late') })).rejects.toBeInstanceOf(TesseraAbortError);
    expect(appended).toHaveLength(1);
    const retried = loadScript(src, { fail: fail('retry') });
    expect(appended).toHaveLength(2);
    appended[1]?.onload?.();
    await expect(retried).resolves.toBeUndefined();
  });
});
