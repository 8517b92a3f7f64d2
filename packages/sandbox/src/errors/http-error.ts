import type { FieldError } from '@tessera/core';
import type { ApiErrorBody } from '@tessera/core/internal';

/**
 * The error codes the vendor publishes, used as the body's top-level `code` where one applies (POST-payments-void:
 * `PAYMENT_NOT_FOUND`, `TRANSACTION_NOT_AUTHORIZE`).
 */
export type PublishedErrorCode = 'PAYMENT_NOT_FOUND' | 'TRANSACTION_NOT_AUTHORIZE';

// A run of 13 to 19 digits (spaces or dashes between them allowed), not part of a longer run of digits or of a
// dash-joined id (a UUID's last group has 12 digits): what a card number looks like in a message.
const cardNumberRun = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![ -]?\d)/g;

/**
 * A message with every run of digits that could be a card number masked to its last four (`****4242`): the last
 * guard of "no answer echoes a card number", for a message that quotes what the request gave (an id, a path).
 */
export function redactCardNumbers(message: string): string {
  return message.replace(cardNumberRun, (run) => `****${run.replace(/\D/g, '').slice(-4)}`);
}

/**
 * An error answer of the sandbox: HTTP status, stable `code`, message and, for validation errors, every bad field.
 * Operations throw it; the route wrapper turns it into core's `apiErrorBody` ({@link SandboxHttpError.toBody}).
 */
export class SandboxHttpError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /** Stable error code, e.g. `not_found`, `validation_error`, `invalid_state`. */
  readonly code: string;
  /** Field errors, for `validation_error`. */
  readonly fields: FieldError[] | undefined;
  /** Extra response headers, e.g. `Retry-After`. */
  readonly headers: Record<string, string>;
  /** The `title` of the problem details (BT's routes), when it is not the code's. */
  readonly title: string | undefined;
  /** The vendor's published code for this error, sent as the body's top-level `code` (else `code` is). */
  readonly publishedCode: PublishedErrorCode | undefined;
  /** Keys the body carries besides the error's (a browser session route's `success: false`), never over them. */
  readonly answer: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: FieldError[]; headers?: Record<string, string>; title?: string; publishedCode?: PublishedErrorCode; answer?: Record<string, unknown> } = {},
  ) {
    super(redactCardNumbers(message));
    this.name = 'SandboxHttpError';
    this.status = status;
    this.code = code;
    this.fields = options.fields?.map((field) => ({ ...field, message: redactCardNumbers(field.message) }));
    this.headers = options.headers ?? {};
    this.title = options.title;
    this.publishedCode = options.publishedCode;
    this.answer = options.answer ?? {};
  }

  /** The error as Basis Theory's problem details (the vault routes). */
  toProblemDetails(): Record<string, unknown> {
    return problemDetails(this);
  }

  /**
   * The JSON error body of every API error, written only here: the published `{ code, message, data }` (`code` the
   * vendor's where one is published, e.g. `PAYMENT_NOT_FOUND`, else the sandbox's; `data` holds the field errors
   * and the request id), and beside it the earlier `{ error: { code, message, fields?, requestId } }` with the
   * sandbox's own code (`not_found`, `invalid_state`, …).
   */
  toBody(requestId: string): ApiErrorBody {
    const fields = () => (this.fields ? { fields: this.fields.map((field) => ({ ...field })) } : {});
    return {
      ...this.answer,
      code: this.publishedCode ?? this.code,
      message: this.message,
      data: { ...fields(), requestId },
      error: { code: this.code, message: this.message, ...fields(), requestId },
    };
  }
}

/**
 * The error as Basis Theory's API answers one (the vault and BT 3DS routes): RFC 7807 problem details,
 * `{ type, title, status, detail, errors? }`, with `errors` mapping each field's JSON path to its messages.
 */
function problemDetails(error: SandboxHttpError): Record<string, unknown> {
  const errors: Record<string, string[]> = {};
  for (const field of error.fields ?? []) (errors[field.field || 'body'] ??= []).push(field.message);
  return {
    type: `https://httpstatuses.io/${error.status}`,
    title: error.title ?? (error.fields ? 'One or more validation errors occurred.' : error.code),
    status: error.status,
    detail: error.message,
    ...(error.fields ? { errors } : {}),
  };
}

/** 404 `not_found` for a resource kind and id (`publishedCode` for the kinds the vendor publishes one for). */
export function notFound(kind: string, id: string, publishedCode?: PublishedErrorCode): SandboxHttpError {
  return new SandboxHttpError(404, 'not_found', `No ${kind} with id "${id}"`, publishedCode === undefined ? {} : { publishedCode });
}

/** 409 `invalid_state`: the request is not allowed in the resource's current state. */
export function invalidState(message: string, publishedCode?: PublishedErrorCode): SandboxHttpError {
  return new SandboxHttpError(409, 'invalid_state', message, publishedCode === undefined ? {} : { publishedCode });
}

/** 400 `validation_error` naming each bad field. */
export function validationError(fields: FieldError[]): SandboxHttpError {
  return new SandboxHttpError(400, 'validation_error', `Invalid request: ${fields.map((f) => `${f.field || '(body)'} ${f.message}`).join('; ')}`, { fields });
}
