import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changingGroups, countWalk, groupFor, hasMore, keyChanged, pageOf, positionOfId, positionsWhere, risesWithCreation, valuesOf, walk, walkGroups } from './ordered.js';
import { RecordMap } from './record-map.js';

// The walks and indexes the lists read their pages with, against the obvious reading (copy, filter, reverse, slice)
// over random collections, grown between reads (the indexes catch up) and, for a RecordMap, with removals.

interface Item {
  id: string;
  storeId: string;
  createdAt: string;
  status: string;
}

const item = fc.record({ storeId: fc.constantFrom('s1', 's2', 's3'), at: fc.integer({ min: 0, max: 50 }), status: fc.constantFrom('ok', 'failed') });
const query = fc.record({
  stores: fc.option(fc.array(fc.constantFrom('s1', 's2', 's3', 's4'), { maxLength: 3 }), { nil: undefined }),
  status: fc.option(fc.constantFrom('ok', 'failed'), { nil: undefined }),
  from: fc.constantFrom('newest' as const, 'oldest' as const),
  skip: fc.nat(12),
  count: fc.integer({ min: 1, max: 6 }),
  cursorAt: fc.option(fc.nat(40), { nil: undefined }),
});

function makeItems(specs: { storeId: string; at: number; status: string }[], offset = 0): Item[] {
  return specs.map((spec, index) => ({ id: `r_${offset + index}`, storeId: spec.storeId, createdAt: new Date(Date.UTC(2030, 0, 1, 0, spec.at)).toISOString(), status: spec.status }));
}

/** The page the way the lists read it before: every record copied, filtered, ordered, sliced. */
function naive(all: readonly Item[], q: QueryValue) {
  const matching = all.filter((record) => (q.stores === undefined || q.stores.includes(record.storeId)) && (q.status === undefined || record.status === q.status));
  const ordered = q.from === 'newest' ? [...matching].reverse() : matching;
  const cursorId = q.cursorAt === undefined ? undefined : all[q.cursorAt]?.id;
  const start = cursorId === undefined ? q.skip : ordered.findIndex((record) => record.id === cursorId) + 1;
  return { total: matching.length, page: ordered.slice(start, start + q.count), more: start + q.count < ordered.length, cursorListed: cursorId === undefined || ordered.some((record) => record.id === cursorId) };
}
type QueryValue = { stores: string[] | undefined; status: string | undefined; from: 'newest' | 'oldest'; skip: number; count: number; cursorAt: number | undefined };

/** The same page through the indexes and the walk, as the lists read it now. */
function indexed(records: RecordMap<Item> | readonly Item[], all: readonly Item[], q: QueryValue) {
  const store = groupFor(records, 'storeId', q.stores);
  const byStatus = q.status === undefined ? undefined : (record: Item) => record.status === q.status;
  const byStore = store.several ? (record: Item) => q.stores!.includes(record.storeId) : undefined;
  const matches = byStatus && byStore ? (record: Item) => byStore(record) && byStatus(record) : (byStatus ?? byStore);
  const scope = { positions: store.positions, matches, from: q.from };
  const total = byStatus === undefined ? store.total! : countWalk(records, scope);
  const cursorId = q.cursorAt === undefined ? undefined : all[q.cursorAt]?.id;
  const after = cursorId === undefined ? undefined : positionOfId(records, cursorId);
  const rest = walk(records, { ...scope, after });
  const page = pageOf(rest, cursorId === undefined ? q.skip : 0, q.count);
  return { total, page, more: hasMore(rest) };
}

