import { RecordMap } from './record-map.js';

/**
 * Reading a collection in creation order from either end, and indexes kept over it, so that a list's page costs its
 * size rather than the collection's (a sandbox used all day holds 100,000 payments). A collection is a
 * {@link RecordMap} (by id) or an array (a list, appended to only); records are made in creation order (ids are
 * sequential), so the newest are at the end.
 *
 * The indexes are built on first use and caught up lazily with the records added since (each read costs the records
 * added since the last one): positions by the value of a field that never changes once a record is made (its store,
 * its customer, its id), and whether a field (`createdAt`) never decreases along the creation order, when a list
 * sorted on it is the creation order itself.
 */
export type Ordered<T> = RecordMap<T> | readonly T[];

const lengthOf = (records: Ordered<unknown>): number => (records instanceof RecordMap ? records.order.length : records.length);
const removalsOf = (records: Ordered<unknown>): number => (records instanceof RecordMap ? records.removals : 0);

/** The record at `position` of the creation order. */
export function recordAt<T>(records: Ordered<T>, position: number): T | undefined {
  if (records instanceof RecordMap) {
    const key = records.order[position];
    return key === undefined ? undefined : records.peek(key);
  }
  return records[position];
}

/** Where to walk: the whole collection, or the positions of a group (ascending), newest or oldest first. */
export interface Walk<T> {
  /** Only these positions (ascending), e.g. {@link positionsWhere}'s; all by default. */
  positions?: readonly number[] | undefined;
  /** Only the records that pass. */
  matches?: ((record: T) => boolean) | undefined;
  /** `newest` (from the end, the default) or `oldest` first. */
  from?: 'newest' | 'oldest';
  /** Start after this position of the collection (a cursor's record), exclusive. */
  after?: number | undefined;
}

/** The records of `records` in the order and with the filter of `walk`, read one by one (stop when the page is full). */
export function* walk<T>(records: Ordered<T>, { positions, matches, from = 'newest', after }: Walk<T>): Generator<T> {
  const newest = from === 'newest';
  const count = positions === undefined ? lengthOf(records) : positions.length;
  let index = newest ? count - 1 : 0;
  if (after !== undefined) {
    // Where `after` is, or would be, among the positions walked (ascending: a binary search).
    const at = positions === undefined ? after : lowerBound(positions, after);
    const exact = positions === undefined || positions[at] === after;
    index = newest ? at - 1 : exact ? at + 1 : at;
  }
  for (; newest ? index >= 0 : index < count; newest ? index-- : index++) {
    const record = recordAt(records, positions === undefined ? index : positions[index]!);
    if (record !== undefined && (matches === undefined || matches(record))) yield record;
  }
}

/** The first index of `sorted` whose value is at least `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Skips `skip` records of `records`, then takes up to `count`; the iterator stays open (not `for…of`, which closes it
 * on `break`), so the caller can ask whether more follow ({@link hasMore}).
 */
export function pageOf<T>(records: Iterator<T>, skip: number, count: number): T[] {
  const page: T[] = [];
  for (let skipped = 0; skipped < skip; skipped++) if (records.next().done === true) return page;
  while (page.length < count) {
    const next = records.next();
    if (next.done === true) break;
    page.push(next.value);
  }
  return page;
}

/** How many records `walk` reaches (a pass over them, without copying or sorting). */
export function countWalk<T>(records: Ordered<T>, options: Walk<T>): number {
  let count = 0;
  const walked = walk(records, options);
  while (walked.next().done !== true) count++;
  return count;
}

/** Whether anything is left in an iterator (it takes one record from it). */
export const hasMore = (records: Iterator<unknown>): boolean => records.next().done !== true;

/** How far an index kept over a collection has read it, and the collection's removals when it was built. */
interface Progress {
  seen: number;
  removals: number;
}

interface Grouping<K = unknown> extends Progress {
  groups: Map<K, number[]>;
}

interface Rising extends Progress {
  rising: boolean;
  last: string | undefined;
}

interface IdIndex extends Progress {
  positions: Map<string, number>;
}

