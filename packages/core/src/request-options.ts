/** Per-call options every SDK call accepts; each package's own call options extend them. */
export interface RequestOptions {
  /** Cancels the call (and any wait it is in) with a `TesseraAbortError`. */
  signal?: AbortSignal;
}
