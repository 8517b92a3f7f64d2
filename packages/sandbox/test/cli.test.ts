import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, routePath, routes } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY, SANDBOX_VAULT_KEY } from '../src/index.js';

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

// The bin runs from dist: `pnpm test` builds every package first, so a missing build is a failure, not a skip.
describe('tessera-sandbox CLI (built)', () => {
  it('is built', () => {
    expect(existsSync(bin), `${bin} is missing: run the build first`).toBe(true);
  });

  it('prints its URL and the test API key, serves the API, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [bin, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
        if (match?.[1] && output.includes('Gateway store')) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`CLI exited early with ${String(code)}: ${output}`)));
    });
    expect(output).toContain(`API key:       ${SANDBOX_API_KEY}`);
    expect(output).toContain(SANDBOX_VAULT_KEY);
    const answer = await fetch(`${url}${API_PREFIX}${routePath(routes.retrievePayment, { id: 'pay_404' })}`, { headers: { authorization: `Bearer ${SANDBOX_API_KEY}` } });
    expect(answer.status).toBe(404);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