const groupings = new WeakMap<object, Map<string, Grouping>>();
const risings = new WeakMap<object, Map<string, Rising>>();
const idIndexes = new WeakMap<object, Map<string, IdIndex>>();

/**
 * The index `name` of `records` in `cache`: built by `fresh` on first use (again after a removal, or when the
 * collection shrank), then caught up with the records added since it last looked, each given to `read` (`undefined`
 * for a removed one) at the position `index.seen`. `read` answers `false` when it needs no more records: the index is
 * asked again from there next time.
 */
function caughtUp<T, I extends Progress>(cache: WeakMap<object, Map<string, I>>, records: Ordered<T>, name: string, fresh: (progress: Progress) => I, read: (index: I, record: T | undefined) => boolean | void): I {
  let byName = cache.get(records);
  if (byName === undefined) cache.set(records, (byName = new Map<string, I>()));
  let index = byName.get(name);
  const length = lengthOf(records);
  if (index === undefined || index.removals !== removalsOf(records) || index.seen > length) {
    index = fresh({ seen: 0, removals: removalsOf(records) });
    byName.set(name, index);
  }
  for (; index.seen < length; index.seen++) if (read(index, recordAt(records, index.seen)) === false) break;
  return index;
}

/**
 * The positions (ascending) of the records whose field `field` is `value`; the field must never change once a record
 * is made (`storeId`, `customerId`, `id`).
 */
export function positionsWhere<T extends object>(records: Ordered<T>, field: keyof T & string, value: unknown): readonly number[] {
  return positionsBy(records, field, (record) => record[field], value);
}

/**
 * The positions (ascending) of the records whose key (`keyOf`, named `name` for the index; derived from what never
 * changes once a record is made) is `value`.
 */
export function positionsBy<T extends object>(records: Ordered<T>, name: string, keyOf: (record: T) => unknown, value: unknown): readonly number[] {
  return groupingOf(groupings, records, name, keyOf).groups.get(value) ?? [];
}

/** The grouping `name` of `records` in `cache`, by `keyOf`: the positions (ascending) of each key, caught up. */
function groupingOf<T, K>(cache: WeakMap<object, Map<string, Grouping<K>>>, records: Ordered<T>, name: string, keyOf: (record: T) => K): Grouping<K> {
  return caughtUp(cache, records, name, (progress) => ({ ...progress, groups: new Map<K, number[]>() }), (grouping, record) => {
    if (record === undefined) return;
    const key = keyOf(record);
    const group = grouping.groups.get(key);
    if (group === undefined) grouping.groups.set(key, [grouping.seen]);
    else group.push(grouping.seen);
  });
}

/** The distinct values of `field` (one that never changes), in the order they first appear. */
export function valuesOf<T extends object>(records: Ordered<T>, field: keyof T & string): unknown[] {
  positionsWhere(records, field, undefined);
  return [...groupings.get(records)!.get(field)!.groups.keys()];
}

/** The position of the record whose `id` is `id`, or `undefined` (an index built on first use, caught up after). */
export function positionOfId<T extends { id: string }>(records: Ordered<T>, id: string): number | undefined {
  if (records instanceof RecordMap && !records.has(id)) return undefined;
  const index = caughtUp(idIndexes, records, 'id', (progress) => ({ ...progress, positions: new Map<string, number>() }), (ids, record) => {
    // The first record with an id wins, as a search from the start finds it.
    if (record !== undefined && !ids.positions.has(record.id)) ids.positions.set(record.id, ids.seen);
  });
  return index.positions.get(id);
}

/**
 * Whether `field` (a time, set when the record is made) never decreases along the creation order: then the list
 * sorted on it (ties in creation order, reversed whole for `desc`) is the creation order itself, from either end.
 * A clock that went back (a data file's real clock after the system clock moved back) makes it false, and the lists
 * sort as before.
 */
