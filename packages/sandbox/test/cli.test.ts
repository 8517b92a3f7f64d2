import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { API_PREFIX, routePath, routes, SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY } from '../src/index.js';
import { bin, start } from './cli-process.js';

const packageVersion = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Runs the CLI to its end (only for arguments that make it exit). */
function runToEnd(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 10_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// The bin runs from dist: `pnpm test` builds every package first, so a missing build is a failure, not a skip.
describe('tessera-sandbox CLI (built)', () => {
  it('is built', () => {
    expect(existsSync(bin), `${bin} is missing: run the build first`).toBe(true);
  });

  it('prints its URL and the test API key, serves the API, and stops on SIGTERM', async () => {
    const cli = await start('--port', '0');
    expect(cli.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(cli.output().stdout).toContain(`API key:       ${SANDBOX_API_KEY}`);
    expect(cli.output().stdout).toContain(SANDBOX_VAULT_KEY);
    expect(cli.output().stderr).toBe('');
    const answer = await fetch(`${cli.url}${API_PREFIX}${routePath(routes.retrievePayment, { id: 'pay_404' })}`, { headers: { authorization: `Bearer ${SANDBOX_API_KEY}` } });
    expect(answer.status).toBe(404);
    expect(await cli.stop()).toBe(0);
  });

  it('--version prints the package version', () => {
    expect(runToEnd('--version')).toMatchObject({ status: 0, stdout: `${packageVersion}\n` });
  });

  it('--help prints the usage with every option', () => {
    const { status, stdout } = runToEnd('--help');
    expect(status).toBe(0);
    for (const option of ['--port', '--host', '--seed', '--log', '--version', '--help']) expect(stdout).toContain(option);
  });

  it('names a bad --port or --seed value, with the usage, exit code 2', () => {
    for (const [args, message] of [
      [['--port', 'abc'], 'Invalid --port "abc": expected an integer from 0 to 65535'],
      [['--port', '70000'], 'Invalid --port "70000"'],
      [['--port', '4.5'], 'Invalid --port "4.5"'],
      [['--seed', '1.5'], 'Invalid --seed "1.5"'],
      [['--seed', 'x'], 'Invalid --seed "x"'],
    ] as const) {
      const { status, stderr, stdout } = runToEnd(...args);
      expect(status, args.join(' ')).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr).toContain('Usage: tessera-sandbox');
      expect(stdout).toBe('');
    }
  });

  it('--port= is an error, not a random port', () => {
    const { status, stderr, stdout } = runToEnd('--port=');
    expect(status).toBe(2);
    expect(stderr).toContain('--port needs a value');
    expect(stdout).not.toContain('listening');
  });

  it('an unknown option prints the usage, exit code 2', () => {
    const { status, stderr } = runToEnd('--prot', '4010');
    expect(status).toBe(2);
    expect(stderr).toContain("Unknown option '--prot'");
    expect(stderr).toContain('Usage: tessera-sandbox');
  });

  it('a port in use suggests --port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const { status, stderr } = runToEnd('--in-memory', '--port', String(port));
      expect(status).toBe(1);
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
    const cli = await start('--port', '0', '--log');
    const headers = { authorization: `Bearer ${SANDBOX_API_KEY}`, 'content-type': 'application/json', 'idempotency-key': 'cli-log-1' };
    await (await fetch(`${cli.url}${API_PREFIX}${routePath(routes.retrievePayment, { id: 'pay_404' })}?expand=x`, { headers })).text();
    const refund = { method: 'POST', headers, body: JSON.stringify({ paymentId: 'pay_404', storeId: 'store_404' }) };
    await (await fetch(`${cli.url}${API_PREFIX}${routePath(routes.refundPayment, {})}`, refund)).text();
    const replay = await fetch(`${cli.url}${API_PREFIX}${routePath(routes.refundPayment, {})}`, refund);
    await replay.text();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await expect.poll(() => cli.output().stdout.split('\n').filter((line) => line.includes('/payments/')).length).toBe(3);
    expect(await cli.stop()).toBe(0);
    const lines = cli.output().stdout.split('\n').filter((line) => line.includes('/payments/'));
    expect(lines[0]).toMatch(new RegExp(`^GET ${API_PREFIX}/payments/pay_404 404 \\d+ms$`));
    expect(lines[1]).toMatch(new RegExp(`^POST ${API_PREFIX}/payments/refund ${replay.status} \\d+ms$`));
    expect(lines[2]).toMatch(new RegExp(`^POST ${API_PREFIX}/payments/refund ${replay.status} \\d+ms \\(idempotent replay\\)$`));
    expect(cli.output().stdout).not.toContain('cli-log-1');
  });
});
