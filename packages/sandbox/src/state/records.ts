import type { Collection, CollectionValue, StateOf } from './collection.js';

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

/** Read-only views of these collections: one per collection its module shows (`shown`), by name. */
export type RecordsOf<C extends Collection> = { readonly [K in C as K['shown'] extends true ? K['name'] : never]: ViewOf<CollectionValue<K>> };

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

/** The read-only views over a state of these collections. */
export function recordViews<C extends Collection>(collections: readonly C[], state: StateOf<C>): RecordsOf<C> {
  const holder = { state };
  const views = collections
    .filter((declaration) => declaration.shown)
    .map((declaration) => {
      const value = (declaration.of as (holder: { state: StateOf<C> }) => Map<string, unknown> | unknown[])(holder);
      return [declaration.name, value instanceof Map ? recordView(value) : listView(value)];
    });
  return Object.fromEntries(views) as RecordsOf<C>;
}
