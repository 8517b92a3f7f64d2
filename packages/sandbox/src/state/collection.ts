import { RecordMap } from './record-map.js';

/**
 * One collection of the sandbox's state, declared by the module that owns its records: by id (a {@link RecordMap}: a `Map` that keeps its keys in order) or a list
 * (an array, oldest first), shown in `sandbox.records` or internal. The module reaches it with `of(ctx)`; the
 * package's `sandbox-state.ts` lists the declarations, from which the state ({@link emptyState}), the data file
 * (`persistence.ts`) and the read-only views (`records.ts`) are made, so a collection is named once.
 */
export interface Collection<Name extends string = string, T = unknown, Kind extends 'byId' | 'list' = 'byId' | 'list', Shown extends boolean = boolean> {
  readonly name: Name;
  readonly kind: Kind;
  /** Shown in `sandbox.records` (read-only), or internal to the sandbox. */
  readonly shown: Shown;
  /** This collection in a sandbox's state. */
  of(holder: StateHolder): Kind extends 'byId' ? RecordMap<T> : T[];
}

/** The state as the modules hold it: collections by name, each reached through its own {@link Collection}. */
export interface StateHolder {
  readonly state: Readonly<Record<string, unknown>>;
}

/** What a collection holds in the state: a {@link RecordMap} by id, or an array. */
export type CollectionValue<C extends Collection> = ReturnType<C['of']>;

/** The state these collections make, by collection name. */
export type StateOf<C extends Collection> = { [K in C as K['name']]: CollectionValue<K> };

function collection<Name extends string, T, Kind extends 'byId' | 'list', Shown extends boolean>(name: Name, kind: Kind, shown: Shown): Collection<Name, T, Kind, Shown> {
  return { name, kind, shown, of: (holder) => holder.state[name] as Kind extends 'byId' ? RecordMap<T> : T[] };
}

/** A collection of records by id, shown in `sandbox.records` (`internal` for one that is not). */
export const byId = <T>() => <Name extends string>(name: Name) => collection<Name, T, 'byId', true>(name, 'byId', true);

/** A list of records, oldest first, shown in `sandbox.records`. */
export const listOf = <T>() => <Name extends string>(name: Name) => collection<Name, T, 'list', true>(name, 'list', true);

/** A collection by id that the sandbox keeps for itself (not in `sandbox.records`). */
export const internalById = <T>() => <Name extends string>(name: Name) => collection<Name, T, 'byId', false>(name, 'byId', false);

/** An empty collection of this declaration. */
export function emptyCollection(declaration: Collection): RecordMap<unknown> | unknown[] {
  return declaration.kind === 'byId' ? new RecordMap() : [];
}

/** An empty state of these collections. */
export function emptyState<C extends Collection>(collections: readonly C[]): StateOf<C> {
  return Object.fromEntries(collections.map((declaration) => [declaration.name, emptyCollection(declaration)])) as StateOf<C>;
}
