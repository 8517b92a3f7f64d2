import { TesseraError } from '@tessera/core';

/**
 * The request never got an HTTP response: DNS failure, refused or dropped connection, TLS error. Thrown after
 * the retries are used up. `cause` holds the runtime's own error (never the request, which carries the API key).
 */
export class TesseraConnectionError extends TesseraError {
  static override readonly brand: string = 'Connection';
  constructor(message = 'Could not connect to the Tessera API', options?: { cause?: unknown }) {
    super('connection_error', message, options);
    this.name = 'TesseraConnectionError';
  }
}
