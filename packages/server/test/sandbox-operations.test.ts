import { operations, type Operation, type OperationName } from '@tessera/core/internal';
import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Tessera, TesseraAuthenticationError } from '../src/index.js';
import { Page } from '../src/internal.js';
import { operationCases, type OperationCase } from './operation-cases.js';
import { sandboxIds } from './sandbox-ids.js';

// Each row of operation-cases.ts, its call made with the sandbox's own records against the sandbox over real HTTP
// (the node:http adapter): the sandbox serves every operation the client sends, in the shape the catalog documents,
// and refuses each without the right key but a public one. A new operation's row is run here with nothing to add.
// Each test has a sandbox of its own, so the records it lists are its own.
let server: SandboxServer;
beforeEach(async () => {
  server = await startSandboxServer({ port: 0 });
});
afterEach(async () => {
  await server.close();
});

/** What a call returned, read by the catalog: the resource, the recognised one, each item of the page, or the redirect. */
function resources(operation: Operation, result: unknown): unknown[] {
  switch (operation.answer) {
    case 'required':
    case 'redirect':
      return [result];
    case 'recognised':
      return [(result as Record<string, unknown>)[operation.outcomeKey]];
    case 'list':
      expect(result).toBeInstanceOf(Page);
      return (result as Page<unknown>).data;
  }
}

const names = Object.keys(operationCases) as OperationName[];

describe('every operation of the catalog, against the sandbox over HTTP', () => {
  it.each(names)('%s: the client’s call is served in its documented shape, and refused with a wrong key', async (name) => {
    const tessera = new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url });
    const ids = await sandboxIds(tessera, server);
    const { call }: OperationCase = operationCases[name];
    const operation: Operation = operations[name];

    const result = await call(tessera, ids);
    const answered = resources(operation, result);
    if (operation.answer === 'list') expect(answered.length, 'the page lists the sandbox’s records').toBeGreaterThan(0);
    for (const resource of answered) expect(z.safeParse(operation.response, resource).error?.issues, name).toBeUndefined();

    const anonymous = new Tessera({ apiKey: 'sk_test_not_this_sandbox', baseUrl: server.url });
    const refused = await Promise.resolve(call(anonymous, ids)).then(() => undefined, (error: unknown) => error);
    if (operation.auth === 'none') expect(refused).toBeUndefined();
    else expect(refused).toBeInstanceOf(TesseraAuthenticationError);
  });
});
