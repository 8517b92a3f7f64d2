import { SANDBOX_API_KEY } from '@tessera/core/internal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY, succeededPayment } from '../../test/fixtures.js';
import { Tessera, TesseraValidationError, type TesseraEnvironment, type TesseraOptions } from '../index.js';
import { environmentOrigins, PRODUCTION_BASE_URL, SANDBOX_BASE_URL } from '../internal.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The URLs the injected fetch received, one retrieve per client. */
async function urlsSentBy(...optionsList: Omit<TesseraOptions, 'fetch'>[]): Promise<string[]> {
  const urls: string[] = [];
  const fetch = vi.fn((request: Request) => {
    urls.push(request.url);
    return Promise.resolve(Response.json(succeededPayment));
  });
  for (const options of optionsList) await new Tessera({ ...options, fetch }).payments.retrieve('pay_1');
  return urls;
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('environment', () => {
  it('declares the published origins once: production (the default), development, and the local sandbox', () => {
    expect(environmentOrigins).toEqual({ production: 'https://app.tagadapay.com', development: 'https://app.tagadapay.dev', local: 'http://localhost:4010' });
    expect(PRODUCTION_BASE_URL).toBe(environmentOrigins.production);
    expect(SANDBOX_BASE_URL).toBe(environmentOrigins.local);
  });

  it('sends to https://app.tagadapay.com/api/public/v1 without an environment, and to each environment’s origin', async () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    const urls = await urlsSentBy({ apiKey: API_KEY }, { apiKey: API_KEY, environment: 'production' }, { apiKey: API_KEY, environment: 'development' }, { apiKey: API_KEY, environment: 'local' });
    expect(urls).toEqual([
      'https://app.tagadapay.com/api/public/v1/payments/pay_1',
      'https://app.tagadapay.com/api/public/v1/payments/pay_1',
      'https://app.tagadapay.dev/api/public/v1/payments/pay_1',
      'http://localhost:4010/api/public/v1/payments/pay_1',
    ]);
  });

  it('lets baseUrl override TESSERA_BASE_URL, and TESSERA_BASE_URL override the environment', async () => {
    vi.stubEnv('TESSERA_BASE_URL', 'http://127.0.0.1:4011/');
    const urls = await urlsSentBy({ apiKey: API_KEY, environment: 'development' }, { apiKey: API_KEY }, { apiKey: API_KEY, environment: 'development', baseUrl: 'https://api.example.test' });
    expect(urls).toEqual([
      'http://127.0.0.1:4011/api/public/v1/payments/pay_1',
      'http://127.0.0.1:4011/api/public/v1/payments/pay_1',
      'https://api.example.test/api/public/v1/payments/pay_1',
    ]);
  });

  it('refuses an unknown environment with a TesseraValidationError naming the field', () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    for (const environment of ['prod', 'sandbox', 'toString', '__proto__', '', 1]) {
      const error = thrownBy(() => new Tessera({ apiKey: API_KEY, environment: environment as TesseraEnvironment }));
      expect(error).toBeInstanceOf(TesseraValidationError);
      expect((error as TesseraValidationError).fields).toEqual([expect.objectContaining({ field: 'environment' })]);
    }
  });
});

describe('plain http', () => {
  it('is refused at construction for any origin but this machine: the key would cross the network unencrypted', () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    const fetch = vi.fn();
    for (const baseUrl of ['http://app.tagadapay.com', 'http://api.shop.example', 'http://10.0.0.5:4010', 'http://api.sandbox.test/api/public/v1', 'http://127.0.0.1.nip.io']) {
      const error = thrownBy(() => new Tessera({ apiKey: API_KEY, baseUrl, fetch }));
      expect(error, baseUrl).toBeInstanceOf(TesseraValidationError);
      const { message, fields } = error as TesseraValidationError;
      expect(fields).toEqual([expect.objectContaining({ field: 'baseUrl', code: 'insecure_url' })]);
      expect(message).toContain('https://');
      expect(`${message} ${JSON.stringify(error)}`).not.toContain(API_KEY);
    }
    vi.stubEnv('TESSERA_BASE_URL', 'http://api.shop.example');
    expect(thrownBy(() => new Tessera({ apiKey: API_KEY, fetch }))).toMatchObject({ fields: [{ field: 'baseUrl', code: 'insecure_url' }] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is taken for loopback origins (localhost, 127.0.0.0/8, [::1]), and https for any origin', async () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    const urls = await urlsSentBy(
      { apiKey: API_KEY, baseUrl: 'http://localhost:4010' },
      { apiKey: API_KEY, baseUrl: 'http://127.0.0.2:4010' },
      { apiKey: API_KEY, baseUrl: 'http://[::1]:4010' },
      { apiKey: API_KEY, baseUrl: 'https://api.shop.example' },
    );
    expect(urls).toHaveLength(4);
  });
});

