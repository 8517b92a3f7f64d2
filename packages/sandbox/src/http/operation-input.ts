import { archiveProcessorsRequest } from '@tessera/core/schemas';
import { type Operation, type OperationInput, type OperationName, operations, resourceId, z } from '@tessera/core/internal';
import type { core, output, ZodMiniType } from 'zod/mini';
import type { SandboxRequest } from './request.js';
import { validate } from '../wire/validate.js';
import { validationError } from '../errors/http-error.js';

/** The path parameters of an operation: `{ id }` when its path has the `{id}` placeholder, else none. */
export type PathParams<K extends OperationName> = (typeof operations)[K]['path'] extends `${string}{id}${string}` ? { id: string } : Record<never, never>;

/** A body the sandbox accepts for operation `K` instead of the catalog's request: it checks it and gives `K`'s input. */
type LenientBody<K extends OperationName> = (body: unknown) => OperationInput<K>;

/** A {@link LenientBody}: `schema` checks the body (a 400 naming every bad field), `input` takes `K`'s input from it. */
function lenientBody<K extends OperationName, S extends core.$ZodType>(schema: S, input: (parsed: output<S>) => OperationInput<K>): LenientBody<K> {
  return (body) => input(validate(schema, body));
}

/** What the sandbox reads beyond the catalog's request, for the few operations where it is more lenient. */
interface Leniency<K extends OperationName> {
  /** Reads the body instead of the catalog's request. */
  body?: LenientBody<K>;
  /** Query parameters the sandbox fills in when they are absent. */
  queryDefaults?: Record<string, number>;
}

const leniency: { readonly [K in OperationName]?: Leniency<K> } = {
  // The document's input is "array of processor ids" (what the client sends); `{ processorIds }` is accepted too.
  archiveProcessors: {
    body: lenientBody(z.union([archiveProcessorsRequest, z.looseObject({ processorIds: archiveProcessorsRequest })]), (parsed) =>
      Array.isArray(parsed) ? parsed : parsed.processorIds,
    ),
  },
  listOrders: { queryDefaults: { page: 1, per_page: 20 } },
};

const pathParams = z.object({ id: resourceId });

// The wire schema of each operation's body: its request, or the request wrapped in one key (`{ processor }`).
const bodySchemas = new Map<OperationName, ZodMiniType>();
function bodySchema(name: OperationName, request: ZodMiniType): ZodMiniType {
  let schema = bodySchemas.get(name);
  if (!schema) {
    const { sendAs } = operations[name];
    schema = typeof sendAs === 'object' ? z.looseObject({ [sendAs.wrap]: request }) : request;
    bodySchemas.set(name, schema);
  }
  return schema;
}

// A query value is a string; where the request's field is a number, a string of digits is read as that number, and
// where it is an array, a JSON array (`items=[{"variantId":…}]`, as the published checkout init sends) is parsed.
function readQuery(request: ZodMiniType, query: URLSearchParams, defaults: Record<string, number> = {}): Record<string, unknown> {
  const shape = (request._zod.def as { shape?: Record<string, core.$ZodType> }).shape ?? {};
  const values: Record<string, unknown> = {};
  for (const [key, value] of query) {
    if (key in values) continue;
    const type = shape[key]?._zod.def.type;
    values[key] = type === 'number' && /^\d+$/.test(value) ? Number(value) : type === 'array' ? parseJsonArray(value) : value;
  }
  return { ...defaults, ...values };
}

/** A JSON array, or the text as given (the schema then names the field). */
function parseJsonArray(value: string): unknown {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/**
 * The body of an operation whose path's `{id}` is also a field of its request (`idField`: the preview session's
 * `funnelId`, which the published example sends in both): that field is the path's id when the body leaves it out,
 * and a body that names another is a 400 on it.
 */
function withPathId(operation: Operation, request: SandboxRequest): unknown {
  const { body } = request;
  const field = operation.idField;
  if (field === undefined || !operation.path.includes('{id}') || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const id = (request.params as { id?: string }).id;
  const given = (body as Record<string, unknown>)[field];
  if (given === undefined) return { ...body, [field]: id };
  if (given !== id) throw validationError([{ field, code: 'path_mismatch', message: `is not the path's id: send the same ${field} in the path and the body, or leave it out of the body` }]);
  return body;
}

/**
 * Reads and checks an operation's input from the catalog, once, before its handler runs: the path's `{id}`, then
 * the body (unwrapped from `sendAs`) or the query. Throws a 400 naming every bad field.
 */
export function readOperationInput<K extends OperationName>(name: K, request: SandboxRequest): OperationInput<K> {
  const operation = operations[name];
  // The id is checked, not changed: the handler reads it from `request.params` (typed by `PathParams`).
  if (operation.path.includes('{id}')) validate(pathParams, { id: request.params.id });
  const schema = operation.request as ZodMiniType | undefined;
  if (schema === undefined) return undefined as OperationInput<K>;
  const lenient = leniency[name];
  if (operation.sendAs === 'query') return validate(schema, readQuery(schema, request.url.searchParams, lenient?.queryDefaults)) as OperationInput<K>;
  if (lenient?.body) return lenient.body(request.body);
  const parsed = validate(bodySchema(name, schema), withPathId(operation, request));
  const { sendAs } = operation;
  return (typeof sendAs === 'object' ? (parsed as Record<string, unknown>)[sendAs.wrap] : parsed) as OperationInput<K>;
}
