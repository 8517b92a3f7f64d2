import * as z from 'zod/mini';
import { currencyCode, nonEmptyString, resourceId } from './common.js';

// The `filters` of the published lists. The vendor publishes no list's filter schema (each page's `filters` is an
// object whose children are collapsed); its API introduction gives the common convention, `status: [...]`,
// `currency: [...]` and `date` with the conditions below, its excerpt cut inside the date object. Each list types
// those that apply to its items, the document's `storeIds`, and its own (sources in docs/contracts.md, "List
// filters"). An unknown key is refused before sending, so a typo never widens a list; a filter the SDK does not
// type yet is sent under `unlisted`.

/** The date conditions of the published filter convention (API introduction). */
export const dateConditions = ['is-equal-date', 'is-between-date', 'is-after-date', 'is-before-date'] as const;
/** A date condition of the published filter convention. */
export type DateCondition = (typeof dateConditions)[number];

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A day (`2024-03-20`, the whole day in UTC) or an instant (`2024-03-20T10:30:00Z`) of a date filter.
 * @internal
 */
export const filterDate = z.string().check(
  z.refine((value) => z.safeParse(isoDate, value).success || z.safeParse(isoDateTime, value).success, {
    message: 'must be an ISO 8601 day (2024-03-20) or date-time (2024-03-20T10:30:00Z)',
    params: { code: 'invalid_format' },
  }),
);

/**
 * `filters.date`: on the items' `createdAt`. The `condition` values are published; the fields beside it are not
 * (the published excerpt is cut inside the date object), so `date`, and `from` / `to` for `is-between-date`, are
 * inferred names. If the service names them otherwise, send the object under `filters.unlisted.date` as it wants it.
 */
export const dateFilter = z.discriminatedUnion('condition', [
  z.strictObject({
    condition: z.literal(['is-equal-date', 'is-after-date', 'is-before-date']),
    /** The day or instant compared with (an inferred field name). */
    date: filterDate,
  }),
  z
    .strictObject({
      condition: z.literal('is-between-date'),
      /** The first day or instant (inclusive; an inferred field name). */
      from: filterDate,
      /** The last day or instant (inclusive; an inferred field name). */
      to: filterDate,
    })
    .check(z.refine((range) => range.from.slice(0, 10) <= range.to.slice(0, 10), { message: 'must not be before from', path: ['to'], params: { code: 'invalid_range' } })),
]);
/** `filters.date`: a published date condition on the items' `createdAt`, its value fields inferred. */
export type DateFilter = z.infer<typeof dateFilter>;

/** A list of filter values: at least one, since an empty list would filter nothing out. */
function valueList<const T extends z.ZodMiniType>(item: T) {
  return z.array(item).check(
    z.refine((values) => values.length > 0, { message: 'must list at least one value; leave the filter out to keep every item', params: { code: 'too_small' } }),
  );
}

/**
 * The filters of the published convention, each for the lists whose items carry what it filters on: `status`
 * (statuses to keep), `currency` (ISO 4217 codes), `date` (a condition on `createdAt`), and the document's
 * `storeIds` (section 4.10).
 * @internal
 */
export const commonFilters = {
  /** Only items in one of these statuses (published convention). */
  status: z.optional(valueList(nonEmptyString)),
  /** Only items in one of these currencies (published convention). */
  currency: z.optional(valueList(currencyCode)),
  /** Only items created on, between, after or before these dates (published conditions; value fields inferred). */
  date: z.optional(dateFilter),
  /** Only items of these stores (the interface document, section 4.10). */
  storeIds: z.optional(valueList(resourceId)),
} as const;

/** The edit distance of two names, compared without case (for "did you mean"). */
function distance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * The known name nearest to `name` (a typo, a singular for a plural), when one is near enough to be meant.
 * @internal
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const found = distance(name, candidate);
    if (found < bestDistance) {
      best = candidate;
      bestDistance = found;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/**
 * How an unknown filter's message ends on the SDK's side: where to send a filter the SDK does not type. The sandbox,
 * which sees `unlisted` merged in, ends it with its own words instead.
 * @internal
 */
export const UNLISTED_FILTER_HINT = '; send one the SDK does not type under filters.unlisted';

/**
 * The filters of a list as they go on the wire: the typed ones (`Typed`, without `unlisted`), and the entries given
 * under `unlisted`, merged in as given.
 */
export type WireFilters<Typed> = Omit<Typed, 'unlisted'> & { readonly [filter: string]: unknown };

/**
 * The `filters` of one list: `shape` (the filters it types) and `unlisted`, an object whose entries are sent as
 * given beside them (a filter the service has and the SDK does not type yet). A key that is neither is refused
 * (`unknown_field`, naming the list's filters and the near one), and so is a value of the wrong type, before
 * anything is sent; an `unlisted` entry may not repeat a typed filter the caller also gave.
 * @internal
 */
export function listFilters<const Shape extends z.core.$ZodShape>(list: string, shape: Shape) {
  const typed = z.strictObject({
    ...shape,
    /**
     * Filters the SDK does not type, sent in `filters` exactly as given (for a filter the service adds later, or an
     * inferred one it names otherwise). Nothing is checked here: the service judges them.
     */
    unlisted: z.optional(z.record(nonEmptyString, z.unknown())),
  });
  type Input = z.input<typeof typed>;
  const names = [...Object.keys(shape), 'unlisted'];
  const knownKeysOnly = z.custom<Input>().check(
    z.superRefine((value, ctx) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
      for (const key of Object.keys(value)) {
        if (names.includes(key)) continue;
        const near = nearestName(key, names.slice(0, -1));
        const guess = near === undefined ? '' : `did you mean ${near}? `;
        ctx.issues.push({
          code: 'custom',
          input: undefined,
          path: [key],
          message: `is not a filter of ${list}: ${guess}Its filters are ${names.slice(0, -1).join(', ')}${UNLISTED_FILTER_HINT}`,
          params: { code: 'unknown_field' },
        });
      }
    }),
  );
  const merged = z.pipe(
    typed.check(
      z.superRefine((filters: Readonly<Record<string, unknown>>, ctx) => {
        for (const key of Object.keys((filters.unlisted as Readonly<Record<string, unknown>> | undefined) ?? {})) {
          if (key in filters && key !== 'unlisted') {
            ctx.issues.push({ code: 'custom', input: undefined, path: ['unlisted', key], message: `repeats filters.${key}: give it once`, params: { code: 'conflict' } });
          }
        }
      }),
    ),
    z.transform((filters): WireFilters<z.output<typeof typed>> => {
      const { unlisted, ...typedFilters } = filters as Readonly<Record<string, unknown>>;
      return { ...typedFilters, ...(unlisted as Readonly<Record<string, unknown>> | undefined) } as WireFilters<z.output<typeof typed>>;
    }),
  );
  return z.pipe(knownKeysOnly, merged);
}
