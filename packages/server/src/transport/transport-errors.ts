// Why one attempt failed, when ky has no error of its own for it. Internal: each is turned into a public Tessera
// error before it leaves the client, and none holds the request (whose headers carry the API key).

/** The connection failed while a response body was being read (after the status line: the service has acted). */
export class BodyReadError extends Error {}

/** A response body was longer than the client reads. `limit` is that cap in bytes. */
export class BodyTooLargeError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`The response body is larger than ${limit} bytes`);
    this.limit = limit;
  }
}
