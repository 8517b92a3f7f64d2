/** How the sandbox's clock moves: with real time (`'real'`, the default), or only when advanced (`'frozen'`). */
export type ClockMode = 'real' | 'frozen';

/**
 * The sandbox's test clock. By default it moves with real time from its start (so records get distinct
 * `createdAt`/`updatedAt`); a frozen one (`createSandbox({ clock: 'frozen' })`) moves only when advanced. Either way
 * `advance(ms)` adds `ms` to it at once and runs what became due.
 */
export interface TestClock {
  /** Whether the clock moves with real time or only when advanced. */
  readonly mode: ClockMode;
  /** Current sandbox time. */
  now(): Date;
  /** Current sandbox time in milliseconds since the epoch. */
  nowMs(): number;
  /** Moves time forward by `ms` (≥ 0) and runs what became due (subscription renewals). Returns the new time. */
  advance(ms: number): Date;
}

/**
 * Creates a clock starting at `startMs`; `onAdvance` runs after each `advance` with the new time. A `real` clock is
 * `startMs` plus the real time elapsed since its creation plus every advance.
 */
export function createTestClock(startMs: number, onAdvance: (nowMs: number) => void, mode: ClockMode = 'real'): TestClock {
  const realStart = Date.now();
  let advancedMs = 0;
  const nowMs = (): number => startMs + advancedMs + (mode === 'real' ? Math.max(0, Date.now() - realStart) : 0);
  return {
    mode,
    now: () => new Date(nowMs()),
    nowMs,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('clock.advance needs a finite, non-negative number of milliseconds');
      advancedMs += ms;
      const current = nowMs();
      onAdvance(current);
      return new Date(current);
    },
  };
}
