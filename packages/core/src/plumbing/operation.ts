import type * as z from 'zod/mini';

// One operation of the catalog, as a type, and `op`, which declares an entry with its `requires` checked. The entries
// live in their resource modules (`../resources/`), composed into `operations` (`./operations.ts`); this file imports
// no resource, so no import goes round in a circle.

/** An HTTP method: the catalog's operations use `GET` and `POST`; `Tessera.request` may send any of these. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every operation of the catalog has, whatever its answer (see {@link Operation}). */
interface OperationBase {
  readonly method: HttpMethod;
  readonly path: string;
  /**
   * True where the document names the operation but not its path (section 4.10). These paths follow DESIGN.md;
   * when the real path is known, edit the entry's route in its resource module (`op('POST /…', …)`) and nowhere else.
   */
  readonly assumed: boolean;
  /** The caller's input, checked before anything is sent; `undefined` when the path's `{id}` is the only input. */
  readonly request: z.ZodMiniType | undefined;
  /** Where the input goes: the JSON body, the JSON body wrapped in one key (`{ processor }`), or the query. */
  readonly sendAs: 'body' | 'query' | { readonly wrap: string };
  /** The resource in the answer (for a list, one item). */
  readonly response: z.ZodMiniType;
  /** The keys the resource may be wrapped in (`{ payment }`), the documented one first; it may also come bare. */
  readonly unwrap: readonly string[];
  /** `none` for a public route (no API key is sent to it, and the sandbox asks for none). Default `secret`. */
  readonly auth?: 'secret' | 'none';
  /**
   * The fields the SDK relies on in the resource, each a non-empty string (`customer.id` for a nested one), each a
   * path of the `response` schema's fields (checked by the compiler). A `required` answer without them is a response
   * validation error; a `recognised` one that lists them is recognised by them rather than by its schema (a payment
   * with only `id` and `status`). A payment (the `response` is core's `payment`) asking for a 3DS challenge
   * (`requireAction: 'threeds_auth'`) must also carry the challenge data. Default for a `required` answer: `['id']`.
   */
  readonly requires?: readonly string[];
  /**
   * What the caller calls the path's `{id}`, the field a validation error names (default `id`): the only input when
   * `request` is `undefined`, else a field of the request (`funnelId`) that fills the path and stays in the body.
   */
  readonly idField?: string;
  /**
   * Fields the published API requires that the document lets the caller leave out, read before sending from the
   * resource another operation answers: when the checked input's `when.field` is `when.equals` and one of `fields`
   * is missing, the client sends `lookup` with the input's `idField` and copies the missing ones it finds.
   */
  readonly fillFrom?: {
    readonly when: { readonly field: string; readonly equals: string };
    readonly lookup: string;
    readonly idField: string;
    readonly fields: readonly string[];
  };
}

/**
 * An operation whose answer the document shows: the ids the SDK relies on (`requires`) must be there; a 2xx without
 * them is a response validation error, never retried.
 */
interface RequiredOperation extends OperationBase {
  readonly answer: 'required';
  readonly outcomeKey?: never;
  readonly nested?: never;
}

/**
 * An operation whose answer is "not shown": any 2xx is returned with what was recognised (best effort) under
 * `outcomeKey`, and the raw body.
 */
interface RecognisedOperation extends OperationBase {
  readonly answer: 'recognised';
  /** The key the SDK's outcome gives the recognised resource (`{ store, raw }`). */
  readonly outcomeKey: string;
  /**
   * Other keys of the body returned beside the outcome, each recognised by its schema (`undefined` when absent or
   * not recognised), e.g. the `refund` of a refund's answer.
   */
  readonly nested?: Readonly<Record<string, z.ZodMiniType>>;
}

/** An operation answered with a list: the recognised items of one page. */
interface ListOperation extends OperationBase {
  readonly answer: 'list';
  readonly outcomeKey?: never;
  readonly nested?: never;
}

/**
 * An operation answered with a 3xx whose `Location` is read, never followed (`response` describes what the SDK makes
 * of it); any other operation refuses a redirect.
 */
interface RedirectOperation extends OperationBase {
  readonly answer: 'redirect';
  readonly outcomeKey?: never;
  readonly nested?: never;
}

/**
 * One operation of the service, as data: the server client sends it, the sandbox serves it, and both read it from
 * the catalog (`operations`), which composes the entries each resource module declares (`paymentOperations()`, …).
 * A path is relative to `{baseUrl}/api/public/v1`, with `{id}` placeholders. Split by `answer`, how the answer is
 * read: `required`, `recognised` (which must name its `outcomeKey`), `list` or `redirect`.
 */
