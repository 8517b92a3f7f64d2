import { TesseraValidationError } from '@tessera/core';
import { expect } from 'vitest';

/**
 * The fields `check` refuses, in the order its {@link TesseraValidationError} names them; `[]` when it accepts.
 * Anything else it throws fails the test.
 */
export function fieldsRefusedBy(check: () => unknown): string[] {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraValidationError);
    return (error as TesseraValidationError).fields.map((field) => field.field);
  }
  return [];
}