describe("the sandbox's key", () => {
  it('is refused for the production and development origins, with an error that says which option to choose and never quotes the key', () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    const attempts: TesseraOptions[] = [
      { apiKey: SANDBOX_API_KEY },
      { apiKey: SANDBOX_API_KEY, environment: 'production' },
      { apiKey: SANDBOX_API_KEY, environment: 'development' },
      { apiKey: SANDBOX_API_KEY, baseUrl: 'https://app.tagadapay.com/api/public/v1' },
      { apiKey: SANDBOX_API_KEY, baseUrl: 'https://api.tagada.io' },
      { apiKey: SANDBOX_API_KEY, environment: 'local', baseUrl: 'http://10.0.0.5:4010' },
    ];
    const fetch = vi.fn();
    for (const options of attempts) {
      const error = thrownBy(() => new Tessera({ ...options, fetch }));
      expect(error).toBeInstanceOf(TesseraValidationError);
      const { message, fields } = error as TesseraValidationError;
      expect(fields).toEqual([expect.objectContaining({ field: 'apiKey', code: 'sandbox_key' })]);
      expect(message).toContain("environment: 'local'");
      expect(message).toContain("baseUrl: 'http://localhost:4010'");
      expect(`${message} ${JSON.stringify(error)} ${JSON.stringify(fields)}`).not.toContain(SANDBOX_API_KEY);
    }
    expect((thrownBy(() => new Tessera({ apiKey: SANDBOX_API_KEY })) as Error).message).toContain('https://app.tagadapay.com');
    expect((thrownBy(() => new Tessera({ apiKey: SANDBOX_API_KEY, environment: 'development' })) as Error).message).toContain('https://app.tagadapay.dev');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is refused when TESSERA_BASE_URL names a remote origin', () => {
    vi.stubEnv('TESSERA_BASE_URL', 'https://app.tagadapay.dev');
    expect(thrownBy(() => new Tessera({ apiKey: SANDBOX_API_KEY, environment: 'local' }))).toMatchObject({ fields: [{ field: 'apiKey', code: 'sandbox_key' }] });
  });

  it('is accepted for the local environment, a loopback baseUrl, and reserved test names that only a mock answers', async () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    const urls = await urlsSentBy(
      { apiKey: SANDBOX_API_KEY, environment: 'local' },
      { apiKey: SANDBOX_API_KEY, baseUrl: 'http://127.0.0.1:4010' },
      { apiKey: SANDBOX_API_KEY, baseUrl: 'http://[::1]:4010' },
      { apiKey: SANDBOX_API_KEY, baseUrl: 'https://api.sandbox.test' },
    );
    expect(urls).toHaveLength(4);
    vi.stubEnv('TESSERA_BASE_URL', 'http://localhost:54321');
    expect(new Tessera({ apiKey: SANDBOX_API_KEY }).baseUrl).toBe('http://localhost:54321');
  });

  it('leaves every other key alone: the service publishes no test or live prefixes', () => {
    vi.stubEnv('TESSERA_BASE_URL', undefined);
    for (const apiKey of ['sk_test_something_else', 'tgd_live_123', 'sk_crm_abc', 'tp_sk_xyz', `${SANDBOX_API_KEY}_2`]) {
      expect(new Tessera({ apiKey }).baseUrl).toBe('https://app.tagadapay.com');
    }
  });
});
