import {
  operations,
  parseOrThrow,
  resourceId,
  routePath,
  type Operation,
  type OperationInput,
  type OperationName,
  type OperationResource,
} from '@tessera/core/internal';
import type * as z from 'zod/mini';
import type { HttpClient, HttpResult } from '../transport/http-client.js';
import { Page, PagePromise } from '../core/page.js';
import type { RawRequestOptions, RequestOptions } from '../core/request-options.js';
import { TesseraOutcomeUnknownError, type OutcomeUnknownRequest } from '../errors/outcome-unknown-error.js';
import { responseValidationError } from './response-validation-error.js';
import { recogniseList, recogniseNested, recogniseResource, requireResource, type Recognised } from './response-body.js';

type Catalog = typeof operations;

type IdField<N extends OperationName> = Catalog[N] extends { readonly idField: infer F extends string } ? F : 'id';

type OutcomeKey<N extends OperationName> = Catalog[N] extends { readonly outcomeKey: infer K extends string } ? K : never;

/** The other keys of a `recognised` answer returned beside its outcome (`{ refund }`), each maybe `undefined`. */
type NestedOf<N extends OperationName> = Catalog[N] extends { readonly nested: infer M extends Readonly<Record<string, z.ZodMiniType>> }
  ? { readonly [K in keyof M]: z.output<M[K]> | undefined }
  : unknown;

/** What a method passes for operation `N`: the input of its request schema (checked again at runtime), or the path's id. */
export type CallInput<N extends OperationName> = Catalog[N]['request'] extends z.ZodMiniType
  ? z.input<Catalog[N]['request']>
  : { readonly [K in IdField<N>]: string };

/**
 * What operation `N` answers, read as the catalog says: the resource (`required`), the resource recognised with the
 * raw body (`recognised`), or one page of the items recognised (`list`).
 */
export type CallAnswer<N extends OperationName> = Catalog[N]['answer'] extends 'required'
  ? OperationResource<N>
  : Catalog[N]['answer'] extends 'recognised'
    ? Recognised<OutcomeKey<N>, OperationResource<N>> & NestedOf<N>
    : Catalog[N]['answer'] extends 'redirect'
      ? OperationResource<N>
      : Page<OperationResource<N>>;

/** The operations answered with a list. */
export type ListOperationName = { [N in OperationName]: Catalog[N]['answer'] extends 'list' ? N : never }[OperationName];

/**
 * The base of every resource (`tessera.payments`, `tessera.stores`, …): it holds the HTTP client and sends an
 * operation of the catalog by its name. `Served` names the operations the resource's methods send, and the only ones
 * it may send; `../client/served-operations.ts` refuses to compile while an operation of the catalog is served by none. The input is checked with the operation's request schema before anything is
 * sent (errors name the caller's fields), wrapped as the operation sends it, and the answer is read as the
 * operation says (see `answer` in core's `Operation`).
 */
export abstract class Resource<Served extends OperationName> {
  readonly #http: HttpClient;
  /** @internal The operations this resource serves, for `../client/served-operations.ts` (a type only: nothing is stored). */
  declare protected readonly served: Served;

  /** @internal Created by `Tessera`. */
  constructor(http: HttpClient) {
    this.#http = http;
  }

  /**
   * Sends operation `name` and reads its answer. `schema` replaces the catalog's request schema for a narrower
   * input of the same operation (`payments.purchase`): its output must be a request of that operation, and `input`
   * is then typed by what it accepts (so `captureRequest` cannot check a purchase).
   * @internal
   */
  protected async call<N extends Served, I extends CallInput<N> = CallInput<N>>(
    name: N,
    input: NoInfer<I>,
    options?: RequestOptions,
    schema?: z.ZodMiniType<OperationInput<N>, I>,
  ): Promise<CallAnswer<N>> {
    const operation: Operation = operations[name];
    // The catalog's `answer` gives the shape, which the compiler cannot follow from a generic `N`.
    return readAnswer(operation, await this.#send(operation, input, options, schema, name), input) as CallAnswer<N>;
  }

  /**
   * Lists every page of operation `name`, starting at page `first`: `input(page, cursor)` is the input of a page.
   * With `keyset`, the list walks the service's cursor from `keyset.cursor` (the caller's, or none): each later page
   * is asked for with the `nextCursor` of the answer before it, and the walk ends when an answer gives none. Later
   * pages send another input, so they get idempotency keys of their own rather than the caller's.
   * @internal
   */
  protected paginate<N extends Served & ListOperationName>(
    name: N,
    first: number,
    pageSize: number,
    input: (page: number, cursor: string | undefined) => CallInput<N>,
    options?: RequestOptions,
    keyset?: { readonly cursor: string | undefined },
  ): PagePromise<OperationResource<N>> {
    const operation: Operation = operations[name];
    const laterPageOptions: RequestOptions = { ...options };
    delete laterPageOptions.idempotencyKey;
    const fetchPage = async (page: number, cursor: string | undefined, pageOptions: RequestOptions = laterPageOptions): Promise<Page<OperationResource<N>>> => {
      const result = await this.#send(operation, input(page, cursor), pageOptions);
      const { items, total, hasNext, answeredPage, nextCursor } = recogniseList(operation, result.data);
      // A keyset answer's page number is not a position: every request of the walk may carry the same one.
      const position = keyset === undefined ? { answeredPage } : { cursor, nextCursor };
      const info = { page, pageSize, total, hasNext, raw: result.data, operation: name, ...position };
      return new Page(items as OperationResource<N>[], info, (next, nextPageCursor) => fetchPage(next, nextPageCursor));
    };
    return new PagePromise(fetchPage(first, keyset?.cursor, options));
  }

  async #send(operation: Operation, input: unknown, options: RequestOptions = {}, schema = operation.request, name?: OperationName): Promise<HttpResult> {
    // A list changes nothing, though the published lists are POSTs: it is retried as a GET is.
    const mode = { readRedirect: operation.answer === 'redirect', anonymous: operation.auth === 'none', readOnly: operation.answer === 'list' };
    if (schema === undefined) {
      const field = operation.idField ?? 'id';
      const id = parseOrThrow(resourceId, (input as Readonly<Record<string, unknown>>)[field], field);
      return this.#http.send(operation.method, routePath(operation, { id }), options, mode);
    }
    const parsed = parseOrThrow(schema, input);
    const checked = operation.fillFrom === undefined ? parsed : await this.#filled(operation, parsed, options);
    const sent: RawRequestOptions =
      operation.sendAs === 'query'
        ? { query: checked as NonNullable<RawRequestOptions['query']> }
        : { body: operation.sendAs === 'body' ? checked : { [operation.sendAs.wrap]: checked } };
    const sentAt = new Date();
    try {
      return await this.#http.send(operation.method, routePath(operation, pathIdOf(operation, checked)), { ...options, ...sent }, mode);
    } catch (error) {
      // What `payments.reconcile` needs to find what the call did.
      if (name !== undefined && error instanceof TesseraOutcomeUnknownError) {
        const request: OutcomeUnknownRequest = { operation: name, body: checked, sentAt };
        Object.defineProperty(error, 'request', { value: request, enumerable: false, configurable: true });
      }
      throw error;
    }
  }

