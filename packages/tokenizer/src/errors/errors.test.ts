import { TesseraError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import * as errors from './errors.js';
import { TesseraChallengeError, TesseraConfigurationError, TesseraConnectionError, TesseraVaultError } from './errors.js';

describe('tokenizer errors: isInstance per class', () => {
  it('answers for the class only, never for a sibling, also for errors of another copy (the built one)', async () => {
    const built = (await import(new URL('../../dist/errors/errors.js', import.meta.url).href)) as typeof errors;
    expect(built.TesseraVaultError).not.toBe(TesseraVaultError);
    const foreignVault = new built.TesseraVaultError(400, { vaultCode: 'invalid' });
    expect(foreignVault instanceof TesseraVaultError).toBe(false);
    expect(TesseraVaultError.isInstance(foreignVault)).toBe(true);
    expect(TesseraConnectionError.isInstance(foreignVault)).toBe(false);
    expect(TesseraError.isInstance(foreignVault)).toBe(true);
    expect(built.TesseraConfigurationError.isInstance(new TesseraConfigurationError('invalid_option', 'x'))).toBe(true);
    expect(built.TesseraChallengeError.isInstance(new TesseraConfigurationError('invalid_option', 'x'))).toBe(false);
    expect(TesseraChallengeError.isInstance(new TesseraVaultError(500))).toBe(false);
    expect(new TesseraVaultError(500).name).toBe('TesseraVaultError');
  });

  it('gives every error class its own brand', () => {
    const classes = Object.values(errors).filter((value) => typeof value === 'function') as unknown as Array<{ brand: string }>;
    expect(classes.length).toBeGreaterThanOrEqual(6);
    for (const errorClass of classes) expect(Object.hasOwn(errorClass, 'brand')).toBe(true);
    expect(new Set(classes.map((errorClass) => errorClass.brand)).size).toBe(classes.length);
  });
});
