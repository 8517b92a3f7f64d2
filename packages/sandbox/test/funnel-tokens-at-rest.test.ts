import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandboxServer } from '../src/index.js';

// A funnel preview session's token and a builder session's token stand for bearer credentials: the sandbox answers
// each once and keeps its digest, never the token, so a data file (and its WAL) holds neither.

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
});
