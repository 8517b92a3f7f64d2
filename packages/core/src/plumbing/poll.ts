import { type FieldError, TesseraAbortError, TesseraTimeoutError, TesseraValidationError } from '../errors/error-classes.js';

/** Longest delay a timer takes (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Options of {@link poll}. */
export interface PollOptions<T> {
  /** Stop when this returns true for a value. */
  until: (value: T) => boolean;
  /** Milliseconds between the end of one attempt and the start of the next. Default 1500 (the document asks for 1–2 s). */
  intervalMs?: number | undefined;
  /** Give up after this many milliseconds with a `TesseraTimeoutError`. Default 120000. */
  timeoutMs?: number | undefined;
  /** Cancels polling, including the wait between attempts, with a `TesseraAbortError`. */
  signal?: AbortSignal | undefined;
  /** Called with every value fetched, before `until` is checked. */
  onValue?: ((value: T) => void) | undefined;
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
 * Calls `fetchValue` until `until(value)` is true and returns that value. Attempts are spaced `intervalMs` apart.
 * The deadline holds during a fetch too: `fetchValue` receives a signal that aborts when the time is up (or when
 * `options.signal` aborts), so a hung request cannot keep polling past `timeoutMs`.
 */
export async function poll<T>(fetchValue: (signal?: AbortSignal) => Promise<T>, options: PollOptions<T>): Promise<T> {
  const intervalMs = options.intervalMs ?? 1500;
  const timeoutMs = options.timeoutMs ?? 120_000;
  // A zero interval would hammer the service, and timers wrap past 2^31 - 1 ms (they would fire at once).
  const fields: FieldError[] = [];
  for (const [field, value] of [['intervalMs', intervalMs], ['timeoutMs', timeoutMs]] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS) fields.push({ field, code: 'invalid_value', message: `must be an integer from 1 to ${MAX_TIMER_MS}` });
  }
  if (fields.length > 0) throw new TesseraValidationError(fields);
  const deadline = Date.now() + timeoutMs;
  const userSignal = options.signal;
  // One signal for the caller's abort and the deadline, without AbortSignal.any (not in every supported browser).
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = (): void => controller.abort(userSignal?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  userSignal?.addEventListener('abort', onAbort, { once: true });
  const gaveUp = (cause?: unknown) => new TesseraTimeoutError(`Polling gave up after ${timeoutMs} ms`, { cause });
  try {
    for (;;) {
      if (userSignal?.aborted) throw new TesseraAbortError(undefined, { cause: userSignal.reason });
      let value: T;
      try {
        value = await fetchValue(controller.signal);
      } catch (error) {
        if (timedOut && !userSignal?.aborted) throw gaveUp(error);
        // The caller's fetch may reject an abort its own way (a DOMException AbortError): the caller gets ours.
        if (userSignal?.aborted && !TesseraAbortError.isInstance(error)) throw new TesseraAbortError(undefined, { cause: error });
        throw error;
      }
      options.onValue?.(value);
      if (options.until(value)) return value;
      const remaining = deadline - Date.now();
      if (remaining <= 0 || timedOut) throw gaveUp();
      try {
        await sleep(Math.min(intervalMs, remaining), controller.signal);
      } catch (error) {
        if (timedOut && !userSignal?.aborted) throw gaveUp();
        throw error;
      }
    }
  } finally {
    clearTimeout(timer);
    userSignal?.removeEventListener('abort', onAbort);
  }
}
