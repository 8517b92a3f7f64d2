import { BodyReadError, BodyTooLargeError } from './transport-errors.js';

const noop = (): void => undefined;

/**
 * Reads a response body as text, at most `limit` bytes. A longer body (by its `Content-Length`, or once the bytes
 * read pass the limit) is cancelled unread and rejects with {@link BodyTooLargeError}. When `signal` aborts (the
 * attempt's time limit or the caller's signal), the stream is cancelled at once, so nothing more is read and the
 * connection is released, and the read rejects with the signal's reason. A connection lost mid-body rejects with
 * {@link BodyReadError}. The text is decoded in the charset the `Content-Type` names (UTF-8 by default).
 */
export async function readCappedText(
  response: Response,
  limit: number,
  signal: AbortSignal | undefined,
  /** True when the response came from the runtime's own fetch, which errors its body itself when its signal aborts. */
  nativeFetch = false,
): Promise<string> {
  const stream = response.body;
  if (stream === null) return '';
  // Read chunk by chunk even when the length is known: cheaper than `response.text()` (about 20 µs less per body on
  // Node's fetch), and the count holds against a body longer than its `Content-Length`.
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    stream.cancel().catch(noop);
    throw new BodyTooLargeError(limit);
  }
  if (signal?.aborted) {
    stream.cancel().catch(noop);
    throw signal.reason;
  }
  const reader = stream.getReader();
  // Cancelling settles a pending read as done, so a stalled body stops waiting as soon as the signal aborts. The
  // runtime's fetch errors its body itself when its signal aborts: no listener needed.
  const onAbort = nativeFetch ? undefined : (): void => void reader.cancel().catch(noop);
  if (onAbort !== undefined) signal?.addEventListener('abort', onAbort);
  // The chunks are decoded once, at the end: a body is most often one chunk, and UTF-8 needs no decoder of its own.
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new BodyReadError('The connection closed while reading the response', { cause: error });
      }
      if (signal?.aborted) throw signal.reason;
      if (chunk.done) return textDecoder(response.headers.get('content-type') ?? '').decode(join(chunks, bytes));
      bytes += chunk.value.byteLength;
      if (bytes > limit) {
        reader.cancel().catch(noop);
        throw new BodyTooLargeError(limit);
      }
      chunks.push(chunk.value);
    }
  } finally {
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  }
}

/** The chunks as one array of `length` bytes (the chunk itself when there is one). */
function join(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

// The decoder of UTF-8 bodies, shared: a whole body is decoded in one call, which keeps no state.
const utf8Decoder = new TextDecoder();

function textDecoder(contentType: string): TextDecoder {
  const match = /;\s*charset\s*=\s*(?:"([^"]+)"|([^;,\s]+))/i.exec(contentType);
  const charset = match?.[1] ?? match?.[2];
  if (charset && !/^utf-?8$/i.test(charset)) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown charset: read as UTF-8.
    }
  }
  return utf8Decoder;
}
