/** The request is about to be sent (once per attempt). Secret headers are redacted. */
export interface RequestLogEvent {
  type: 'request';
  method: string;
  url: string;
  /** 0 for the first attempt, then 1, 2, … */
  retryCount: number;
  /** Request headers with `Authorization` (and any other secret header) replaced by `[redacted]`. */
  headers: Record<string, string>;
}

/** A response arrived (for every attempt, including those that are then retried). */
export interface ResponseLogEvent {
  type: 'response';
  method: string;
  url: string;
  status: number;
  retryCount: number;
  /** Milliseconds from sending the attempt to the response headers. */
  durationMs: number | undefined;
  requestId: string | undefined;
}

/** An attempt failed and will be retried: sent as the wait starts, with the wait. */
export interface RetryLogEvent {
  type: 'retry';
  method: string;
  url: string;
  /** The number of the retry about to start: 1 for the first. */
  retryCount: number;
  /** Milliseconds the client waits before it (backoff with jitter, or the server's `Retry-After`). */
  delayMs: number;
  /** Why: `status 503`, `timeout` or `connection error`. */
  reason: string;
  /** One line for a log: `status 429: retrying in 30 s`. */
  message: string;
}

/** One event passed to the {@link TesseraLogger}. Never holds the API key, a body or card data. */
export type TesseraLogEvent = RequestLogEvent | ResponseLogEvent | RetryLogEvent;

/** Optional hook that receives one event per request, response and retry. What it throws is dropped: it never changes a call. */
export type TesseraLogger = (event: TesseraLogEvent) => void;

const secretHeaders = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);

/** Copies request headers (names in lower case) for a log line, with secret ones (Authorization, Cookie, …) replaced by `[redacted]`. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) copy[name] = secretHeaders.has(name) ? '[redacted]' : value;
  return copy;
}
