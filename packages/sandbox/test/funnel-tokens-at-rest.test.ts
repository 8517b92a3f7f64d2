import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandboxServer } from '../src/index.js';

// A funnel preview session's token and a builder session's token stand for bearer credentials: the sandbox answers
// each once and keeps its digest, never the token, so a data file (and its WAL) holds neither. With an
// `Idempotency-Key` (Tessera's client always sends one) the answer kept for the key stays in memory only: a retry
// with the key gets the same session back, and the file never holds the token.

type Json = Record<string, any>;
const steps = [{ id: 'step_checkout' }];

describe('the tokens at rest', () => {
  it('a data file keeps neither a preview session’s nor a builder session’s token, only their digests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-funnel-tokens-'));
    const file = join(dir, 'sandbox.db');
    const server = await startSandboxServer({ port: 0, sandboxOptions: { dataFile: file } });
    const tokens: string[] = [];
    try {
      const post = async (path: string, body: unknown) =>
        (await (await fetch(`${server.url}/api/public/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${server.sandbox.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Json;
      const storeId = server.sandbox.defaults.storeId;
      const { funnel: created } = await post('/funnels', { storeId, config: { steps } });
      tokens.push((await post(`/funnels/${created.id}/preview-session`, { storeId, stepId: 'step_checkout' })).token);
      tokens.push((await post('/builder/sessions', { pluginId: 'plg_1', deploymentId: 'dep_1' })).token);
    } finally {
      await server.close();
    }
    const bytes = [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path).toString('latin1')).join('');
    rmSync(dir, { recursive: true, force: true });
    expect(tokens).toHaveLength(2);
    expect(bytes).toContain('tokenDigest');
    for (const token of tokens) expect(bytes).not.toContain(token.slice(4));
  });

  it('with an Idempotency-Key, a retry gets the same session back and the data file still holds neither token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-funnel-tokens-'));
    const file = join(dir, 'sandbox.db');
    const server = await startSandboxServer({ port: 0, sandboxOptions: { dataFile: file } });
    const tokens: string[] = [];
    try {
      const post = async (path: string, body: unknown, key: string) =>
        (await (
          await fetch(`${server.url}/api/public/v1${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${server.sandbox.apiKey}`, 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify(body),
          })
        ).json()) as Json;
      const storeId = server.sandbox.defaults.storeId;
      const { funnel: created } = await post('/funnels', { storeId, config: { steps } }, 'key-funnel');
      const preview = { storeId, stepId: 'step_checkout' };
      const first = await post(`/funnels/${created.id}/preview-session`, preview, 'key-preview');
      expect(await post(`/funnels/${created.id}/preview-session`, preview, 'key-preview')).toEqual(first);
      const builder = await post('/builder/sessions', { pluginId: 'plg_1', deploymentId: 'dep_1' }, 'key-builder');
      expect(await post('/builder/sessions', { pluginId: 'plg_1', deploymentId: 'dep_1' }, 'key-builder')).toEqual(builder);
      tokens.push(first.token, builder.token);
    } finally {
      await server.close();
    }
    const bytes = [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path).toString('latin1')).join('');
    rmSync(dir, { recursive: true, force: true });
    expect(tokens.map((token) => token.slice(0, 4))).toEqual(['fpt_', 'bst_']);
    // The funnel's own answer (no token) is still kept in the file for its key.
    expect(bytes).toContain('key-funnel');
    for (const token of tokens) expect(bytes.includes(token.slice(4)), `${token.slice(0, 4)}… in the data file`).toBe(false);
  });
});
