import * as z from 'zod/mini';
import { type FieldError, TesseraValidationError } from './errors.js';

/** Turns zod issues into field errors with stable codes. Messages never echo the input value. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields.push({ field: [...issue.path, key].join('.'), code: 'unknown_field', message: 'is not a known field' });
      }
      continue;
    }
    fields.push({ field: issue.path.map(String).join('.'), ...describeIssue(issue) });
  }
  return fields;
}

function describeIssue(issue: z.core.$ZodIssue): { code: string; message: string } {
  // `input` is present because parses use `reportInput`; it is only compared, never copied into a message.
  if (issue.input === undefined && issue.code !== 'custom' && issue.code !== 'invalid_union') return { code: 'required', message: 'is required' };
  switch (issue.code) {
    case 'invalid_type':
      return { code: 'invalid_type', message: `must be ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}` };
    case 'too_small':
      return { code: 'too_small', message: issue.origin === 'string' || issue.origin === 'array' ? `must have at least ${String(issue.minimum)} item(s) or character(s)` : `must be ${issue.inclusive ? 'at least' : 'greater than'} ${String(issue.minimum)}` };
    case 'too_big':
      return { code: 'too_big', message: issue.origin === 'string' || issue.origin === 'array' ? `must have at most ${String(issue.maximum)} item(s) or character(s)` : `must be at most ${String(issue.maximum)}` };
    case 'invalid_value':
      return { code: 'invalid_value', message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` };
    case 'invalid_format':
      return { code: 'invalid_format', message: issue.message && issue.message !== 'Invalid input' ? issue.message : `has an invalid format` };
    case 'invalid_union':
      return { code: 'invalid_value', message: 'note' in issue && issue.note === 'No matching discriminator' ? 'has no valid value for this request' : 'matches none of the allowed shapes' };
    case 'custom':
      return { code: (issue.params?.code as string | undefined) ?? 'invalid', message: issue.message };
    default:
      return { code: issue.code, message: 'is invalid' };
  }
}

/**
 * Parses `input` with `schema`; on failure throws a {@link TesseraValidationError} naming every bad field.
 * @param prefix optional path prefix for the field names (e.g. `card`).
 */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> {
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) return result.data;
  const fields = toFieldErrors(result.error.issues);
  throw new TesseraValidationError(prefix ? fields.map((f) => ({ ...f, field: f.field ? `${prefix}.${f.field}` : prefix })) : fields);
}
