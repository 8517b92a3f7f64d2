import { CheckoutFailure } from './checkout-failure.js';

/** Default largest body a checkout route reads: 16 KiB (a pay request is well under 2). */
export const DEFAULT_CHECKOUT_MAX_BODY_BYTES = 16 * 1024;

const tooLarge = (maxBytes: number) => new CheckoutFailure(413, 'body_too_large', `The request body is over ${maxBytes} bytes: send only what the checkout route takes.`);

/**
 * The body of `request` as bytes, read up to `maxBytes`: `undefined` when it is over (a `Content-Length` over it is
 * refused before reading, a stream that goes over it is cancelled there).
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > maxBytes)) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body !== null) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body of `request` as JSON, read up to `maxBytes` ({@link readBodyBytes}): over it is a 413 {@link CheckoutFailure},
 * before anything is parsed. An empty body reads as `{}`; one that is not a JSON object is a 400.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes === undefined) throw tooLarge(maxBytes);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CheckoutFailure(400, 'invalid_request', 'The request body is not JSON: send the JSON object the checkout route takes.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CheckoutFailure(400, 'invalid_request', 'The request body is not a JSON object: send the JSON object the checkout route takes.');
  }
  return parsed as Record<string, unknown>;
}
