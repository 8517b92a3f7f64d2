/** The sandbox's test clock. Time only moves when you advance it (it starts at the time given to `createSandbox`). */
export interface TestClock {
  /** Current sandbox time. */
  now(): Date;
  /** Current sandbox time in milliseconds since the epoch. */
  nowMs(): number;
  /** Moves time forward by `ms` (≥ 0) and runs what became due (subscription renewals). Returns the new time. */
  advance(ms: number): Date;
}

/** Creates a clock starting at `startMs`; `onAdvance` runs after each move with the new time. */
export function createTestClock(startMs: number, onAdvance: (nowMs: number) => void): TestClock {
  let current = startMs;
  return {
    now: () => new Date(current),
    nowMs: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('clock.advance needs a finite, non-negative number of milliseconds');
      current += ms;
      onAdvance(current);
      return new Date(current);
    },
  };
}
