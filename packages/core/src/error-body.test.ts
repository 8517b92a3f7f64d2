import { describe, expect, it } from 'vitest';
import { findErrorCode, parseErrorData, readErrorBody } from './error-body.js';

describe('readErrorBody', () => {
  it('reads the sandbox shape with its fields and request id', () => {
    const fields = [{ field: 'amount', code: 'too_small', message: 'must be positive' }];
    expect(readErrorBody({ error: { code: 'validation_error', message: 'Invalid', fields, requestId: 'req_1' } })).toEqual({
      code: 'validation_error',
      message: 'Invalid',
      fields,
      requestId: 'req_1',
    });
  });

  it('never takes a sentence or a URI as the code', () => {
    expect(readErrorBody({ statusCode: 400, message: 'x', error: 'Bad Request' }).code).toBeUndefined();
    expect(readErrorBody({ type: 'https://x.test/problem', title: 'T' }).code).toBeUndefined();
  });

  it('reads Basis Theory problem details: errors as a map of field to messages, title as the message', () => {
    const body = { type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1', title: 'One or more validation errors occurred.', errors: { 'data.number': ['Card number is invalid'], 'data.cvc': 'Cvc is invalid' } };
    expect(readErrorBody(body)).toEqual({
      code: undefined,
      message: 'data.number Card number is invalid; data.cvc Cvc is invalid',
      fields: [
        { field: 'data.number', code: 'invalid', message: 'Card number is invalid' },
        { field: 'data.cvc', code: 'invalid', message: 'Cvc is invalid' },
      ],
      requestId: undefined,
    });
    expect(readErrorBody({ title: 'Unauthorized', status: 401 })).toMatchObject({ code: undefined, message: 'Unauthorized' });
  });

  it('reads NestJS messages, a list of errors, plain text and JSON sent as text', () => {
    expect(readErrorBody({ statusCode: 400, message: ['amount must be positive', 'currency is required'], error: 'Bad Request' }).message).toBe(
      'amount must be positive; currency is required',
    );
    expect(readErrorBody({ errors: [{ path: 'amount', code: 'too_small', message: 'too small' }, 'other'], request_id: 'req_2' })).toEqual({
      code: 'too_small',
      message: 'amount too small; other',
      fields: [{ field: 'amount', code: 'too_small', message: 'too small' }],
      requestId: 'req_2',
    });
    expect(readErrorBody('  service down ')).toMatchObject({ code: undefined, message: 'service down' });
    expect(readErrorBody('<html>bad gateway</html>').message).toBeUndefined();
    expect(readErrorBody('{"code":"not_found","message":"No such payment"}')).toMatchObject({ code: 'not_found', message: 'No such payment' });
    expect(readErrorBody('x'.repeat(600)).message).toHaveLength(501);
    expect(readErrorBody([1, 2])).toEqual({ code: undefined, message: undefined, fields: undefined, requestId: undefined });
  });

  it('parses a JSON text and leaves any other value as it is', () => {
    expect(parseErrorData(' {"a":1}')).toEqual({ a: 1 });
    expect(parseErrorData('{not json')).toBe('{not json');
    expect(parseErrorData(42)).toBe(42);
  });
});

describe('findErrorCode', () => {
  const codes = new Set(['invalid_state', 'idempotency_key_reused']);
  it.each([
    [{ error: { code: 'invalid_state', message: 'x' } }, 'invalid_state'],
    [{ code: 'idempotency_key_reused' }, 'idempotency_key_reused'],
    [{ statusCode: 409, message: 'Conflict', error: 'invalid_state' }, 'invalid_state'],
    [{ errors: [{ code: 'invalid_state', message: 'already captured' }] }, 'invalid_state'],
    [{ error: 'Conflict', reason: 'invalid_state' }, 'invalid_state'],
    ['{"error":{"code":"invalid_state"}}', 'invalid_state'],
    [' idempotency_key_reused ', 'idempotency_key_reused'],
    [{ error: { code: 'idempotency_key_in_use' } }, undefined],
    [{ message: 'invalid_state is mentioned in a sentence' }, undefined],
    [undefined, undefined],
  ])('finds in %j: %s', (body, code) => {
    expect(findErrorCode(body, codes)).toBe(code);
  });
});
