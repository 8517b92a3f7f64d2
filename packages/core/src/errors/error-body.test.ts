import { describe, expect, it } from 'vitest';
import { findErrorCode, parseErrorData, readErrorBody, readErrorCodeAndFields } from './error-body.js';

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

  it('keeps a field error about the body itself (field `""`), as the sandbox sends for a body that is not JSON', () => {
    const fields = [{ field: '', code: 'invalid_json', message: 'is not valid JSON' }];
    expect(readErrorBody({ error: { code: 'validation_error', message: 'The request body is not valid JSON', fields } }).fields).toEqual(fields);
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

  it('reads the published error of create funnel, { message, code, issues }: each issue with a path is a field', () => {
    const body = {
      message: 'Invalid funnel config',
      code: 'BAD_REQUEST',
      issues: [{ code: 'invalid_type', message: 'Required', path: ['config', 'steps', 0, 'id'] }, { message: 'Funnel name is taken' }],
    };
    expect(readErrorBody(body)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid funnel config',
      fields: [{ field: 'config.steps.0.id', code: 'invalid_type', message: 'Required' }],
      requestId: undefined,
    });
    expect(readErrorBody({ issues: [{ message: 'is required', path: ['storeId'] }, { message: 'Funnel name is taken' }] })).toMatchObject({
      message: 'storeId is required; Funnel name is taken',
      fields: [{ field: 'storeId', code: 'invalid', message: 'is required' }],
    });
  });

  it('parses a JSON text and leaves any other value as it is', () => {
    expect(parseErrorData(' {"a":1}')).toEqual({ a: 1 });
    expect(parseErrorData('{not json')).toBe('{not json');
    expect(parseErrorData(42)).toBe(42);
  });
});

describe('readErrorCodeAndFields', () => {
  it('keeps no text that could be a card number or holds a secret: field codes and messages fall back', () => {
    const body = {
      title: 'Bad 4242 4242 4242 4242',
      errors: { 'data.number': ['4242424242424242 is not accepted', 'fine'], 'data.cvc': ['cvc 987 is wrong'] },
    };
    expect(readErrorCodeAndFields(body, ['987'])).toEqual({
      code: undefined,
      title: undefined,
      fields: [
        { field: 'data.number', code: 'invalid', message: 'is invalid' },
        { field: 'data.number', code: 'invalid', message: 'fine' },
        { field: 'data.cvc', code: 'invalid', message: 'is invalid' },
      ],
    });
    expect(readErrorBody(body).message).toBe('data.number fine; data.cvc cvc 987 is wrong');
    expect(readErrorCodeAndFields({ error: { code: 'x987x', fields: [{ field: 'cvc', code: 'bad_987', message: 'ok' }] } }, ['987'])).toMatchObject({
      code: undefined,
      fields: [{ field: 'cvc', code: 'invalid', message: 'ok' }],
    });
    expect(readErrorBody({ error: { code: 'card_declined', message: 'Card 4000 0000 0000 0002 was declined' } }).message).toBeUndefined();
  });
});

describe('findErrorCode', () => {
  // The server's 409 policy (`isPermanentConflict`) tests every body shape; here, what is generic about the search.
  it('finds the first of the given codes in any shape, and only those codes', () => {
    const codes = new Set(['card_declined', 'expired_card']);
    expect(findErrorCode({ error: 'Payment Required', decline: 'expired_card' }, codes)).toBe('expired_card');
    expect(findErrorCode({ errors: [{ field: 'cardNumber', code: 'card_declined' }] }, codes)).toBe('card_declined');
    expect(findErrorCode(' card_declined\n', codes)).toBe('card_declined');
    expect(findErrorCode({ code: 'insufficient_funds' }, codes)).toBeUndefined();
    expect(findErrorCode({ message: 'card_declined twice' }, codes)).toBeUndefined();
    expect(findErrorCode(null, codes)).toBeUndefined();
  });
});
