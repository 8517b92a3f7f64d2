import { describe, expect, it } from 'vitest';
import { redactCardNumbers, SandboxHttpError, validationError } from './http-error.js';

describe('SandboxHttpError’s messages', () => {
  it('mask what could be a card number to its last four, in the message and in each field’s', () => {
    expect(new SandboxHttpError(404, 'not_found', 'No route GET /tokens/4242424242424242').message).toBe('No route GET /tokens/****4242');
    expect(redactCardNumbers('number 4242 4242 4242 4242 and 3782-822463-10005')).toBe('number ****4242 and ****0005');
    const error = validationError([{ field: 'token_id', code: 'invalid', message: 'no token 5555555555554444' }]);
    expect(error.message).not.toContain('5555555555554444');
    expect(error.fields?.[0]?.message).toBe('no token ****4444');
  });

  it('leave ids, amounts and dates as they are', () => {
    const kept = 'No token "0b7c7e55-0000-4000-8000-000000000001", pay_000001, amount 123456789012, at 2026-01-02T03:04:05.000Z, 12345678901234567890123';
    expect(redactCardNumbers(kept)).toBe(kept);
  });
});
