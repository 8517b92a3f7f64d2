import type { OperationName } from '@tessera/core/internal';
import type { Resource } from '../resources/resource.js';
import type { Tessera } from './tessera.js';

// Adding an operation to core's catalog means a client method that sends it: each resource declares the operations
// it serves (`class Stores extends Resource<'createStore'>`) and may send no other, and this file does not compile
// while an operation of the catalog is served by none of the client's resources (the error names it).

/** The operations a resource declares it serves: the argument of its `Resource<…>`. */
export type ServedOperation<R> = R extends Resource<infer Served> ? Served : never;

/** The operations of core's catalog that no resource of {@link Tessera} serves. */
export type UnservedOperation = Exclude<OperationName, ServedOperation<Tessera[keyof Tessera]>>;

/** Compiles only when {@link UnservedOperation} is empty: `Type '"…"' does not satisfy the constraint 'never'`. */
export type EveryOperationServed = NoneMissing<UnservedOperation>;

type NoneMissing<Missing extends never> = Missing;
