import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cmsAnonymousSessionPath, SANDBOX_SHOP_STORE_ID, sessionProductsPath } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { startSandboxServer } from '../src/index.js';

// A browser session token is a bearer credential: the sandbox keeps its digest, never the token, so a data file (and
// its WAL) holds nothing that opens a session.
describe('the browser session token at rest', () => {
  it('a data file keeps no session token (only its digest), and the token still opens its session', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-session-token-'));
    const file = join(dir, 'sandbox.db');
    const server = await startSandboxServer({ port: 0, sandboxOptions: { dataFile: file } });
    let token: string | undefined;
    try {
      const post = (path: string, body: unknown, sessionToken?: string) =>
        fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(sessionToken ? { 'x-cms-token': sessionToken } : {}) }, body: JSON.stringify(body) });
      ({ token } = (await (await post(cmsAnonymousSessionPath, { storeId: SANDBOX_SHOP_STORE_ID })).json()) as { token: string });
      expect((await post(sessionProductsPath, { storeId: SANDBOX_SHOP_STORE_ID }, token)).status).toBe(200);
      const edited = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect((await post(sessionProductsPath, { storeId: SANDBOX_SHOP_STORE_ID }, edited)).status).toBe(401);
    } finally {
      await server.close();
    }
    const bytes = [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path).toString('latin1')).join('');
    rmSync(dir, { recursive: true, force: true });
    expect(bytes).toContain('tokenDigest');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]{43}$/);
    expect(bytes).not.toContain(token.split('.')[2]);
  });
});
