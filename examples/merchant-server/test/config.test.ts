import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';

describe('readConfig', () => {
  it('names every missing variable', () => {
    expect(() => readConfig({})).toThrow('Missing environment variables: TESSERA_API_KEY, TESSERA_STORE_ID');
  });

  it('reads the sandbox settings of .env.example', () => {
    const config = readConfig({
      TESSERA_API_KEY: 'sk_test_tessera_sandbox',
      TESSERA_BASE_URL: 'http://127.0.0.1:4010',
      TESSERA_STORE_ID: 'store_000001',
      PORT: '3001',
      CHECKOUT_STATIC_DIR: '../checkout-web/dist',
      TESSERA_ENVIRONMENT: 'local',
    });
    expect(config).toEqual({
      apiKey: 'sk_test_tessera_sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      storeId: 'store_000001',
      port: 3001,
      staticDir: '../checkout-web/dist',
      publicConfig: { environment: 'local', storeId: 'store_000001' },
    });
  });

  it('leaves the base URL to @tessera/server when TESSERA_BASE_URL is unset (the real service)', () => {
    const config = readConfig({ TESSERA_API_KEY: 'sk_live_x', TESSERA_STORE_ID: 'store_1', TESSERA_ENVIRONMENT: 'production', TESSERA_VAULT_KEY: 'pk_live_x' });
    expect(config.baseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.publicConfig).toEqual({ environment: 'production', vaultKey: 'pk_live_x', storeId: 'store_1' });
  });

  it('defaults to production, never silently to the sandbox, when TESSERA_ENVIRONMENT is unset', () => {
    expect(readConfig({ TESSERA_API_KEY: 'sk_live_x', TESSERA_STORE_ID: 'store_1' }).publicConfig.environment).toBe('production');
  });

  it('reads the back office’s STAFF_API_TOKEN, and refuses a short one', () => {
    const base = { TESSERA_API_KEY: 'k', TESSERA_STORE_ID: 's' };
    expect(readConfig({ ...base, STAFF_API_TOKEN: 'a'.repeat(32) }).staffToken).toBe('a'.repeat(32));
    expect(readConfig(base).staffToken).toBeUndefined();
    expect(() => readConfig({ ...base, STAFF_API_TOKEN: 'short' })).toThrow('STAFF_API_TOKEN must be at least 32 characters');
  });

  it('refuses a secret key given as the page’s vault key, without printing it', () => {
    const read = () => readConfig({ TESSERA_API_KEY: 'k', TESSERA_STORE_ID: 's', TESSERA_VAULT_KEY: 'sk_live_secret_value' });
    expect(read).toThrow('TESSERA_VAULT_KEY');
    expect(read).not.toThrow('sk_live_secret_value');
  });

  it('refuses an unknown tokenizer environment', () => {
    expect(() => readConfig({ TESSERA_API_KEY: 'k', TESSERA_STORE_ID: 's', TESSERA_ENVIRONMENT: 'staging' })).toThrow('TESSERA_ENVIRONMENT');
  });
});
