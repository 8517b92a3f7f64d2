import { type FieldError, TesseraError } from '@tessera/core';

/** What a {@link SandboxControlError} carries besides its message. */
export interface SandboxControlErrorDetails {
  /** The HTTP status the sandbox's route answers (answered, over HTTP). */
  status: number;
  /** The sandbox's error code (`not_found`, `validation_error`, `invalid_state`, `unauthorized`, …). */
  code: string;
  /** Each bad field of a 400 (`validation_error`), as the sandbox named it; empty otherwise. */
  fields: FieldError[];
  /** The answer's `x-request-id`, when it had one (never in process). */
  requestId: string | undefined;
}

/**
 * A sandbox refused a test helper's request: over HTTP, a helper of `connectSandbox` answered a 4xx or 5xx; in
 * process, a helper such as `sandbox.challenges.approve` found nothing to act on. `status` is the HTTP status the
 * route answers (answered), `code` the sandbox's, and for a 400 every bad field. Its message is the sandbox's own,
 * which says what to do next. Input the client can check itself is refused before sending, as a
 * `TesseraValidationError`; a sandbox that cannot be reached is a `TesseraConnectionError`.
 */
export class SandboxControlError extends TesseraError {
  static override readonly brand: string = 'SandboxControl';
  /** The HTTP status the sandbox answered. */
  declare readonly status: number;
  /** Each bad field of a 400, as the sandbox named it. */
  declare readonly fields: FieldError[];
  /** The answer's `x-request-id`. */
  declare readonly requestId: string | undefined;

  constructor(message: string, { status, code, fields, requestId }: SandboxControlErrorDetails) {
    super(code, message);
    Object.assign(this, { status, fields, requestId });
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, fields: this.fields, requestId: this.requestId };
  }
}
