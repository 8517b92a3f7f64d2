import { TesseraError, type FieldError } from '@tessera/core';

/**
 * A 2xx response did not match the schema this SDK expects (or was not JSON). Unknown fields never cause it;
 * only missing or mistyped ones do. `fields` names each problem without echoing the values.
 */
export class TesseraResponseValidationError extends TesseraError {
  /** Every field of the response that did not match, as dotted paths. */
  readonly fields: FieldError[];
  /** HTTP status of the response. */
  readonly status: number;
  /** The `x-request-id` of the response, to quote to support. */
  readonly requestId: string | undefined;

  constructor(fields: FieldError[], details: { status: number; requestId?: string | undefined }) {
    super(
      'response_validation_error',
      `Unexpected response from the Tessera API: ${fields.map((f) => `${f.field || '(root)'} ${f.message}`).join('; ')}`,
    );
    this.name = 'TesseraResponseValidationError';
    this.fields = fields;
    this.status = details.status;
    this.requestId = details.requestId;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, requestId: this.requestId, fields: this.fields };
  }
}
