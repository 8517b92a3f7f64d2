import { operations, type Operation, type OperationName } from '@tessera/core/internal';
import published from '@tessera/test-support/vendor-examples.json' with { type: 'json' };
import * as z from 'zod/mini';
import type { RequestOptions, Tessera } from '../src/index.js';
import { clientMethods } from './client-methods.js';
import { operationCases, sampleIds, type Ids, type OperationCase, type PublishedOperationName } from './operation-cases.js';

// The test row of an operation the vendor publishes with an example request and answer, derived from that example:
// the client call that sends the operation alone, made with the published request (its ids replaced by the row's),
// what it must send (the request as the catalog's schema checks it, which must hold every field of the published one
// as published), the published answer as the reply, and what the call returns for it (read here as the catalog says,
// independently of the client). Such an operation needs no
// hand-written row in operation-cases.ts; it may still have one, which then wins.

/** The published examples, by operation. */
const examples: Readonly<Record<string, { request?: unknown; response?: unknown }>> = published;

/**
 * The ids the published examples use, by the kind of record they name: each is replaced by the row's own (`sampleIds`
 * against msw, a sandbox's records against the sandbox), as is any string under a key of `Ids` (`storeId`, even when
 * the page shows a placeholder such as `<string>`). A new kind of record a published request names is added here, to
 * `Ids`, to `sampleIds` and to `sandboxIds`.
 */
export const publishedIds: { readonly [K in keyof Ids]?: readonly string[] } = {
  storeId: ['store_123'],
  customerId: ['cus_123'],
  promotionId: ['promo_123'],
  promotionCodeId: ['pc_123'],
  funnelId: ['funnelv2_123'],
};

/** `value` with every published id, and every string under a key of `Ids`, replaced by the same kind's in `ids`. */
function withIds(value: unknown, ids: Ids): unknown {
  if (typeof value === 'string') {
    const kind = (Object.keys(publishedIds) as Array<keyof Ids>).find((key) => publishedIds[key]?.includes(value));
    return kind === undefined ? value : ids[kind];
  }
  if (Array.isArray(value)) return value.map((item) => withIds(item, ids));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === 'string' && key in ids ? ids[key as keyof Ids] : withIds(item, ids)]));
  }
  return value;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the call returns for `reply`, read as the catalog documents `operation`'s answer. */
function documentedReading(operation: Operation, reply: unknown): unknown {
  const wrapped = operation.unwrap.map((key) => (isRecord(reply) ? reply[key] : undefined));
  if (operation.answer === 'list') {
    if (Array.isArray(reply)) return reply;
    return [reply, ...wrapped].map((candidate, index) => (index === 0 && isRecord(candidate) ? candidate.data : candidate)).find(Array.isArray) ?? [];
  }
  const resource = wrapped.find(isRecord) ?? reply;
  if (operation.answer !== 'recognised') return resource;
  const nested = Object.fromEntries(Object.keys(operation.nested ?? {}).map((key) => [key, undefined]));
  return { [operation.outcomeKey]: z.safeParse(operation.response, resource).success ? resource : undefined, ...nested, raw: reply };
}

/** What each client call sends, read once from the resource classes' sources. */
let clientCalls: Map<string, Set<OperationName>> | undefined;

/** The client call (`resource.method`) that sends `name` and nothing else; a test fails when none does. */
function soleCall(name: OperationName): [string, string] {
  clientCalls ??= clientMethods();
  const calls = [...clientCalls].filter(([, sent]) => sent.size === 1 && sent.has(name)).map(([call]) => call);
  if (calls.length === 0) throw new Error(`No client method sends ${name} alone: add one to its resource class (CONTRIBUTING.md, "Adding an API operation").`);
  return calls[0]!.split('.') as [string, string];
}

/** The row of `name` derived from its published example. */
export function publishedCase(name: PublishedOperationName): OperationCase {
  const operation: Operation = operations[name];
  const { request, response } = examples[name] as { request: Record<string, unknown>; response: unknown };
  const [resource, method] = soleCall(name);
  const input = (ids: Ids): unknown => withIds(request, ids);
  if (operation.request === undefined || operation.sendAs === 'query') throw new Error(`${name} is sent without a body: give it a row in operation-cases.ts`);
  // What the client sends for the sample ids: the input as the catalog's schema checks it, as JSON.
  const checked = JSON.parse(JSON.stringify(z.parse(operation.request, input(sampleIds)))) as Record<string, unknown>;
  return {
    call: (client: Tessera, ids: Ids, options?: RequestOptions) => {
      const calls = (client as unknown as Record<string, Record<string, (input: unknown, options?: RequestOptions) => PromiseLike<unknown>>>)[resource]!;
      return calls[method]!.call(calls, input(ids), options);
    },
    method: operation.method as OperationCase['method'],
    path: operation.path.replace('{id}', String(checked[operation.idField ?? 'id'])),
    body: operation.sendAs === 'body' ? checked : { [operation.sendAs.wrap]: checked },
    reply: response as OperationCase['reply'],
    expected: documentedReading(operation, response),
    sendsPublished: input(sampleIds),
  };
}

/**
 * Every operation's row: its hand-written one in {@link operationCases}, else the one derived from its published
 * example (`published-cases.ts`).
 */
export function allOperationCases(): Record<OperationName, OperationCase> {
  const written: Partial<Record<OperationName, OperationCase>> = operationCases;
  return Object.fromEntries(
    (Object.keys(operations) as OperationName[]).map((name) => [name, written[name] ?? publishedCase(name as PublishedOperationName)]),
  ) as Record<OperationName, OperationCase>;
}
