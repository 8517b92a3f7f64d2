import { describe, expect, it } from 'vitest';
import { API_KEY } from '../../test/fixtures.js';
import * as server from '../index.js';
import { createApiError, isPermanentConflict, permanentConflictCode } from '../transport/failure.js';
import {
  TesseraApiError,
  TesseraAbortError,
  TesseraBadRequestError,
  TesseraConflictError,
  TesseraError,
  TesseraIdempotencyError,
  TesseraInternalServerError,
  TesseraNotFoundError,
  TesseraRateLimitError,
  TesseraResponseValidationError,
  TesseraTimeoutError,
  TesseraValidationError,
} from '../index.js';

const redact = (text: string): string => text.split(API_KEY).join('[redacted]');
// The error as the attempt builds it: from the raw text of the body (an object stands for its JSON text).
const apiError = (status: number, data: unknown, headers: Record<string, string> = {}): TesseraApiError =>
  createApiError({ status, statusText: '', headers: new Headers(headers) }, typeof data === 'string' ? data : (JSON.stringify(data) ?? ''), redact);

describe('isInstance answers per class', () => {
  const notFound = apiError(404, { error: { code: 'not_found', message: 'no' } });
  const rateLimited = apiError(429, { error: { code: 'rate_limited', message: 'slow down' } });
  const reused = apiError(409, { error: { code: 'idempotency_key_reused', message: 'other body' } });

  it('is true for the class and its ancestors, false for siblings', () => {
    expect(TesseraNotFoundError.isInstance(notFound)).toBe(true);
    expect(TesseraNotFoundError.isInstance(rateLimited)).toBe(false);
    expect(TesseraRateLimitError.isInstance(notFound)).toBe(false);
    expect(TesseraApiError.isInstance(rateLimited)).toBe(true);
    expect(TesseraError.isInstance(rateLimited)).toBe(true);
    expect(TesseraIdempotencyError.isInstance(reused)).toBe(true);
    expect(TesseraConflictError.isInstance(reused)).toBe(true);
    expect(TesseraIdempotencyError.isInstance(apiError(409, { error: { code: 'invalid_state', message: 'x' } }))).toBe(false);
    // A body naming both permanent codes: the reused key decides the class, whichever comes first.
    const both = apiError(409, { code: 'invalid_state', error: 'idempotency_key_reused' });
    expect([TesseraIdempotencyError.isInstance(both), both.kind]).toEqual([true, 'final']);
    expect(TesseraValidationError.isInstance(new TesseraTimeoutError())).toBe(false);
    expect(TesseraTimeoutError.isInstance(new TesseraAbortError())).toBe(false);
    expect(TesseraApiError.isInstance(new TesseraValidationError([]))).toBe(false);
    expect(TesseraNotFoundError.isInstance({ code: 'not_found' })).toBe(false);
    expect(TesseraNotFoundError.isInstance(null)).toBe(false);
    expect(notFound.name).toBe('TesseraNotFoundError');
    expect(reused.name).toBe('TesseraIdempotencyError');
  });

  it('works across two copies of the package (the built one beside these sources)', async () => {
    const built = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof server;
    expect(built.TesseraNotFoundError).not.toBe(TesseraNotFoundError);
    const foreignTimeout = new built.TesseraTimeoutError();
    // Core declares the response-validation error (the server re-exports it): its other copy is a second core.
    const builtCore = (await import(`${new URL('../../../core/dist/index.js', import.meta.url).href}?copy`)) as typeof server;
    const foreignValidation = new builtCore.TesseraResponseValidationError('not JSON', { status: 200 });
    expect(foreignValidation instanceof TesseraResponseValidationError).toBe(false);
    expect(TesseraTimeoutError.isInstance(foreignTimeout)).toBe(true);
    expect(TesseraAbortError.isInstance(foreignTimeout)).toBe(false);
    expect(TesseraResponseValidationError.isInstance(foreignValidation)).toBe(true);
    expect(TesseraApiError.isInstance(foreignValidation)).toBe(false);
    expect(built.TesseraNotFoundError.isInstance(notFound)).toBe(true);
    expect(built.TesseraRateLimitError.isInstance(notFound)).toBe(false);
    expect(built.TesseraConflictError.isInstance(reused)).toBe(true);
    expect(built.TesseraIdempotencyError.isInstance(reused)).toBe(true);
    expect(built.TesseraError.isInstance(rateLimited)).toBe(true);
    expect(built.TesseraBadRequestError.isInstance(rateLimited)).toBe(false);
  });

  it('gives every public error class its own brand', () => {
    const classes = Object.values(server).filter(
      (value): value is typeof TesseraError => typeof value === 'function' && (value === TesseraError || value.prototype instanceof TesseraError),
    );
    expect(classes.length).toBeGreaterThan(12);
    for (const errorClass of classes) expect(Object.hasOwn(errorClass, 'brand')).toBe(true);
    expect(new Set(classes.map((errorClass) => errorClass.brand)).size).toBe(classes.length);
  });
});

