import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestClock } from './clock.js';
import { createSandbox } from '../sandbox.js';

const START = Date.UTC(2030, 0, 1);

afterEach(() => {
  vi.useRealTimers();
});

describe('test clock', () => {
  it('moves with real time by default, and advancing adds to it', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    const advanced: number[] = [];
    const clock = createTestClock(START, (nowMs) => advanced.push(nowMs));
    expect(clock.mode).toBe('real');
    expect(clock.nowMs()).toBe(START);
    vi.advanceTimersByTime(1500);
    expect(clock.nowMs()).toBe(START + 1500);
    expect(clock.advance(60_000).getTime()).toBe(START + 61_500);
    expect(advanced).toEqual([START + 61_500]);
    vi.advanceTimersByTime(500);
    expect(clock.now().getTime()).toBe(START + 62_000);
  });

  it('frozen: moves only when advanced', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    const clock = createTestClock(START, () => undefined, 'frozen');
    vi.advanceTimersByTime(1500);
    expect(clock.nowMs()).toBe(START);
    expect(clock.advance(1000).getTime()).toBe(START + 1000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('a sandbox starts at the real time on a real clock unless told otherwise', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 1) });
    expect(createSandbox().clock.nowMs()).toBe(Date.UTC(2026, 5, 1));
    expect(createSandbox().clock.mode).toBe('real');
    const frozen = createSandbox({ now: START, clock: 'frozen' });
    vi.advanceTimersByTime(10_000);
    expect(frozen.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });
});
