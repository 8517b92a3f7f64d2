import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { API_PREFIX, routePath, routes, SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY } from '../src/index.js';
import { bin, cli, start } from './cli-process.js';

const packageVersion = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

// The bin runs from dist: `pnpm test` builds every package first, so a missing build is a failure, not a skip.
describe('tessera-sandbox CLI (built)', () => {
  it('is built', () => {
    expect(existsSync(bin), `${bin} is missing: run the build first`).toBe(true);
  });

  it('prints its URL and the test API key, serves the API, and stops on SIGTERM', async () => {
    const sandbox = await start('--port', '0');
    expect(sandbox.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(sandbox.output().stdout).toContain(`API key:       ${SANDBOX_API_KEY}`);
    expect(sandbox.output().stdout).toContain(SANDBOX_VAULT_KEY);
    expect(sandbox.output().stderr).toBe('');
    const answer = await fetch(`${sandbox.url}${API_PREFIX}${routePath(routes.retrievePayment, { id: 'pay_404' })}`, { headers: { authorization: `Bearer ${SANDBOX_API_KEY}` } });
    expect(answer.status).toBe(404);
    expect(await sandbox.stop()).toBe(0);
  });

  it('--version prints the package version', async () => {
    expect(await cli('--version')).toMatchObject({ code: 0, stdout: `${packageVersion}\n` });
  });

  it('--help prints the usage with every option', async () => {
    const { code, stdout } = await cli('--help');
    expect(code).toBe(0);
    for (const option of ['--port', '--host', '--seed', '--log', '--version', '--help']) expect(stdout).toContain(option);
  });

  it('names a bad --port or --seed value, with the usage, exit code 2', async () => {
    for (const [args, message] of [
      [['--port', 'abc'], 'Invalid --port "abc": expected an integer from 0 to 65535'],
      [['--port', '70000'], 'Invalid --port "70000"'],
      [['--port', '4.5'], 'Invalid --port "4.5"'],
      [['--seed', '1.5'], 'Invalid --seed "1.5"'],
      [['--seed', 'x'], 'Invalid --seed "x"'],
    ] as const) {
      const { code, stderr, stdout } = await cli(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr).toContain('Usage: tessera-sandbox');
      expect(stdout).toBe('');
    }
  });

  it('--port= is an error, not a random port', async () => {
    const { code, stderr, stdout } = await cli('--port=');
    expect(code).toBe(2);
    expect(stderr).toContain('--port needs a value');
    expect(stdout).not.toContain('listening');
  });

  it('an unknown option prints the usage, exit code 2', async () => {
    const { code, stderr } = await cli('--prot', '4010');
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--prot'");
    expect(stderr).toContain('Usage: tessera-sandbox');
  });

  it('a port in use suggests --port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const { code, stderr } = await cli('--in-memory', '--port', String(port));
      expect(code).toBe(1);
      expect(stderr).toContain(`Port ${port} on localhost is already in use`);
      expect(stderr).toContain('--port');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('warns that the well-known key is reachable when bound to a non-loopback host, and not on loopback', async () => {
    const open = await start('--host', '0.0.0.0', '--port', '0');
    expect(await open.stop()).toBe(0);
    expect(open.output().stderr).toContain(`Warning: listening on 0.0.0.0, not loopback: the sandbox's well-known API key (${SANDBOX_API_KEY})`);
    const loopback = await start('--host', '::1', '--port', '0').catch(() => start('--host', 'localhost', '--port', '0'));
    expect(await loopback.stop()).toBe(0);
    expect(loopback.output().stderr).toBe('');
  });

  it('--log prints one line per request: method, path, status, time, idempotent replay', async () => {
    const sandbox = await start('--port', '0', '--log');
    const headers = { authorization: `Bearer ${SANDBOX_API_KEY}`, 'content-type': 'application/json', 'idempotency-key': 'cli-log-1' };
    await (await fetch(`${sandbox.url}${API_PREFIX}${routePath(routes.retrievePayment, { id: 'pay_404' })}?expand=x`, { headers })).text();
    const refund = { method: 'POST', headers, body: JSON.stringify({ paymentId: 'pay_404', storeId: 'store_404' }) };
    await (await fetch(`${sandbox.url}${API_PREFIX}${routePath(routes.refundPayment, {})}`, refund)).text();
    const replay = await fetch(`${sandbox.url}${API_PREFIX}${routePath(routes.refundPayment, {})}`, refund);
    await replay.text();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await expect.poll(() => sandbox.output().stdout.split('\n').filter((line) => line.includes('/payments/')).length).toBe(3);
    expect(await sandbox.stop()).toBe(0);
    const lines = sandbox.output().stdout.split('\n').filter((line) => line.includes('/payments/'));
    expect(lines[0]).toMatch(new RegExp(`^GET ${API_PREFIX}/payments/pay_404 404 \\d+ms$`));
    expect(lines[1]).toMatch(new RegExp(`^POST ${API_PREFIX}/payments/refund ${replay.status} \\d+ms$`));
    expect(lines[2]).toMatch(new RegExp(`^POST ${API_PREFIX}/payments/refund ${replay.status} \\d+ms \\(idempotent replay\\)$`));
    expect(sandbox.output().stdout).not.toContain('cli-log-1');
  });
});
