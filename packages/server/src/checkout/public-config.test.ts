import { TesseraValidationError } from '@tessera/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicCheckoutConfig } from './public-config.js';

afterEach(() => vi.unstubAllEnvs());

describe('publicCheckoutConfig', () => {
  it('reads the environment and, when set, the vault URL and public key; production when unset', () => {
    expect(publicCheckoutConfig({})).toEqual({ environment: 'production' });
    expect(publicCheckoutConfig({ TESSERA_ENVIRONMENT: 'local', TESSERA_VAULT_URL: 'http://127.0.0.1:4010', TESSERA_VAULT_KEY: ' key_test_us_pub_abc ', TESSERA_API_KEY: 'sk_test_x' })).toEqual({
      environment: 'local',
      vaultUrl: 'http://127.0.0.1:4010',
      vaultKey: 'key_test_us_pub_abc',
    });
  });

  it('reads process.env by default, at call time', () => {
    vi.stubEnv('TESSERA_ENVIRONMENT', 'development');
    vi.stubEnv('TESSERA_VAULT_URL', '');
    expect(publicCheckoutConfig()).toEqual({ environment: 'development' });
  });

  it('refuses an unknown environment, naming the variable', () => {
    const error = (() => {
      try {
        publicCheckoutConfig({ TESSERA_ENVIRONMENT: 'staging' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(TesseraValidationError.isInstance(error)).toBe(true);
    expect((error as TesseraValidationError).fields).toEqual([{ field: 'TESSERA_ENVIRONMENT', code: 'invalid', message: expect.stringContaining('production') as string }]);
  });

  it('refuses a secret key as the vault key without repeating it', () => {
    for (const secret of ['sk_live_abcdef123', 'key_prod_us_pvt_abcdef123']) {
      let error: unknown;
      try {
        publicCheckoutConfig({ TESSERA_ENVIRONMENT: 'production', TESSERA_VAULT_KEY: secret });
      } catch (caught) {
        error = caught;
      }
      expect((error as TesseraValidationError).fields[0]).toMatchObject({ field: 'TESSERA_VAULT_KEY', code: 'secret_key' });
      expect(JSON.stringify(error)).not.toContain('abcdef123');
      expect((error as Error).message).not.toContain('abcdef123');
    }
  });
});
