import { API_PREFIX, operations, type Operation, type OperationName } from '@tessera/core/internal';
import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Tessera, TesseraAuthenticationError, type FetchFunction } from '../src/index.js';
import { Page } from '../src/internal.js';
import type { OperationCase } from './operation-cases.js';
import { allOperationCases } from './published-cases.js';
import { sandboxIds } from './sandbox-ids.js';

// Each row of operation-cases.ts, its call made with the sandbox's own records against the sandbox over real HTTP
// (the node:http adapter): the sandbox serves every operation the client sends, in the shape the catalog documents,
// and refuses each with a wrong key but a public one. A new operation's row is run here with nothing to add.
// Each test has a sandbox of its own, so the records it lists are its own.
let server: SandboxServer;
beforeEach(async () => {
  server = await startSandboxServer({ port: 0 });
});
afterEach(async () => {
  await server.close();
});

/** What the sandbox answered the last request: the path asked for, below the API prefix, and the body, parsed (`undefined` for a redirect). */
interface Exchange {
  path: string;
  body: unknown;
}

/** A fetch that keeps the last {@link Exchange}. */
function recording(): { fetch: FetchFunction; last: () => Exchange } {
  let last: Exchange | undefined;
  const fetchAndKeep: FetchFunction = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    last = { path: new URL(response.url).pathname.slice(API_PREFIX.length), body: text === '' ? undefined : JSON.parse(text) };
    return response;
  };
  return { fetch: fetchAndKeep, last: () => last ?? expect.unreachable('no request was sent') };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items of a list's answer as sent: the answer itself when an array, else the array under `data` or one of `unwrap`. */
function sentItems(operation: Operation, body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const key = ['data', ...operation.unwrap].find((name) => isRecord(body) && Array.isArray(body[name]));
  return key === undefined ? [] : ((body as Record<string, unknown[]>)[key] ?? []);
}

/** The `{id}` the sent path names, where the catalog's path has one and the operation answers that one resource. */
function askedId(operation: Operation, sentPath: string): string | undefined {
  const at = operation.path.split('/').indexOf('{id}');
  if (at < 0 || operation.answer === 'list') return undefined;
  return decodeURIComponent(sentPath.split('/')[at] ?? '');
}

const cases = allOperationCases();
const names = Object.keys(cases) as OperationName[];

describe('every operation of the catalog, against the sandbox over HTTP', () => {
  it.each(names)('%s: the client’s call is served in its documented shape, and refused with a wrong key', async (name) => {
    const recorder = recording();
    const tessera = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url, fetch: recorder.fetch });
    const ids = await sandboxIds(tessera, server);
    const { call }: OperationCase = cases[name];
    const operation: Operation = operations[name];

    const result = await call(tessera, ids);
    const sent = recorder.last();
    if (operation.answer === 'list') {
      // Every item the sandbox sent is of the catalog's schema, and on the page (which leaves out any other).
      expect(result).toBeInstanceOf(Page);
      const items = sentItems(operation, sent.body);
      expect(items.length, 'the page lists the sandbox’s records').toBeGreaterThan(0);
      for (const item of items) expect(z.safeParse(operation.response, item).error?.issues, name).toBeUndefined();
      expect((result as Page<unknown>).data).toHaveLength(items.length);
    } else {
      const resource = operation.answer === 'recognised' ? (result as Record<string, unknown>)[operation.outcomeKey] : result;
      expect(z.safeParse(operation.response, resource).error?.issues, name).toBeUndefined();
      const id = askedId(operation, sent.path);
      // Named `id`, or the request's `idField` where the path's id is a field of the request (a preview session's `funnelId`).
      const named = operation.request !== undefined && operation.idField !== undefined ? operation.idField : 'id';
      if (id !== undefined) expect((resource as Record<string, unknown>)[named], 'the resource the path names').toBe(id);
      // Each other part of the answer the catalog reads (a refund's `refund`, a subscription's first `payment`) is recognised when sent.
      for (const key of Object.keys(operation.nested ?? {})) {
        if (isRecord(sent.body) && sent.body[key] != null) expect((result as Record<string, unknown>)[key], key).toBeDefined();
      }
    }

    const anonymous = new Tessera({ apiKey: 'sk_test_not_this_sandbox', baseUrl: server.url });
    const refused = await Promise.resolve(call(anonymous, ids)).then(() => undefined, (error: unknown) => error);
    if (operation.auth === 'none') expect(refused).toBeUndefined();
    else expect(refused).toBeInstanceOf(TesseraAuthenticationError);
  });
});
