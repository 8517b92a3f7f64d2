import type { CollectionValue } from './collection.js';
import { type SandboxCollection, collections, type SandboxState } from './state.js';

/** A read-only list of records, oldest first. */
export interface ListView<T> {
  /** How many there are. */
  readonly count: number;
  /** All of them, oldest first (a copy: changing it changes nothing in the sandbox). */
  list(): readonly Readonly<T>[];
}

/** A read-only view of records by id. */
export interface RecordView<T> extends ListView<T> {
  /** The record with this id, or `undefined`. */
  get(id: string): Readonly<T> | undefined;
}

/** The view of one collection: by id, or a list. */
type ViewOf<V> = V extends Map<string, infer T> ? RecordView<T> : V extends (infer T)[] ? ListView<T> : never;

/**
 * Read-only views of everything the sandbox holds (read them in assertions; change it only through requests): one
 * per collection its module shows, e.g. `records.payments.get(id)`, `records.ledger.list()` (count `charge` and
 * `capture` entries to assert that nothing was charged twice), `records.webhookEndpoints` (with their secrets).
 */
export type SandboxRecords = { readonly [C in SandboxCollection as C['shown'] extends true ? C['name'] : never]: ViewOf<CollectionValue<C>> };

function recordView<T>(records: ReadonlyMap<string, T>): RecordView<T> {
  return {
    get: (id) => records.get(id),
    get count() {
      return records.size;
    },
    list: () => [...records.values()],
  };
}

function listView<T>(records: readonly T[]): ListView<T> {
  return {
    get count() {
      return records.length;
    },
    list: () => [...records],
  };
}

/** The read-only views over a sandbox's state. */
export function recordViews(state: SandboxState): SandboxRecords {
  const holder = { state };
  const views = collections
    .filter((declaration) => declaration.shown)
    .map((declaration) => {
      const value = (declaration.of as (holder: { state: SandboxState }) => Map<string, unknown> | unknown[])(holder);
      return [declaration.name, value instanceof Map ? recordView(value) : listView(value)];
    });
  return Object.fromEntries(views) as SandboxRecords;
}