  /**
   * The checked input with the fields the published API requires and the caller left out, read from another
   * operation's answer (`fillFrom` in the catalog: a capture's amount, currency and store from its authorization).
   * A field that answer lacks stays out; the service then says what it needs.
   */
  async #filled(operation: Operation, checked: unknown, options: RequestOptions): Promise<unknown> {
    const fill = operation.fillFrom;
    if (fill === undefined || typeof checked !== 'object' || checked === null) return checked;
    const body = checked as Record<string, unknown>;
    const missing = fill.fields.filter((field) => body[field] === undefined);
    if (body[fill.when.field] !== fill.when.equals || missing.length === 0) return checked;
    const lookup: Operation = operations[fill.lookup as OperationName];
    const lookupOptions: RequestOptions = options.signal ? { signal: options.signal } : {};
    const found = requireResource(lookup, await this.#http.send(lookup.method, routePath(lookup, { id: String(body[fill.idField]) }), lookupOptions)) as Record<string, unknown>;
    const filled = { ...body };
    for (const field of missing) if (found[field] !== undefined && found[field] !== null) filled[field] = found[field];
    return filled;
  }
}

/**
 * The path's `{id}` of an operation that also takes a request (`POST /funnels/{id}/preview-session`): the checked
 * input's `idField` (`funnelId`), which the body carries too. None for a path without `{id}`.
 */
function pathIdOf(operation: Operation, checked: unknown): Record<string, string> {
  if (!operation.path.includes('{id}')) return {};
  const id = typeof checked === 'object' && checked !== null ? (checked as Record<string, unknown>)[operation.idField ?? 'id'] : undefined;
  return typeof id === 'string' ? { id } : {};
}

/** Reads a 2xx answer (or, for `redirect`, a 3xx) as `operation.answer` says (see {@link CallAnswer}). */
function readAnswer(operation: Operation, result: HttpResult, input: unknown): unknown {
  switch (operation.answer) {
    case 'redirect':
      return readRedirect(operation, result, input);
    case 'required':
      return requireResource(operation, result);
    case 'recognised': {
      const answer: Record<string, unknown> = { [operation.outcomeKey]: recogniseResource(operation, result.data), raw: result.data };
      for (const [key, schema] of Object.entries(operation.nested ?? {})) answer[key] = recogniseNested(schema, result.data, key);
      return answer;
    }
    case 'list': {
      const { items } = recogniseList(operation, result.data);
      return new Page(items, { page: 1, pageSize: items.length, total: items.length, raw: result.data });
    }
  }
}

/** The query parameter the checkout token comes under: the caller's `includeCheckoutToken`, else the published default. */
const DEFAULT_TOKEN_PARAMETER = 'checkoutToken';

/**
 * A `redirect` answer: the `Location` as `redirectUrl` and the token it carries, under the caller's
 * `includeCheckoutToken` name, else `checkoutToken`, else `token` (the name in the published example's URL). A 2xx
 * where a redirect was expected is a response validation error (never retried).
 */
function readRedirect(operation: Operation, result: HttpResult, input: unknown): unknown {
  const location = result.location;
  if (location === undefined) {
    const message = 'is not a redirect with a Location header';
    throw responseValidationError([{ field: 'location', code: 'missing_redirect', message }], {
      status: result.status,
      requestId: result.requestId,
      body: result.redactedData(),
      idempotencyKey: result.idempotencyKey,
    });
  }
  const named = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).includeCheckoutToken : undefined;
  const params = location.searchParams;
  const checkoutToken = params.get(typeof named === 'string' ? named : DEFAULT_TOKEN_PARAMETER) ?? params.get('token') ?? undefined;
  const redirectUrl = location.href;
  return checkoutToken === undefined ? { redirectUrl } : { redirectUrl, checkoutToken };
}
