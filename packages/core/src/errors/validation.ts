import * as z from 'zod/mini';
import { type FieldError, TesseraValidationError } from './error-classes.js';

/**
 * Turns zod issues into field errors with stable codes, each naming its field. A union that no branch accepts is
 * reported through the branch that came closest (fewest problems, not refused outright for its type), so a
 * missing or bad field is named instead of "matches none of the allowed shapes". Messages never echo the input.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[] = []): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields.push({ field: [...path, key].map(String).join('.'), code: 'unknown_field', message: 'is not a known field' });
      }
      continue;
    }
    if (issue.code === 'invalid_union' && issue.input !== undefined) {
      // A union of literals (`'AND' | 'OR'`): one error listing every allowed value, not the first branch's.
      const values = literalValues(issue.errors);
      if (values) {
        fields.push({ field: path.map(String).join('.'), code: 'invalid_value', message: `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}` });
        continue;
      }
      const branch = closestBranch(issue.errors);
      if (branch) {
        fields.push(...toFieldErrors(branch, path));
        continue;
      }
    }
    fields.push({ field: path.map(String).join('.'), ...describeIssue(issue) });
  }
  return fields;
}

/** The allowed values of a union whose every branch refused the input as one `invalid_value` at its root; else `undefined`. */
function literalValues(branches: readonly (readonly z.core.$ZodIssue[])[]): unknown[] | undefined {
  const values: unknown[] = [];
  for (const branch of branches) {
    const [issue, ...others] = branch;
    if (issue?.code !== 'invalid_value' || issue.path.length > 0 || others.length > 0) return undefined;
    values.push(...issue.values);
  }
  return values.length > 0 ? values : undefined;
}

function closestBranch(branches: readonly (readonly z.core.$ZodIssue[])[]): readonly z.core.$ZodIssue[] | undefined {
  let best: readonly z.core.$ZodIssue[] | undefined;
  let bestScore = Infinity;
  for (const branch of branches) {
    // A branch refused for its type at its root (an array where an object was expected) is the wrong shape.
    const score = branch.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type') ? 1_000 + branch.length : branch.length;
    if (score < bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

function describeIssue(issue: z.core.$ZodIssue): { code: string; message: string } {
  // `input` is present because parses use `reportInput`; it is only compared, never copied into a message.
  if (issue.input === undefined && issue.code !== 'custom') return { code: 'required', message: 'is required' };
  switch (issue.code) {
    case 'invalid_type':
      return { code: 'invalid_type', message: `must be ${issue.expected === 'int' ? 'an integer' : `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`}` };
    case 'too_small':
      return { code: 'too_small', message: issue.origin === 'string' || issue.origin === 'array' ? `must have at least ${String(issue.minimum)} item(s) or character(s)` : `must be ${issue.inclusive ? 'at least' : 'greater than'} ${String(issue.minimum)}` };
    case 'too_big':
      return { code: 'too_big', message: issue.origin === 'string' || issue.origin === 'array' ? `must have at most ${String(issue.maximum)} item(s) or character(s)` : `must be at most ${String(issue.maximum)}` };
    case 'invalid_value':
      return { code: 'invalid_value', message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` };
    case 'invalid_format':
      return { code: 'invalid_format', message: issue.message && issue.message !== 'Invalid input' ? issue.message : `has an invalid format` };
    case 'invalid_union': {
      // A discriminated union whose discriminator matches no branch: the path already ends at the discriminator.
      const { discriminator, options } = issue as { discriminator?: unknown; options?: unknown };
      if (typeof discriminator === 'string' && typeof issue.input === 'object' && issue.input !== null) {
        if ((issue.input as Record<string, unknown>)[discriminator] === undefined) return { code: 'required', message: 'is required' };
        if (Array.isArray(options)) return { code: 'invalid_value', message: `must be one of ${options.map((v) => JSON.stringify(v)).join(', ')}` };
      }
      return { code: 'invalid_value', message: 'matches none of the allowed shapes' };
    }
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
