import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_KEY } from '../../test/fixtures.js';
import { Tessera, TesseraConnectionError } from '../index.js';

/** A port on 127.0.0.1 that nothing listens on: one just released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('did not reject');
}

const systemError = (message: string, fields: Record<string, unknown>): Error => Object.assign(new Error(message), fields);

describe('a connection error', () => {
  it('names the origin and the cause (a closed port on 127.0.0.1) in its message and toJSON, never the key or the path', async () => {
    const port = await closedPort();
    const origin = `http://127.0.0.1:${port}`;
    const tessera = new Tessera({ apiKey: API_KEY, baseUrl: origin, maxRetries: 0 });
    const error = await rejectionOf(tessera.payments.retrieve('pay_secret_path'));
    expect(error).toBeInstanceOf(TesseraConnectionError);
    const connectionError = error as TesseraConnectionError;
    expect(connectionError.message).toMatch(new RegExp(`^Could not connect to ${origin} \\(ECONNREFUSED 127\\.0\\.0\\.1:${port}\\): is the sandbox running\\?`));
    expect(connectionError.origin).toBe(origin);
    expect(connectionError.reason).toBe('ECONNREFUSED');
    expect(connectionError.toJSON()).toEqual({
      name: 'TesseraConnectionError',
      code: 'connection_error',
      message: connectionError.message,
      reason: 'ECONNREFUSED',
      origin,
      causeSummary: `ECONNREFUSED 127.0.0.1:${port}`,
    });
    const serialized = `${connectionError.message} ${JSON.stringify(connectionError)}`;
    expect(serialized).not.toContain(API_KEY);
    expect(serialized).not.toContain('pay_secret_path');
  });

  it('names a remote origin with a hint to check the option, and redacts the key from what the runtime said', async () => {
    const tessera = new Tessera({
      apiKey: API_KEY,
      baseUrl: 'https://app.tagadapay.dev',
      maxRetries: 0,
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: systemError(`getaddrinfo ENOTFOUND app.tagadapay.dev ${API_KEY}`, { code: 'ENOTFOUND', hostname: 'app.tagadapay.dev' }) })),
    });
    const error = await rejectionOf(tessera.payments.retrieve('pay_1'));
    expect((error as TesseraConnectionError).message).toBe(
      'Could not connect to https://app.tagadapay.dev (ENOTFOUND app.tagadapay.dev): check the network, and that this is the API you meant (the environment or baseUrl option, or TESSERA_BASE_URL)',
    );
    const withKeyInMessage = new Tessera({ apiKey: API_KEY, baseUrl: 'https://app.tagadapay.dev', maxRetries: 0, fetch: () => Promise.reject(new TypeError(`bad header Bearer ${API_KEY}`)) });
    const redacted = (await rejectionOf(withKeyInMessage.payments.retrieve('pay_1'))) as TesseraConnectionError;
    expect(redacted.causeSummary).toBe('bad header Bearer [redacted]');
    expect(JSON.stringify(redacted)).not.toContain(API_KEY);
  });
});