describe('idempotency_key_reused', () => {
  it('is a TesseraIdempotencyError whatever the body shape', () => {
    for (const body of [
      { error: { code: 'idempotency_key_reused', message: 'x' } },
      { code: 'idempotency_key_reused', message: 'x' },
      { statusCode: 409, message: 'Conflict', error: 'idempotency_key_reused' },
      { errors: [{ code: 'idempotency_key_reused', message: 'x' }] },
      '{"code":"idempotency_key_reused"}',
    ]) {
      expect(apiError(409, body)).toBeInstanceOf(TesseraIdempotencyError);
    }
    expect(apiError(409, { error: { code: 'idempotency_key_in_use', message: 'x' } })).not.toBeInstanceOf(TesseraIdempotencyError);
  });
});

describe('the API key never survives on an error', () => {
  it('is redacted from headers and from every string of the parsed body, however the JSON wrote it', () => {
    const escaped = API_KEY.split('').map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const text = `{"error":{"code":"unauthorized","message":"bad key ${escaped}"},"echo":{"auth":"Bearer ${API_KEY.replace('_', '\\/_')}","list":["${escaped}"],"${escaped}":1}}`;
    // The raw text, as the attempt reads it: redacting the text alone would leave the escaped key.
    expect(JSON.stringify(JSON.parse(redact(text)))).toContain(API_KEY);
    const error = apiError(401, text, { 'content-type': 'application/json',  'www-authenticate': `Bearer realm="x", key="${API_KEY}"`, 'x-echo': API_KEY });
    const everything = JSON.stringify({ body: error.body, headers: error.headers, message: error.message, json: error.toJSON() });
    expect(everything).not.toContain(API_KEY);
    expect(error.message).toMatch(/^bad key \[redacted\]\. Check the key you passed as `apiKey`/);
    expect(error.headers['x-echo']).toBe('[redacted]');
  });

  it('is redacted from a JSON body sent as text/plain', () => {
    const escaped = API_KEY.split('').map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const error = apiError(400, `{"message":"got ${escaped}"}`);
    expect(JSON.stringify({ body: error.body, message: error.message })).not.toContain(API_KEY);
    expect(error.message).toBe('got [redacted]');
  });
});

