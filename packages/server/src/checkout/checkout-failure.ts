import type { CheckoutErrorAnswer, CheckoutErrorCode, FieldError } from '@tessera/core';

/** An error answer of a checkout route, thrown inside the handler and answered as a {@link CheckoutErrorAnswer}. */
export class CheckoutFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: CheckoutErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'CheckoutFailure';
  }

  /** The answer: JSON, never cached, with the failure's own headers (`Allow` for a 405). */
  toResponse(): Response {
    const body: CheckoutErrorAnswer = { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
    return Response.json(body, { status: this.status, headers: { 'cache-control': 'no-store', ...this.headers } });
  }
}
