const marker = Symbol.for('tessera.error');

/** A Tessera error class as `isInstance` sees it: a constructor with its own {@link TesseraError.brand}. */
export type TesseraErrorClass<T> = (abstract new (...args: never[]) => T) & { readonly brand: string };

/**
 * Base class of every error the Tessera SDK throws. Each error has a stable `code`.
 * Use {@link TesseraError.isInstance} rather than `instanceof` when two copies of the SDK may be installed.
 */
export class TesseraError extends Error {
  /** Stable, machine-readable error code. */
  declare readonly code: string;
  /** Finer cause within `code` where an error family has several (e.g. `sensitive_data`, `missing_vault_key`). */
  declare readonly reason: string | undefined;
  private readonly [marker] = true;
  /**
   * The class's own marker, unique among Tessera error classes and equal in every copy of the package: the part of
   * the class name between `Tessera` and `Error` (`NotFound`; `''` for `TesseraError` itself). Each public subclass
   * declares its own; `isInstance` compares it along the error's class chain, and `name` is `Tessera{brand}Error`.
   */
  static readonly brand: string = '';

  constructor(code: string, message: string, options?: { cause?: unknown; reason?: string }) {
    super(message, options);
    this.name = `Tessera${(new.target as unknown as { brand: string }).brand}Error`;
    this.code = code;
    this.reason = options?.reason;
  }

  /**
   * True when `value` is an error of this very class or one of its subclasses, even one thrown by another copy of
   * the package: `TesseraError.isInstance` for any Tessera error, `TesseraNotFoundError.isInstance` only for a
   * not-found error (never for a sibling such as a rate-limit error). Call it on the class: passed unbound (e.g. to
   * `Array.prototype.filter`) it answers as `TesseraError.isInstance`. A subclass of your own without its own
   * `brand` answers as its nearest branded ancestor.
   */
  static isInstance<T>(this: TesseraErrorClass<T>, value: unknown): value is T {
    if ((value as Record<symbol, unknown> | null | undefined)?.[marker] !== true) return false;
    const brand = (this as TesseraErrorClass<T> | undefined)?.brand;
    // Brands are strings, so the class chain of an error from another copy of the package compares equal.
    for (let current = (value as object).constructor as unknown; current; current = Object.getPrototypeOf(current)) {
      // An inherited brand equals an ancestor's, so only the value's own ancestors can match.
      if ((current as { brand?: unknown }).brand === brand) return true;
    }
    // Called unbound (e.g. passed to `filter`), or on `TesseraError` for an error of an older copy: any Tessera error.
    return !brand;
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
  /** Human-readable message. Never quotes the submitted value, but for a decimal amount: its hint shows the integer to send (`1999` for 19.99). */
  message: string;
}

/** Input failed validation before anything was sent. `fields` names every bad field. */
export class TesseraValidationError extends TesseraError {
  static override readonly brand: string = 'Validation';
  /** Every field error found, all at once. */
  declare readonly fields: FieldError[];

  constructor(fields: FieldError[], message?: string) {
    super('validation_error', message ?? `Invalid input: ${fields.map((f) => `${f.field || '(root)'} ${f.message}`).join('; ')}`);
    this.fields = fields;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), fields: this.fields };
  }
}

/** An operation (such as polling) ran past its time limit. */
export class TesseraTimeoutError extends TesseraError {
  static override readonly brand: string = 'Timeout';
  constructor(message = 'The operation timed out', options?: ErrorOptions) { super('timeout', message, options); }
}

/** An operation was cancelled through its AbortSignal. */
export class TesseraAbortError extends TesseraError {
  static override readonly brand: string = 'Abort';
  constructor(message = 'The operation was aborted', options?: ErrorOptions) { super('aborted', message, options); }
}

/**
 * No answer came: DNS failure, refused or dropped connection, TLS error, a browser's CORS refusal, offline. `cause`
 * holds the runtime's own error, never the request (whose headers carry a key and whose body may carry card data).
 */
export class TesseraConnectionError extends TesseraError {
  static override readonly brand: string = 'Connection';
  /** The origin that could not be reached (`https://app.tagadapay.com`), never a path or query. */
  declare readonly origin: string | undefined;
  /** What the runtime reported, in short: its error code and address (`ECONNREFUSED 127.0.0.1:4010`), or its message. */
  declare readonly causeSummary: string | undefined;

  constructor(message = 'Could not connect', options?: ConnectionErrorOptions) {
    super('connection_error', message, options);
    this.origin = options?.origin;
    this.causeSummary = options?.causeSummary;
  }

  /** Name, code, message and reason, plus `origin` and `causeSummary` (never the runtime's error itself). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), origin: this.origin, causeSummary: this.causeSummary };
  }
}

/** Options of a {@link TesseraConnectionError}. */
export interface ConnectionErrorOptions extends ErrorOptions {
  /** The origin that could not be reached. */
  origin?: string | undefined;
  /** The runtime's error in short (its code and address, or its message). */
  causeSummary?: string | undefined;
  /** The runtime's error code (`ECONNREFUSED`, `ENOTFOUND`), as the error's `reason`. */
  reason?: string;
}

/** What is known about the answer a {@link TesseraResponseValidationError} is about; each part when known. */
export interface ResponseValidationDetails {
  /** Every field of the answer that did not match, as dotted paths. Default: none. */
  fields?: FieldError[];
  /** HTTP status of the answer (a 2xx: the request succeeded). */
  status?: number | undefined;
  /** The request id of the answer (`x-request-id`), to quote to support. */
  requestId?: string | undefined;
  /** The body as it was sent (parsed JSON, or `undefined` when empty). */
  body?: unknown;
  /** Idempotency key the request was sent with (POSTs), to reconcile with. */
  idempotencyKey?: string | undefined;
}

/**
 * A 2xx answer lacks what the SDK relies on (an id, a status, a token), or is not JSON. The request **succeeded**, so
 * it is never retried. From the server client, something may have been created or charged: reconcile with `body`
 * and `idempotencyKey` rather than repeat the call with a new key. From the tokenizer, the vault made at most a token
 * that nothing uses: tokenizing again is safe.
 */
export class TesseraResponseValidationError extends TesseraError {
  static override readonly brand: string = 'ResponseValidation';
  /** Every field of the answer that did not match (may be empty). */
  declare readonly fields: FieldError[];
  /** HTTP status of the answer, when known. */
  declare readonly status: number | undefined;
  /** The request id of the answer, when known. */
  declare readonly requestId: string | undefined;
  /** The body as it was sent, to reconcile with. Not part of `toJSON` (it may hold personal data). */
  declare readonly body: unknown;
  /** The idempotency key the request was sent with: repeat the call only with this key. */
  declare readonly idempotencyKey: string | undefined;

  constructor(message: string, { fields = [], status, requestId, body, idempotencyKey }: ResponseValidationDetails = {}) {
    super('response_validation_error', message);
    Object.assign(this, { fields, status, requestId, body, idempotencyKey });
  }

  override toJSON(): Record<string, unknown> {
    const { status, requestId, idempotencyKey, fields } = this;
    return { ...super.toJSON(), status, requestId, idempotencyKey, fields };
  }
}
