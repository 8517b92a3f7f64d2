import { toFieldErrors, z } from '@tessera/core/internal';
import type { core, output } from 'zod/mini';
import { validationError } from './http-error.js';

/** Parses a request body or query with one of core's schemas; throws a 400 naming every bad field. */
export function validate<S extends core.$ZodType>(schema: S, input: unknown): output<S> {
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) return result.data;
  throw validationError(toFieldErrors(result.error.issues));
}
