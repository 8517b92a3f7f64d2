import { toFieldErrors, UNLISTED_FILTER_HINT, z } from '@tessera/core/internal';
import type { core, output } from 'zod/mini';
import { validationError } from '../errors/http-error.js';

/**
 * An unknown list filter's ending here: the SDK's hint (send it under `filters.unlisted`) means nothing to a body
 * that arrives with `unlisted` already merged in. The sandbox applies only the filters it knows, and refuses another
 * rather than answer a wider list than was asked for.
 */
const SANDBOX_FILTER_HINT = '; the sandbox applies only these, and refuses another rather than answer a wider list than asked for (the real service may know it: try it there)';

/** Parses a request body or query with one of core's schemas; throws a 400 naming every bad field. */
export function validate<S extends core.$ZodType>(schema: S, input: unknown): output<S> {
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) return result.data;
  const fields = toFieldErrors(result.error.issues).map((field) =>
    field.code === 'unknown_field' && field.message.endsWith(UNLISTED_FILTER_HINT)
      ? { ...field, message: field.message.slice(0, -UNLISTED_FILTER_HINT.length) + SANDBOX_FILTER_HINT }
      : field,
  );
  throw validationError(fields);
}
