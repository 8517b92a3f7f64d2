import { type FieldError, TesseraValidationError } from '@tessera/core';
import { parseOrThrow, toFieldErrors, z } from '@tessera/core/internal';
import type { core, output } from 'zod/mini';

/**
 * What the test clock helpers take, checked the same way in code (`sandbox.testClocks`, `connectSandbox`: a
 * `TesseraValidationError` before any request) and over HTTP (`/sandbox/test-clocks`, `/sandbox/clock/advance`: a
 * 400 naming the field): the bodies of the routes, and the durations the helpers and the CLI read (`31d`, `1d12h`).
 */

/** The longest a clock moves in one advance: 100 years (the global clock's limit too). */
export const MAX_CLOCK_ADVANCE_MS = 100 * 365 * 24 * 3600 * 1000;

/** A duration: a whole number and a unit, or several (`90s`, `31d`, `1d12h`, `2w`); `ms`, `s`, `m`, `h`, `d`, `w`. */
export type SandboxDuration = `${number}${DurationUnit}` | `${number}${DurationUnit}${number}${DurationUnit}`;

/** A unit of a {@link SandboxDuration}: milliseconds, seconds, minutes, hours, days, weeks. */
export type DurationUnit = 'ms' | 's' | 'm' | 'h' | 'd' | 'w';

const unitMs: Readonly<Record<DurationUnit, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const durationPart = /(\d+)(ms|s|m|h|d|w)/gy;

/**
 * The milliseconds of a duration (`31d` → 2,678,400,000), or `undefined` when it is not one: whole numbers with a
 * unit each (`ms`, `s`, `m`, `h`, `d`, `w`), written together (`1d12h`). Months are not durations (28 to 31 days):
 * advance to a time instead.
 */
export function durationMs(text: string): number | undefined {
  if (text === '') return undefined;
  durationPart.lastIndex = 0;
  let total = 0;
  while (durationPart.lastIndex < text.length) {
    const match = durationPart.exec(text);
    if (match === null) return undefined;
    total += Number(match[1]) * unitMs[match[2] as DurationUnit];
  }
  return Number.isSafeInteger(total) ? total : undefined;
}

/** An ISO 8601 time with a date and a time of day (`2026-01-31T00:00:00Z`, `2026-01-31T09:30:00.000+01:00`). */
const isoTime = z.string().check(
  z.refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && Number.isFinite(Date.parse(text)), {
    message: 'must be an ISO 8601 time with its offset, e.g. 2026-01-31T00:00:00Z',
    params: { code: 'invalid_time' },
  }),
);

/** Milliseconds to move a clock by: from 0 to {@link MAX_CLOCK_ADVANCE_MS}. */
const advanceMs = z.number().check(z.minimum(0), z.maximum(MAX_CLOCK_ADVANCE_MS));

/** `POST /sandbox/clock/advance`: the global clock moves by `ms`. */
export const globalAdvanceRequest = z.strictObject({ ms: advanceMs });