export function risesWithCreation<T extends object>(records: Ordered<T>, field: keyof T & string): boolean {
  const state = caughtUp(risings, records, field, (progress) => ({ ...progress, rising: true, last: undefined }), (rising, record) => {
    // Once it fell, it stays false until the index is built again.
    if (!rising.rising) return false;
    const value = record?.[field];
    if (typeof value !== 'string' || (rising.last !== undefined && value < rising.last)) rising.rising = false;
    else rising.last = value;
  });
  return state.rising;
}

/**
 * The positions a filter on an unchanging field allows, when one group (or none) is enough: `undefined` when the
 * filter is absent (every record); `[]` when it lists nothing. A filter listing several values walks everything
 * with `matches` instead (`several`).
 */
export function groupFor<T extends object>(records: Ordered<T>, field: keyof T & string, values: readonly unknown[] | undefined): { positions?: readonly number[]; total?: number; several: boolean } {
  if (values === undefined) return { total: lengthOf(records), several: false };
  const distinct = [...new Set(values)];
  if (distinct.length === 0) return { positions: [], total: 0, several: false };
  if (distinct.length === 1) {
    const positions = positionsWhere(records, field, distinct[0]);
    return { positions, total: positions.length, several: false };
  }
  return { total: distinct.reduce<number>((sum, value) => sum + positionsWhere(records, field, value).length, 0), several: distinct.length > 0 };
}

const changingGroupings = new WeakMap<object, Map<string, Grouping<string>>>();

/**
 * The positions (ascending) of the records by a key that changes after a record is made (a payment's store, status
 * and subStatus): built on first use, caught up with the records added since, and kept right by {@link keyChanged},
 * which whatever changes the key must call. Named `name` (one grouping per collection and name).
 */
export function changingGroups<T extends { id: string }>(records: Ordered<T>, name: string, keyOf: (record: T) => string): ReadonlyMap<string, readonly number[]> {
  return groupingOf(changingGroupings, records, name, keyOf).groups;
}

/**
 * Moves `record` from the group of `before` to the group of its key now (`keyOf`), in the grouping `name` if one was
 * built; a record it has not reached yet is grouped by its key when it is.
 */
export function keyChanged<T extends { id: string }>(records: Ordered<T>, name: string, record: T, before: string, keyOf: (record: T) => string): void {
  const grouping = changingGroupings.get(records)?.get(name);
  if (grouping === undefined || grouping.removals !== removalsOf(records)) return;
  const after = keyOf(record);
  if (after === before) return;
  const position = positionOfId(records, record.id);
  if (position === undefined || position >= grouping.seen) return;
  const from = grouping.groups.get(before);
  const at = from === undefined ? -1 : lowerBound(from, position);
  if (from !== undefined && from[at] === position) from.splice(at, 1);
  let to = grouping.groups.get(after);
  if (to === undefined) grouping.groups.set(after, (to = []));
  to.splice(lowerBound(to, position), 0, position);
}

/**
 * The records at the positions of several groups (each ascending), merged newest (or oldest) first, after the
 * position `after` (exclusive) when given: a filter that selects several groups, read without looking at what it
 * leaves out.
 */
export function* walkGroups<T>(records: Ordered<T>, groups: readonly (readonly number[])[], from: 'newest' | 'oldest' = 'newest', after?: number): Generator<T> {
  const newest = from === 'newest';
  // Each group's next index: from its end (newest) or its start (oldest), past `after` when given.
  const next = groups.map((group) => {
    if (after === undefined) return newest ? group.length - 1 : 0;
    const at = lowerBound(group, after);
    return newest ? at - 1 : group[at] === after ? at + 1 : at;
  });
  for (;;) {
    let best = -1;
    for (let i = 0; i < groups.length; i++) {
      const index = next[i]!;
      if (index < 0 || index >= groups[i]!.length) continue;
      if (best < 0 || (newest ? groups[i]![index]! > groups[best]![next[best]!]! : groups[i]![index]! < groups[best]![next[best]!]!)) best = i;
    }
    if (best < 0) return;
    const record = recordAt(records, groups[best]![next[best]!]!);
    next[best] = next[best]! + (newest ? -1 : 1);
    if (record !== undefined) yield record;
  }
}
