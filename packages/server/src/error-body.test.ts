import { describe, expect, it } from 'vitest';
import { isPermanentConflict, permanentConflictCode, readErrorBody } from './error-body.js';

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
  });
});

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
});