/** `POST /sandbox/test-clocks`: a clock at `frozenTime` (default: the sandbox clock's time), named `name` or not. */
export const testClockCreateRequest = z.optional(
  z.strictObject({
    frozenTime: z.optional(isoTime),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
);

/** The body of `POST /sandbox/test-clocks`. */
export type TestClockCreateRequest = NonNullable<output<typeof testClockCreateRequest>>;

/**
 * `POST /sandbox/test-clocks/{id}/advance`: to `frozenTime` (not before the clock's time) or by `ms`, one of the two.
 */
export const testClockAdvanceRequest = z.strictObject({ frozenTime: z.optional(isoTime), ms: z.optional(advanceMs) }).check(
  z.superRefine((body, context) => {
    if ((body.frozenTime === undefined) === (body.ms === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['frozenTime'],
        message: 'or ms is required, not both: frozenTime moves the clock to a time, ms by a duration',
        params: { code: body.ms === undefined ? 'required' : 'conflict' },
        input: body.frozenTime,
      });
    }
  }),
);

/** The body of `POST /sandbox/test-clocks/{id}/advance`. */
export type TestClockAdvanceRequest = output<typeof testClockAdvanceRequest>;

/** A time for a test clock: a `Date`, milliseconds since the epoch, or an ISO 8601 string with its offset. */
export type TestClockTime = Date | number | string;

/** What `testClocks.create` takes: where the clock starts (default: the sandbox clock's time) and a name. */
export interface TestClockCreate {
  /** Where the clock starts; default: the sandbox clock's time. */
  frozenTime?: TestClockTime;
  /** A name, 1 to 100 characters, to tell clocks apart in `list`. */
  name?: string;
}

/** How `testClocks.advance` moves a clock: to a time (not before its own), or by a duration (`31d`) or milliseconds. */
export type TestClockMove = { readonly to: TestClockTime } | { readonly by: number | SandboxDuration };

/** A test clock as the helpers and `/sandbox/test-clocks` answer it. */
export interface SandboxTestClock {
  /** `clock_…`: send it as the `Tessera-Test-Clock` header of the request that creates a customer. */
  readonly id: string;
  /** The name given at creation, or `null`. */
  readonly name: string | null;
  /** The clock's time (ISO 8601): what the records made under it are dated; it moves only when advanced. */
  readonly frozenTime: string;
  /** When the clock was made, on the sandbox's clock (ISO 8601). */
  readonly createdAt: string;
}

/** What `testClocks.delete` answers: the clock and what was made under it are gone. */
export interface DeletedTestClock {
  readonly id: string;
  readonly deleted: true;
}

/** A time as the routes take it (ISO 8601), or `undefined` for a value that is no time (the schema then names it). */
function isoOf(time: TestClockTime): string | undefined {
  if (typeof time === 'string') return time;
  const ms = time instanceof Date ? time.getTime() : time;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : undefined;
}

const invalidTime = (field: string): FieldError => ({ field, code: 'invalid_time', message: 'must be a valid Date, milliseconds since the epoch or an ISO 8601 time, e.g. 2026-01-31T00:00:00Z' });

/** The body of `POST /sandbox/test-clocks` for `create(input)`; a `TesseraValidationError` naming the field otherwise. */
export function createBodyOf(input: TestClockCreate = {}): TestClockCreateRequest {
  if (typeof input !== 'object' || input === null) throw new TesseraValidationError([{ field: '', code: 'invalid_type', message: 'must be an object: { frozenTime?, name? }' }]);
  const frozenTime = input.frozenTime === undefined ? undefined : isoOf(input.frozenTime);
  if (input.frozenTime !== undefined && frozenTime === undefined) throw new TesseraValidationError([invalidTime('frozenTime')]);
  return parseOrThrow(testClockCreateRequest, { ...input, ...(frozenTime === undefined ? {} : { frozenTime }) }) ?? {};
}

/**
 * The body of `POST /sandbox/test-clocks/{id}/advance` for `advance(id, move)`; a `TesseraValidationError` naming
 * `to` or `by` otherwise.
 */
export function advanceBodyOf(move: TestClockMove): TestClockAdvanceRequest {
  const given = (typeof move === 'object' && move !== null ? move : {}) as { to?: TestClockTime; by?: number | string };
  if ((given.to === undefined) === (given.by === undefined)) {
    throw new TesseraValidationError([{ field: 'to', code: 'required', message: 'or by is required, not both: { to: a time } or { by: a duration such as 31d, or milliseconds }' }]);
  }
  if (given.to !== undefined) {
    const frozenTime = isoOf(given.to);
    if (frozenTime === undefined) throw new TesseraValidationError([invalidTime('to')]);
    return renamed(testClockAdvanceRequest, { frozenTime }, { frozenTime: 'to' });
  }
  const ms = typeof given.by === 'string' ? durationMs(given.by) : given.by;
  if (ms === undefined) throw new TesseraValidationError([{ field: 'by', code: 'invalid_duration', message: 'must be a duration such as 90s, 31d or 1d12h (units ms, s, m, h, d, w), or milliseconds' }]);
  return renamed(testClockAdvanceRequest, { ms }, { ms: 'by' });
}

/** The global clock's `POST /sandbox/clock/advance` body for `advance(by)`; a `TesseraValidationError` on `by` otherwise. */
export function globalAdvanceBodyOf(by: number | SandboxDuration): output<typeof globalAdvanceRequest> {
  const ms = typeof by === 'string' ? durationMs(by) : by;
  if (ms === undefined) throw new TesseraValidationError([{ field: 'by', code: 'invalid_duration', message: 'must be a duration such as 90s, 31d or 1d12h (units ms, s, m, h, d, w), or milliseconds' }]);
  return renamed(globalAdvanceRequest, { ms }, { ms: 'by' });
}

/** Parses `body` with `schema`, naming each bad field as the helper's caller wrote it (`names`). */
function renamed<S extends core.$ZodType>(schema: S, body: unknown, names: Readonly<Record<string, string>>): output<S> {
  const result = z.safeParse(schema, body, { reportInput: true });
  if (result.success) return result.data;
  throw new TesseraValidationError(toFieldErrors(result.error.issues).map((error) => ({ ...error, field: names[error.field] ?? error.field })));
}
