import { describe, expect, it } from 'vitest';
import { describeConnectionFailure } from './connection-failure.js';

// What the runtime said about a failed connection, in short, for the server client's and the tokenizer's
// connection errors (their own tests: the server's connection-error.test.ts, the tokenizer's vault-request.test.ts).
const systemError = (message: string, fields: Record<string, unknown>): Error => Object.assign(new Error(message), fields);

describe('describeConnectionFailure', () => {
  it('reads the code and address of undici’s cause', () => {
    const error = new TypeError('fetch failed', { cause: systemError('connect ECONNREFUSED 127.0.0.1:4010', { code: 'ECONNREFUSED', address: '127.0.0.1', port: 4010 }) });
    expect(describeConnectionFailure(error)).toEqual({ code: 'ECONNREFUSED', summary: 'ECONNREFUSED 127.0.0.1:4010' });
  });

  it('reads every address of an AggregateError (one per address tried)', () => {
    const attempts = [
      systemError('connect ECONNREFUSED ::1:4010', { code: 'ECONNREFUSED', address: '::1', port: 4010 }),
      systemError('connect ECONNREFUSED 127.0.0.1:4010', { code: 'ECONNREFUSED', address: '127.0.0.1', port: 4010 }),
    ];
    const error = new TypeError('fetch failed', { cause: Object.assign(new AggregateError(attempts, ''), { code: 'ECONNREFUSED' }) });
    expect(describeConnectionFailure(error).summary).toBe('ECONNREFUSED [::1]:4010, 127.0.0.1:4010');
    // Without a code on the AggregateError itself, the first attempt's.
    expect(describeConnectionFailure(new TypeError('fetch failed', { cause: new AggregateError(attempts) })).summary).toBe('ECONNREFUSED [::1]:4010');
  });

  it('names the host of a DNS failure', () => {
    const error = new TypeError('fetch failed', { cause: systemError('getaddrinfo ENOTFOUND app.tagadapay.invalid', { code: 'ENOTFOUND', hostname: 'app.tagadapay.invalid' }) });
    expect(describeConnectionFailure(error)).toEqual({ code: 'ENOTFOUND', summary: 'ENOTFOUND app.tagadapay.invalid' });
  });

  it('falls back to the innermost message, with URLs cut to their origin', () => {
    const error = new TypeError('error sending request for url (http://127.0.0.1:4010/api/public/v1/orders?storeId=store_1&email=a@b.test): tcp connect error: Connection refused (os error 111)');
    expect(describeConnectionFailure(error)).toEqual({ code: undefined, summary: 'error sending request for url (http://127.0.0.1:4010): tcp connect error: Connection refused (os error 111)' });
    expect(describeConnectionFailure(new TypeError('fetch failed', { cause: new Error('other side closed') })).summary).toBe('other side closed');
    expect(describeConnectionFailure(new TypeError('fetch failed')).summary).toBe('fetch failed');
    expect(describeConnectionFailure(undefined)).toEqual({ code: undefined, summary: undefined });
  });

  it('survives a cyclic chain', () => {
    const error = new Error('outer') as Error & { cause?: unknown };
    error.cause = error;
    expect(describeConnectionFailure(error).summary).toBe('outer');
  });
});
