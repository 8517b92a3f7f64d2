import { TesseraAbortError, TesseraTimeoutError } from './errors.js';

/** Options of {@link poll}. */
export interface PollOptions<T> {
  /** Stop when this returns true for a value. */
  until: (value: T) => boolean;
  /** Milliseconds between the end of one attempt and the start of the next. Default 1500 (the document asks for 1–2 s). */
  intervalMs?: number;
  /** Give up after this many milliseconds with a `TesseraTimeoutError`. Default 120000. */
  timeoutMs?: number;
  /** Cancels polling, including the wait between attempts, with a `TesseraAbortError`. */
  signal?: AbortSignal;
  /** Called with every value fetched, before `until` is checked. */
  onValue?: (value: T) => void;
}

/** Waits `ms`, or rejects with `TesseraAbortError` as soon as `signal` aborts. Leaves no listener or timer behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new TesseraAbortError(undefined, { cause: signal.reason }));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new TesseraAbortError(undefined, { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `fetchValue` until `until(value)` is true and returns that value. Attempts are spaced `intervalMs` apart;
 * the last wait is shortened so the deadline is honoured. `fetchValue` receives the signal to pass on to its request.
 */
export async function poll<T>(fetchValue: (signal?: AbortSignal) => Promise<T>, options: PollOptions<T>): Promise<T> {
  const intervalMs = options.intervalMs ?? 1500;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (options.signal?.aborted) throw new TesseraAbortError(undefined, { cause: options.signal.reason });
    const value = await fetchValue(options.signal);
    options.onValue?.(value);
    if (options.until(value)) return value;
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new TesseraTimeoutError(`Polling gave up after ${timeoutMs} ms`);
    await sleep(Math.min(intervalMs, remaining), options.signal);
  }
}
