import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { toFieldErrors } from './validation.js';

const fieldErrors = (schema: z.ZodMiniType, input: unknown) => toFieldErrors(z.safeParse(schema, input, { reportInput: true }).error?.issues ?? []);

describe('toFieldErrors', () => {
  it('names every allowed value of a union of literals, never echoing the input', () => {
    const schema = z.looseObject({ environment: z.optional(z.union([z.literal('staging'), z.literal('production')])) });
    expect(fieldErrors(schema, { environment: 'prod' })).toEqual([{ field: 'environment', code: 'invalid_value', message: 'must be one of "staging", "production"' }]);
  });

  it('reports a union of shapes through the branch that came closest, naming its field', () => {
    const schema = z.union([z.looseObject({ paymentId: z.string() }), z.looseObject({ paymentIds: z.array(z.string()) })]);
    expect(fieldErrors(schema, { paymentId: 1 })).toEqual([{ field: 'paymentId', code: 'invalid_type', message: 'must be a string' }]);
  });
});
