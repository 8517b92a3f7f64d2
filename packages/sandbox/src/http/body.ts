import { SandboxHttpError } from '../errors/http-error.js';
import type { SandboxRequest } from './request.js';

/**
 * Largest request body the sandbox reads, in bytes (the node:http adapter, which stops keeping a body past it) and
 * in characters (the decoded text: a body within the byte limit is always within it). A larger one is answered 413.
 */
export const MAX_BODY_BYTES = 1_000_000;

/** The 413 of a body over {@link MAX_BODY_BYTES}. */
export function payloadTooLarge(): SandboxHttpError {
  return new SandboxHttpError(413, 'payload_too_large', 'The request body is larger than 1 MB');
}

/**
 * The one body reader every route goes through: the text of a request that has a body (empty for GET and HEAD),
 * at most {@link MAX_BODY_BYTES}. The node:http adapter answers 413 itself before routing (it stops keeping the bytes
 * past the limit); msw's `Request` is checked here.
 */
export function readBody(request: SandboxRequest): string | Promise<string> {
  if (request.method === 'GET' || request.method === 'HEAD') return '';
  const text = request.text();
  return typeof text === 'string' ? checked(text) : text.then(checked);
}

function checked(text: string): string {
  if (text.length > MAX_BODY_BYTES) throw payloadTooLarge();
  return text;
}
