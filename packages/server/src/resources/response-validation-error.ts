import { TesseraResponseValidationError, type FieldError, type ResponseValidationDetails } from '@tessera/core';
import { maskSecretFields } from '../plumbing/redact.js';

/**
 * The error for a 2xx answer of the service that lacks what this SDK relies on (a payment's `id` and `status`, the
 * challenge data of a `threeds_auth` payment, the id of what was created), or is not JSON. Its message says that
 * the request **succeeded on the service** (money may have moved), that it is never retried, and how to reconcile:
 * read `body`, or look the payment up (`payments.retrieve`, `payments.list`), and repeat the call only with the
 * same `idempotencyKey`. Its `body` (already free of the API key) has every `token` or `secret` value masked, for
 * every operation: a session's bearer token (a funnel preview's, a builder session's) never reaches an error or a log.
 */
export function responseValidationError(fields: FieldError[], details: ResponseValidationDetails & { status: number }): TesseraResponseValidationError {
  const problems = fields.map((f) => `${f.field || '(root)'} ${f.message}`).join('; ');
  const key = details.idempotencyKey !== undefined ? ` using idempotency key ${details.idempotencyKey}` : '';
  return new TesseraResponseValidationError(
    `The request succeeded on the Tessera service (HTTP ${details.status}) but its answer lacks what the SDK needs: ${problems}. ` +
      `Do not retry with a new idempotency key; reconcile${key} and the error's body (or payments.retrieve / payments.list).`,
    { ...details, body: maskSecretFields(details.body), fields },
  );
}
