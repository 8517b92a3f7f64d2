import { describe, expect, it } from 'vitest';
import { LOCAL_VAULT_URL, resolveVaultConnection, SANDBOX_VAULT_KEY, requireVaultKey } from './environment.js';
import { TesseraConfigurationError } from './errors.js';

describe('resolveVaultConnection', () => {
  it('local points at the sandbox with its public key', () => {
    const connection = resolveVaultConnection({ environment: 'local' });
    expect(connection).toMatchObject({ environment: 'local', vaultUrl: LOCAL_VAULT_URL, vaultKey: SANDBOX_VAULT_KEY, timeoutMs: 15_000 });
    expect(LOCAL_VAULT_URL).toBe('http://127.0.0.1:4010');
    expect(SANDBOX_VAULT_KEY).toBe('pk_test_tessera_sandbox');
  });

  it('production and development have vault URLs but no default key', () => {
    for (const environment of ['production', 'development'] as const) {
      const connection = resolveVaultConnection({ environment });
      expect(connection.vaultUrl).toMatch(/^https:\/\//);
      expect(connection.vaultKey).toBeUndefined();
      const error = (() => {
        try {
          requireVaultKey(connection);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(TesseraConfigurationError);
      expect(error).toMatchObject({ code: 'configuration_error', reason: 'missing_vault_key' });
    }
  });

  it('options override the preset', () => {
    const connection = resolveVaultConnection({ environment: 'production', vaultUrl: 'https://vault.example.com/', vaultKey: 'pk_live_x', timeoutMs: 500 });
    expect(connection).toMatchObject({ vaultUrl: 'https://vault.example.com', vaultKey: 'pk_live_x', timeoutMs: 500 });
  });

  it.each([
    [{ environment: 'staging' }, 'unknown_environment'],
    [{}, 'unknown_environment'],
    [{ environment: 'toString' }, 'unknown_environment'],
    [{ environment: 'local', vaultUrl: 'not a url' }, 'invalid_vault_url'],
    [{ environment: 'local', vaultUrl: 'ftp://vault.example.com' }, 'invalid_vault_url'],
    [{ environment: 'production', vaultUrl: 'http://vault.example.com', vaultKey: 'pk_live_x' }, 'invalid_vault_url'],
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
