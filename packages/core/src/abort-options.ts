/**
 * The option every SDK call accepts: cancel it. The server's `RequestOptions` and the tokenizer's call options
 * extend it.
 */
export interface AbortOptions {
  /** Cancels the call (and any wait it is in) with a `TesseraAbortError`. */
  signal?: AbortSignal;
}