describe('walks and indexes over the creation order', () => {
  it('read the same pages, totals and next-page answers as copying, filtering and sorting everything (arrays, grown between reads)', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.array(item, { maxLength: 20 }), fc.array(query, { minLength: 1, maxLength: 4 }), (first, later, queries) => {
        const list: Item[] = makeItems(first);
        const check = (): void => {
          for (const q of queries) {
            const expected = naive(list, q);
            if (!expected.cursorListed) continue;
            const got = indexed(list, list, q);
            expect(got.total).toBe(expected.total);
            expect(got.page).toEqual(expected.page);
            if (got.page.length === q.count) expect(got.more).toBe(expected.more);
          }
        };
        check();
        list.push(...makeItems(later, first.length));
        check();
      }),
      { numRuns: 300 },
    );
  });

  it('keep a RecordMap in the Map’s own order through sets, re-sets and removals, and read it the same way', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 40 }), fc.array(fc.nat(39), { maxLength: 5 }), query, (specs, removals, q) => {
        const records = new RecordMap<Item>();
        const items = makeItems(specs);
        for (const record of items) records.set(record.id, record);
        positionsWhere(records, 'storeId', 's1'); // an index built before the removals starts again after them
        for (const index of removals) records.delete(`r_${index}`);
        const first = items[0]!;
        records.set(first.id, first); // back at the end when it was removed, in place when not
        expect(records.order).toEqual([...records.keys()]);
        const all = [...records.values()];
        const expected = naive(all, q);
        if (!expected.cursorListed) return;
        const got = indexed(records, all, q);
        expect(got.total).toBe(expected.total);
        expect(got.page).toEqual(expected.page);
      }),
      { numRuns: 300 },
    );
  });

  it('keep groups by a key that changes (a status) right through changes before and after they are built, and merge them newest first', () => {
    const statusKey = (record: Item): string => `${record.storeId}:${record.status}`;
    const change = fc.record({ at: fc.nat(59), status: fc.constantFrom('ok', 'failed', 'refunded') });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 30 }),
        fc.array(change, { maxLength: 8 }),
        fc.array(item, { maxLength: 30 }),
        fc.array(change, { maxLength: 8 }),
        fc.subarray(['s1:ok', 's1:failed', 's1:refunded', 's2:ok', 's2:failed', 's3:refunded']),
        fc.option(fc.nat(59), { nil: undefined }),
        (first, changesBefore, later, changesAfter, keys, cursorAt) => {
          const records = new RecordMap<Item>();
          const apply = (changes: { at: number; status: string }[]): void => {
            for (const { at, status } of changes) {
              const record = records.get(`r_${at}`);
              if (record === undefined) continue;
              const before = statusKey(record);
              record.status = status;
              keyChanged(records, 'status', record, before, statusKey);
            }
          };
          for (const record of makeItems(first)) records.set(record.id, record);
          apply(changesBefore); // before the grouping exists: it reads the statuses as they are when built
          changingGroups(records, 'status', statusKey);
          for (const record of makeItems(later, first.length)) records.set(record.id, record);
          apply(changesAfter); // some reached by the grouping, some added since
          const groups = changingGroups(records, 'status', statusKey);
          const all = [...records.values()];
          for (const [key, positions] of groups) expect(positions.map((position) => all[position]!.id)).toEqual(all.filter((record) => statusKey(record) === key).map((record) => record.id));
          const wanted = new Set(keys);
          const after = cursorAt === undefined ? undefined : positionOfId(records, `r_${cursorAt}`);
          const selected = keys.map((key) => groups.get(key) ?? []);
          const newest = [...walkGroups(records, selected, 'newest', after)];
          expect(newest).toEqual(all.filter((record, position) => wanted.has(statusKey(record)) && (after === undefined || position < after)).reverse());
          const oldest = [...walkGroups(records, selected, 'oldest', after)];
          expect(oldest).toEqual(all.filter((record, position) => wanted.has(statusKey(record)) && (after === undefined || position > after)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tell whether createdAt rises along the creation order, and list the distinct values in first-seen order', () => {
    const list = makeItems([
      { storeId: 's2', at: 1, status: 'ok' },
      { storeId: 's1', at: 1, status: 'ok' },
      { storeId: 's2', at: 2, status: 'ok' },
    ]);
    expect(risesWithCreation(list, 'createdAt')).toBe(true);
    expect(valuesOf(list, 'storeId')).toEqual(['s2', 's1']);
    list.push(...makeItems([{ storeId: 's3', at: 0, status: 'ok' }], 3));
    expect(risesWithCreation(list, 'createdAt')).toBe(false);
    expect(valuesOf(list, 'storeId')).toEqual(['s2', 's1', 's3']);
  });
});
