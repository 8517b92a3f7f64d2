const marker = Symbol.for('tessera.error');
// The brands of every class an error was constructed as (its own and its ancestors'), shared by every copy of the
// package through `Symbol.for`, so `isInstance` answers per class even across copies.
const brands = Symbol.for('tessera.error.brands');

/** A Tessera error class as `isInstance` sees it: a constructor with its own {@link TesseraError.brand}. */
export type TesseraErrorClass<T> = (abstract new (...args: never[]) => T) & { readonly brand: string };

function brandsOf(target: unknown): string[] {
  const list: string[] = [];
  for (let current = target; typeof current === 'function' && current !== Error; current = Object.getPrototypeOf(current)) {
    if (Object.hasOwn(current, 'brand')) list.push((current as unknown as { brand: string }).brand);
  }
  return list;
}

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
  /**
   * The class's own marker, unique among Tessera error classes and equal in every copy of the package. Each public
   * subclass declares its own; its instances carry it with those of its ancestors, and `name` defaults to it.
   */
  static readonly brand: string = 'TesseraError';

  constructor(code: string, message: string, options?: { cause?: unknown; reason?: string }) {
    super(message, options);
    const classBrands = brandsOf(new.target);
    Object.defineProperty(this, brands, { value: classBrands, enumerable: false });
    this.name = classBrands[0] ?? 'TesseraError';
    this.code = code;
    if (options?.reason !== undefined) this.reason = options.reason;
  }

  /**
   * True when `value` is an error of this very class or one of its subclasses, even one thrown by another copy of
   * the package: `TesseraError.isInstance` for any Tessera error, `TesseraNotFoundError.isInstance` only for a
   * not-found error (never for a sibling such as a rate-limit error). Call it on the class: passed unbound (e.g. to
   * `Array.prototype.filter`) it answers as `TesseraError.isInstance`.
   */
  static isInstance<T>(this: TesseraErrorClass<T>, value: unknown): value is T {
    if (typeof value !== 'object' || value === null) return false;
    const record = value as Record<symbol, unknown>;
    // Called unbound (e.g. passed to `filter`): answer as `TesseraError.isInstance`.
    if (typeof this !== 'function' || this.brand === 'TesseraError') return record[marker] === true;
    if (!Object.hasOwn(this, 'brand')) return value instanceof this;
    const own = record[brands];
    return Array.isArray(own) && own.includes(this.brand);
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
  static override readonly brand: string = 'TesseraValidationError';
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
  static override readonly brand: string = 'TesseraTimeoutError';
  constructor(message = 'The operation timed out', options?: { cause?: unknown }) {
    super('timeout', message, options);
    this.name = 'TesseraTimeoutError';
  }
}

/** An operation was cancelled through its AbortSignal. */
export class TesseraAbortError extends TesseraError {
  static override readonly brand: string = 'TesseraAbortError';
  constructor(message = 'The operation was aborted', options?: { cause?: unknown }) {
    super('aborted', message, options);
    this.name = 'TesseraAbortError';
  }
}
