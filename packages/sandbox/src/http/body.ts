import { SandboxHttpError, validationError } from '../errors/http-error.js';
import type { SandboxRequest } from './request.js';

/**
 * Largest request body the sandbox reads, in bytes (the node:http adapter, which stops keeping a body past it) and
 * in characters (the decoded text: a body within the byte limit is always within it). A larger one is answered 413.
 */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * How deep a JSON body may nest objects and arrays: deeper than any request of the API, and shallow enough that a
 * record kept from it can always be written back (an answer, the data file), which JSON.stringify cannot do past a
 * few thousand levels (the sandbox's every later write would fail).
 */
export const MAX_BODY_DEPTH = 64;

/** The 400 of a JSON body nested deeper than {@link MAX_BODY_DEPTH}. */
export function bodyTooDeep(): SandboxHttpError {
  return validationError([{ field: '', code: 'too_deep', message: `nests objects and arrays more than ${MAX_BODY_DEPTH} levels deep: send a flatter body` }]);
}

/**
 * True when the JSON text nests objects and arrays more than {@link MAX_BODY_DEPTH} levels deep (a bracket inside a
 * string is not counted). Read from the text, without walking the parsed value.
 */
export function nestsTooDeep(json: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json.charCodeAt(index);
    if (inString) {
      // `\` skips the escaped character (an escaped quote does not end the string).
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > MAX_BODY_DEPTH) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

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
