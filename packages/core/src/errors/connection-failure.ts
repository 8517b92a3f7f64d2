/** What the runtime said about a failed connection, in short. */
export interface ConnectionFailure {
  /** The runtime's error code (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`), when it gave one. */
  code: string | undefined;
  /** The code and the addresses tried (`ECONNREFUSED 127.0.0.1:4010`), else the most specific message. */
  summary: string | undefined;
}

interface SystemErrorFields {
  code?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  cause?: unknown;
  errors?: unknown;
  message?: unknown;
}

const errorCode = /^[A-Za-z][A-Za-z0-9_]{1,63}$/;
const MAX_SUMMARY_LENGTH = 200;
const MAX_DEPTH = 6;

/**
 * Reads the runtime's error chain (undici's `TypeError('fetch failed')` → its `cause`, a system error with `code`,
 * `address` and `port`, or an `AggregateError` of one per address tried) into a code and a one-line summary. A URL
 * in a message is cut to its origin: the path and query of the request never appear.
 */
export function describeConnectionFailure(error: unknown): ConnectionFailure {
  const chain = errorChain(error);
  const coded = chain.find((item) => typeof item.code === 'string' && errorCode.test(item.code));
  if (coded) {
    const code = coded.code as string;
    const addresses = [coded, ...(Array.isArray(coded.errors) ? (coded.errors as unknown[]) : [])].map(addressOf).filter((address) => address !== undefined);
    const unique = [...new Set(addresses)];
    return { code, summary: shorten(unique.length > 0 ? `${code} ${unique.join(', ')}` : code) };
  }
  // No code: the innermost message is the most specific one ("fetch failed" only says that fetch did).
  const message = chain.map((item) => item.message).findLast((text) => typeof text === 'string' && text.trim() !== '');
  return { code: undefined, summary: typeof message === 'string' ? shorten(withoutPaths(message)) : undefined };
}

/** The error, its causes and an AggregateError's errors, outermost first. */
function errorChain(error: unknown): SystemErrorFields[] {
  const chain: SystemErrorFields[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > MAX_DEPTH) return;
    seen.add(value);
    const fields = value as SystemErrorFields;
    chain.push(fields);
    visit(fields.cause, depth + 1);
    if (Array.isArray(fields.errors)) for (const inner of fields.errors as unknown[]) visit(inner, depth + 1);
  };
  visit(error, 0);
  return chain;
}

function addressOf(value: unknown): string | undefined {
  const { address, port, hostname } = (value ?? {}) as SystemErrorFields;
  if (typeof address === 'string' && address !== '') {
    const host = address.includes(':') ? `[${address}]` : address;
    return typeof port === 'number' || typeof port === 'string' ? `${host}:${port}` : host;
  }
  return typeof hostname === 'string' && hostname !== '' ? hostname : undefined;
}

/** Cuts every URL in `text` to its origin. */
function withoutPaths(text: string): string {
  return text.replace(/\b(https?:\/\/[^\s/?#)'"]+)[^\s)'"]*/gi, '$1');
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_SUMMARY_LENGTH ? `${line.slice(0, MAX_SUMMARY_LENGTH - 1)}…` : line;
}
