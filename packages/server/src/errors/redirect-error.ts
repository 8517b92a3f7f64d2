import { TesseraError } from '@tessera/core';

/**
 * The service answered with a redirect (3xx). The client never follows one: the body, the idempotency key and the
 * `Authorization` header are not sent anywhere else. Check `baseUrl` (e.g. `http://` where the service wants
 * `https://`). Never retried.
 */
export class TesseraRedirectError extends TesseraError {
  static override readonly brand: string = 'Redirect';
  /** The redirect status (301, 302, 303, 307, 308), or 0 when the runtime hides it (an opaque redirect). */
  readonly status: number;
  /** The origin the `Location` header points to (never its path or query), or `undefined` when absent or hidden. */
  readonly locationOrigin: string | undefined;

  constructor(status: number, locationOrigin: string | undefined) {
    super(
      'redirect',
      `The Tessera API answered with a redirect (status ${status}${locationOrigin === undefined ? '' : ` to ${locationOrigin}`}); redirects are never followed. Check baseUrl.`,
    );
    this.status = status;
    this.locationOrigin = locationOrigin;
  }
}