describe('error bodies in the shapes real frameworks send', () => {
  it('NestJS: every message of the list kept', () => {
    const error = apiError(400, { statusCode: 400, message: ['amount must be a positive number', 'currency must be a string'], error: 'Bad Request' });
    expect(error).toBeInstanceOf(TesseraBadRequestError);
    expect(error.message).toBe('amount must be a positive number; currency must be a string');
    expect(error.code).toBe('bad_request');
  });

  it('{ errors: [...] }: messages joined, fields kept, the first code used', () => {
    const error = apiError(400, { errors: [{ field: 'amount', code: 'too_small', message: 'must be positive' }, 'second problem'] }) as TesseraBadRequestError;
    expect(error.code).toBe('too_small');
    expect(error.message).toBe('amount must be positive; second problem');
    expect(error.fields).toEqual([{ field: 'amount', code: 'too_small', message: 'must be positive' }]);
  });

  it('problem+json: detail (else title) is the message, type is never the code', () => {
    const problem = { type: 'https://api.test/problems/out-of-stock', title: 'Out of stock', status: 422, detail: 'Only 2 left' };
    const error = apiError(422, problem, { 'content-type': 'application/problem+json' });
    expect(error.message).toBe('Only 2 left');
    expect(error.code).toBe('unprocessable_entity');
    expect(apiError(404, { type: 'about:blank', title: 'Not Found' }).message).toBe('Not Found');
    expect(apiError(409, { type: 'x', title: 'Conflict', code: 'invalid_state' }).code).toBe('invalid_state');
  });

  it('JSON sent as text/plain is read as JSON', () => {
    const error = apiError(404, '{"error":{"code":"not_found","message":"No such payment"}}');
    expect(error).toMatchObject({ code: 'not_found', message: 'No such payment', body: { error: { code: 'not_found', message: 'No such payment' } } });
  });

  it('keeps plain text and refuses HTML as a message', () => {
    expect(apiError(502, 'upstream connect error').message).toBe('upstream connect error');
    expect(apiError(502, '<html>bad gateway</html>').message).toBe('HTTP 502');
    expect(apiError(500, { error: 'Internal Server Error' })).toBeInstanceOf(TesseraInternalServerError);
  });
});

describe('permanentConflictCode', () => {
  it.each([
    [{ error: { code: 'invalid_state', message: 'x' } }, 'invalid_state'],
    [{ code: 'idempotency_key_reused' }, 'idempotency_key_reused'],
    [{ statusCode: 409, message: 'Conflict', error: 'invalid_state' }, 'invalid_state'],
    [{ errors: [{ code: 'invalid_state', message: 'already captured' }] }, 'invalid_state'],
    [{ type: 'https://x.test/conflict', title: 'Conflict', code: 'idempotency_key_reused' }, 'idempotency_key_reused'],
    ['{"error":{"code":"invalid_state"}}', 'invalid_state'],
    ['idempotency_key_reused', 'idempotency_key_reused'],
    [{ error: { code: 'idempotency_key_in_use' } }, undefined],
    [{ message: 'invalid_state is mentioned in a sentence' }, undefined],
    [undefined, undefined],
  ])('recognises %j as %s', (body, code) => {
    expect(permanentConflictCode(body)).toBe(code);
    expect(isPermanentConflict(body)).toBe(code !== undefined);
  });

  it('answers about one code when asked', () => {
    expect(isPermanentConflict({ code: 'invalid_state' }, 'idempotency_key_reused')).toBe(false);
    expect(isPermanentConflict({ code: 'idempotency_key_reused' }, 'idempotency_key_reused')).toBe(true);
    expect(isPermanentConflict({ code: 'invalid_state', error: 'idempotency_key_reused' }, 'idempotency_key_reused')).toBe(true);
    expect(isPermanentConflict({ code: 'invalid_state' }, 'not_a_permanent_code')).toBe(false);
  });
});

describe('kind', () => {
  it('is decided once from the status, and from the code of a 409', () => {
    expect([408, 429, 503].map((status) => apiError(status, '').kind)).toEqual(['not-acted', 'not-acted', 'not-acted']);
    expect([500, 502, 504, 599].map((status) => apiError(status, '').kind)).toEqual(['outcome-unknown', 'outcome-unknown', 'outcome-unknown', 'outcome-unknown']);
    expect(apiError(409, { error: { code: 'idempotency_key_in_use', message: 'busy' } }).kind).toBe('conflict');
    expect(apiError(409, { error: { code: 'invalid_state', message: 'no' } }).kind).toBe('final');
    expect(apiError(409, { code: 'idempotency_key_reused' }).kind).toBe('final');
    expect([400, 401, 403, 404, 413, 422].map((status) => apiError(status, '').kind)).toEqual(['final', 'final', 'final', 'final', 'final', 'final']);
  });

  it('leaves a JSON body that does not parse out, and reads JSON sent as text', () => {
    expect(apiError(500, '{"error":', { 'content-type': 'application/json' })).toMatchObject({ body: undefined, message: 'HTTP 500' });
    expect(apiError(500, '{"error":{"message":"down"}}', { 'content-type': 'text/plain' })).toMatchObject({ body: { error: { message: 'down' } }, message: 'down' });
  });
});
