import { routes, API_PREFIX } from '@tessera/core/internal';
import { TesseraValidationError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { useHttpSandbox } from '../../test/use-sandbox.js';
import type { SandboxServer } from '../server.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { connectSandbox } from './connect.js';
import { SandboxControlError } from '../errors/control-error.js';

// The fault rules of a sandbox running behind HTTP, added, listed and cleared from outside it: the route
// (`/sandbox/faults`, secret key) and `connectSandbox().faults`.
let server: SandboxServer;
useHttpSandbox({ port: 0 }, (started) => ({ server } = started));

const retrieve = (id: string) => fetch(`${server.url}${API_PREFIX}${routes.retrievePayment.path.replace('{id}', id)}`, { headers: { authorization: `Bearer ${server.sandbox.apiKey}` } });

describe('faults of a running sandbox', () => {
  it('adds a rule that fires on its route, lists it and what fired, removes it, clears the rest', async () => {
    const remote = connectSandbox(server.url);
    await remote.faults.clear();
    const rule = await remote.faults.add({ route: 'retrievePayment', kind: 'server_error', status: 502, times: 1 });
    expect(rule).toEqual({ id: expect.any(Number), route: 'retrievePayment', kind: 'server_error', status: 502, times: 1 });
    expect(server.sandbox.faults.rules()).toEqual([rule]);
    expect((await retrieve('pay_none')).status).toBe(502);
    // Once only: the next read reaches the operation (a 404 for this id).
    expect((await retrieve('pay_none')).status).toBe(404);
    const listed = await remote.faults.list();
    expect(listed.fired).toEqual([{ route: 'retrievePayment', kind: 'server_error' }]);
    expect(listed.rules).toEqual([rule]);
    await remote.faults.remove(rule.id);
    expect(server.sandbox.faults.rules()).toEqual([]);
    await remote.faults.add({ kind: 'rate_limit', retryAfterSeconds: 3 });
    await remote.faults.add({ route: 'processPayment', kind: 'drop_after_commit' });
    expect((await retrieve('pay_none')).headers.get('retry-after')).toBe('3');
    expect(await remote.faults.clear()).toBe(2);
    expect(await remote.faults.list()).toEqual({ rules: [], fired: [] });
    expect((await retrieve('pay_none')).status).toBe(404);
  });

  it('refuses a bad rule before sending, naming each field; the route refuses it with a 400 naming them too', async () => {
    const remote = connectSandbox(server.url);
    const bad = { route: 'procesPayment', kind: 'explode', probability: 2 } as never;
    const error = await remote.faults.add(bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map(({ field }) => field).sort()).toEqual(['kind', 'probability', 'route']);
    const answer = await fetch(`${server.url}${sandboxRoutes.addFaultRule}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'server_error', status: 404, extra: 1 }),
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { code: string; fields: { field: string }[] } };
    expect(body.error.code).toBe('validation_error');
    expect(body.error.fields.map(({ field }) => field).sort()).toEqual(['extra', 'status']);
    expect(server.sandbox.faults.rules()).toEqual([]);
    await expect(remote.faults.remove(0)).rejects.toThrow(TesseraValidationError);
    // An id no rule has: the sandbox's 404, typed.
    await expect(remote.faults.remove(999)).rejects.toMatchObject({ name: 'TesseraSandboxControlError', status: 404, code: 'not_found' });
  });

  it('takes the secret key only, and says what to do when it is wrong or nothing answers', async () => {
    const wrong = connectSandbox(server.url, { apiKey: 'sk_test_wrong' });
    const refused = await wrong.faults.list().catch((caught: unknown) => caught);
    expect(SandboxControlError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 401, message: expect.stringContaining('apiKey') });
    expect(JSON.stringify(refused)).not.toContain('sk_test_wrong');
    const nobody = connectSandbox('http://127.0.0.1:9', { timeoutMs: 2000 });
    await expect(nobody.faults.list()).rejects.toMatchObject({ name: 'TesseraConnectionError', message: expect.stringContaining('tessera-sandbox') });
    for (const baseUrl of ['localhost:4010', 'ftp://localhost', 'http://localhost:4010/api', '']) {
      expect(() => connectSandbox(baseUrl), baseUrl).toThrow(TesseraValidationError);
    }
  });
});
