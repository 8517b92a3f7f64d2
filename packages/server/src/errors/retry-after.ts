/**
 * Milliseconds a `Retry-After` value (delay seconds or an HTTP date) asks for, or `undefined` if unreadable. Used for
 * the waits between retries and every API error's `retryAfterMs`.
 */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would accept "-1".
  const date = /^[A-Za-z]{3}, /.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
