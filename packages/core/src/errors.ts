const marker = Symbol.for('tessera.error');

/**
 * Base class of every error the Tessera SDK throws. Each error has a stable `code`.
 * Use {@link TesseraError.isInstance} rather than `instanceof` when two copies of the SDK may be installed.
 */
export class TesseraError extends Error {
  /** Stable, machine-readable error code. */
  readonly code: string;
  /** Finer cause within `code` where an error family has several (e.g. `sensitive_data`, `missing_vault_key`). */
  readonly reason?: string;
  private readonly [marker] = true;

  constructor(code: string, message: string, options?: { cause?: unknown; reason?: string }) {
    super(message, options);
    this.name = 'TesseraError';
    this.code = code;
    if (options?.reason !== undefined) this.reason = options.reason;
  }

  /** True for any Tessera error, even one thrown by another copy of the package. */
  static isInstance(value: unknown): value is TesseraError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }

  /** Serializable form: name, code, message and reason only (never request data). */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message, reason: this.reason };
  }
}

/** One problem with one input field. `field` is a dotted path such as `cardNumber` or `customerData.email`. */
export interface FieldError {
  /** Dotted path of the field, e.g. `amount` or `processor.supportedCurrencies.0`. */
  field: string;
  /** Stable code, e.g. `required`, `invalid_type`, `luhn_failed`, `expired`. */
  code: string;
  /** Human-readable message. Never contains the submitted value. */
  message: string;
}

/** Input failed validation before anything was sent. `fields` names every bad field. */
export class TesseraValidationError extends TesseraError {
  /** Every field error found, all at once. */
  readonly fields: FieldError[];

  constructor(fields: FieldError[], message?: string) {
    super('validation_error', message ?? `Invalid input: ${fields.map((f) => `${f.field || '(root)'} ${f.message}`).join('; ')}`);
    this.name = 'TesseraValidationError';
    this.fields = fields;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), fields: this.fields };
  }
}

/** An operation (such as polling) ran past its time limit. */
export class TesseraTimeoutError extends TesseraError {
  constructor(message = 'The operation timed out', options?: { cause?: unknown }) {
    super('timeout', message, options);
    this.name = 'TesseraTimeoutError';
  }
}

/** An operation was cancelled through its AbortSignal. */
export class TesseraAbortError extends TesseraError {
  constructor(message = 'The operation was aborted', options?: { cause?: unknown }) {
    super('aborted', message, options);
    this.name = 'TesseraAbortError';
  }
}
