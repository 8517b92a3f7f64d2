/**
 * The zod/mini functions the sibling packages call at run time (to build their few schemas of their own and to
 * parse with core's), exported by `@tessera/core/internal` as `z`.
 *
 * Why through core: Node's single-file build of core (the `node` condition) carries the zod code it uses inside it,
 * so a Node process that loads `@tessera/server` or `@tessera/sandbox` reads that one file instead of zod's hundred
 * or so modules (cold import). Taking these functions from `zod/mini` directly would load the package again,
 * and build those schemas with another copy of zod than core's. Add a function here before using it. Types come from
 * `zod/mini` directly (`import type`): re-exported through this namespace, the declaration bundle turns them into
 * values.
 */
export {
  boolean,
  custom,
  enum,
  int,
  intersection,
  literal,
  looseObject,
  maxLength,
  maximum,
  minLength,
  minimum,
  number,
  object,
  optional,
  positive,
  record,
  refine,
  regex,
  safeParse,
  strictObject,
  string,
  superRefine,
  union,
  unknown,
  url,
} from 'zod/mini';
