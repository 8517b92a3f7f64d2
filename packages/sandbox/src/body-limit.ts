/**
 * Largest request body the sandbox reads, in bytes (the HTTP server) and in characters (the msw handlers, which see
 * the decoded text: a body within the byte limit is always within it). A larger one is answered 413.
 */
export const MAX_BODY_BYTES = 1_000_000;