export type Operation = RequiredOperation | RecognisedOperation | ListOperation | RedirectOperation;

/** The named keys of `T` (not those of an index signature, which a loose object's output has). */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: unknown } & string;

/** The dotted paths of `T`'s fields, three levels deep (`id`, `customer.id`). */
type FieldPath<T, Depth extends readonly unknown[] = []> = Depth['length'] extends 3
  ? never
  : T extends object
    ? { [K in KnownKeys<T>]: K | `${K}.${FieldPath<NonNullable<T[K]>, [...Depth, unknown]>}` }[KnownKeys<T>]
    : never;

/** An operation's method and path as the vendor's pages write it: `'POST /payments/refund'`, `'GET /payments/{id}'`. */
export type OperationRoute = `${HttpMethod} /${string}`;

/** The method of a route. */
type MethodOf<R extends OperationRoute> = R extends `${infer M extends HttpMethod} ${string}` ? M : never;
/** The path of a route. */
type PathOf<R extends OperationRoute> = R extends `${HttpMethod} ${infer P}` ? P : never;

/** The fields an entry may leave out, for {@link op} to fill in. */
type Defaulted = 'assumed' | 'sendAs' | 'unwrap' | 'request';

/**
 * An operation as its resource module writes it after its route: an {@link Operation} without `method` and `path`
 * (the route gives them), whose `assumed` (default `false`), `sendAs` (default: the query for a `GET`, the body
 * otherwise), `unwrap` (default: none, the resource comes bare) and `request` (default `undefined`: the path's `{id}`
 * is the only input) may be left out.
 */
export type OperationEntry = Operation extends infer O
  ? O extends Operation
    ? Omit<O, 'method' | 'path' | Defaulted> & Partial<Pick<O, Defaulted>>
    : never
  : never;

/** The operation a route `R` and an entry `E` declare, the entry's left-out fields at their defaults. */
type WithDefaults<R extends OperationRoute, E extends OperationEntry> = Omit<E, Defaulted> & {
  readonly method: MethodOf<R>;
  readonly path: PathOf<R>;
  readonly assumed: E extends { readonly assumed: infer A } ? A : false;
  readonly sendAs: E extends { readonly sendAs: infer S } ? S : MethodOf<R> extends 'GET' ? 'query' : 'body';
  readonly unwrap: E extends { readonly unwrap: infer U } ? U : readonly [];
  readonly request: E extends { readonly request: infer Q } ? Q : undefined;
};

/** An operation's `requires`, each a field path of what its `response` schema outputs. */
type CheckedRequires<E extends OperationEntry> = E extends { readonly requires: readonly string[] }
  ? { readonly requires: readonly FieldPath<z.output<E['response']>>[] }
  : unknown;

/**
 * One catalog entry, as written in its resource module (`refundPayment: op('POST /payments/refund', { … })`): the
 * operation, its method and path read from `route`, the fields the entry left out at their defaults (see
 * {@link OperationEntry}), after the compiler checked that each of its `requires` is a field path of its `response`
 * schema.
 */
export function op<const R extends OperationRoute, const E extends OperationEntry>(route: R, entry: E & CheckedRequires<E>): WithDefaults<R, E> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as MethodOf<R>;
  const defaults = { assumed: false, sendAs: method === 'GET' ? 'query' : 'body', unwrap: [], request: undefined };
  return { ...defaults, method, path: route.slice(space + 1), ...entry } as unknown as WithDefaults<R, E>;
}

/**
 * How an entry whose answer the document does not show reads it (`answer: 'recognised'`): the resource `response`,
 * bare or wrapped in `{ [key] }` (the documented wrapper) or `{ data }`, returned under `key` beside the raw body
 * (`{ store, raw }`). Spread into the entry: `op('POST /stores/create', { request, ...recognisedAs('store', storeSchema) })`.
 */
export const recognisedAs = <const K extends string, const S extends z.ZodMiniType>(key: K, response: S) =>
  ({ response, unwrap: [key, 'data'], answer: 'recognised', outcomeKey: key }) as const;

/**
 * The catalog entries of one resource module, each declared with {@link op}, returned unchanged and typed as written,
 * so the catalog knows each operation's exact schemas. A module makes them in a function, which only the catalog
 * calls: `export const paymentOperations = () => catalogEntries({ refundPayment: op('POST /payments/refund', { … }) })`.
 */
export const catalogEntries = <const E extends Readonly<Record<string, Operation>>>(entries: E): E => entries;
