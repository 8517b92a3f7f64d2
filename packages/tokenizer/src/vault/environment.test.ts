import { SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { BASIS_THEORY_API_URL, LOCAL_VAULT_URL, resolveVaultConnection } from './environment.js';

describe('resolveVaultConnection', () => {
  it('local speaks BT to the sandbox on localhost with its test public key', () => {
    const connection = resolveVaultConnection({ environment: 'local' });
    expect(connection).toEqual({ environment: 'local', vaultUrl: LOCAL_VAULT_URL, vaultKey: SANDBOX_VAULT_KEY, provider: 'basistheory', timeoutMs: 15_000 });
    expect(LOCAL_VAULT_URL).toBe('http://localhost:4010');
    expect(SANDBOX_VAULT_KEY).toMatch(/^key_test_us_pub_\w+$/);
  });

  it('production and development are Basis Theory with the service public keys @tagadapay/core-js@3.1.0 publishes', () => {
    expect(resolveVaultConnection({ environment: 'production' })).toEqual({
      environment: 'production',
      vaultUrl: 'https://api.basistheory.com',
      vaultKey: 'key_prod_us_pub_PNMB2AiaECJ463K6QAPNU6',
      provider: 'basistheory',
      timeoutMs: 15_000,
    });
    expect(resolveVaultConnection({ environment: 'development' })).toMatchObject({
      vaultUrl: BASIS_THEORY_API_URL,
      vaultKey: 'key_test_us_pub_VExdfbFQARn821iqP8zNaq',
      provider: 'basistheory',
    });
  });

  it('trims the key and refuses secret keys even with surrounding whitespace', () => {
    expect(resolveVaultConnection({ environment: 'production', vaultKey: '  key_prod_us_pub_abc \n' }).vaultKey).toBe('key_prod_us_pub_abc');
    for (const vaultKey of [' sk_live_abc', '\tsk_test_abc', 'sk_test_abc', 'key_prod_us_pvt_abc', ' key_test_us_pvt_abc ']) {
      expect(() => resolveVaultConnection({ environment: 'production', vaultKey }), vaultKey).toThrowError(
        expect.objectContaining({ reason: 'invalid_option' }) as Error,
      );
    }
  });

  it('options override the preset', () => {
    const connection = resolveVaultConnection({ environment: 'production', vaultUrl: 'https://vault.example.com/', vaultKey: 'key_prod_us_pub_x', timeoutMs: 500 });
    expect(connection).toMatchObject({ vaultUrl: 'https://vault.example.com', vaultKey: 'key_prod_us_pub_x', timeoutMs: 500 });
  });

  it('takes plain http only to this machine, as the server client does (core\'s isLoopbackUrl)', () => {
    for (const vaultUrl of ['http://localhost:4010', 'http://127.0.0.2:4010', 'http://[::1]:4010', 'https://vault.example.com']) {
      expect(resolveVaultConnection({ environment: 'local', vaultUrl }).vaultUrl, vaultUrl).toBe(vaultUrl);
    }
    for (const vaultUrl of ['http://10.0.0.1:4010', 'http://127.0.0.1.example.com', 'http://localhost.example.com']) {
      expect(() => resolveVaultConnection({ environment: 'local', vaultUrl }), vaultUrl).toThrowError(expect.objectContaining({ reason: 'invalid_vault_url' }) as Error);
    }
  });

  it.each([
    [{ environment: 'staging' }, 'unknown_environment'],
    [{}, 'unknown_environment'],
    [{ environment: 'toString' }, 'unknown_environment'],
    [{ environment: 'local', vaultUrl: 'not a url' }, 'invalid_vault_url'],
    [{ environment: 'local', vaultUrl: 'ftp://vault.example.com' }, 'invalid_vault_url'],
    [{ environment: 'production', vaultUrl: 'http://vault.example.com' }, 'invalid_vault_url'],
    [{ environment: 'local', timeoutMs: 3e9 }, 'invalid_option'],
    [{ environment: 'local', vaultKey: '' }, 'missing_vault_key'],
    [{ environment: 'local', vaultKey: 'sk_test_tessera_sandbox' }, 'invalid_option'],
    [{ environment: 'local', timeoutMs: 0 }, 'invalid_option'],
  ])('refuses %j (%s)', (options, reason) => {
    expect(() => resolveVaultConnection(options as never)).toThrowError(expect.objectContaining({ name: 'TesseraConfigurationError', reason }) as Error);
  });

  it('never puts the key in an error message', () => {
    expect.assertions(1);
    try {
      resolveVaultConnection({ environment: 'local', vaultKey: 'sk_live_secret_value' });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('sk_live_secret_value');
    }
  });
});
