import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY } from '../src/index.js';
import { bin, cli, cliEnv, start } from './cli-process.js';

/** Waits (5 s at most) until `read()` matches. */
async function until(read: () => string, pattern: RegExp): Promise<string> {
  for (let round = 0; round < 100; round++) {
    if (pattern.test(read())) return read();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${String(pattern)} in:\n${read()}`);
}

const received: { id: string; type: string; signature: string; raw: string }[] = [];
const hook = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const { id, type } = JSON.parse(raw) as { id: string; type: string };
    received.push({ id, type, signature: String(request.headers['x-tessera-signature']), raw });
    response.writeHead(200).end();
  });
});
let hookUrl: string;
let sandbox: Awaited<ReturnType<typeof start>>;
const secret = `whsec_${'0123456789abcdef'.repeat(2)}`;

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhooks`;
});
// A sandbox per test: the endpoints another test's listen registered never receive this test's events.
beforeEach(async () => {
  sandbox = await start('--port', '0');
});
afterEach(async () => {
  await sandbox.stop();
});
afterAll(async () => {
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

/** Card numbers (13 to 19 digits in a row) and the API key never appear in what the commands print. */
const expectNothingSecret = (text: string): void => {
  expect(text).not.toMatch(/\d{13,19}/);
  expect(text).not.toContain(SANDBOX_API_KEY);
};

describe('tessera-sandbox listen, trigger, resend (built CLI, against a running sandbox)', () => {
  it('listen forwards signed events with the fixed secret and prints each delivery; trigger and resend print the ids', async () => {
    const listener = spawn(process.execPath, [bin, 'listen', '--sandbox', sandbox.url, '--forward-to', hookUrl, '--webhook-secret', secret], { stdio: ['ignore', 'pipe', 'pipe'], env: cliEnv() });
    let out = '';
    listener.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    listener.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await until(() => out, /Ready/);
      expect(out).toContain(`Secret:        ${secret} (fixed)`);
      expect(out).toMatch(/Endpoint: +wh_\S+ \(mode normal\)/);

      const triggered = await cli('trigger', 'payment/refunded', '--sandbox', sandbox.url);
      expect(triggered.code, triggered.stderr).toBe(0);
      expect(triggered.stdout).toMatch(/^Triggered payment\/refunded on store \S+/);
      expect(triggered.stdout).toMatch(/paymentId +pay_/);
      expect(triggered.stdout).toMatch(/refundId +ref_/);
      const refundedId = /(evt_\S+) {2}payment\/refunded/.exec(triggered.stdout)?.[1];
      expect(refundedId).toBeDefined();

      // One line per attempt: time, event id and type, status, attempt, duration.
      await until(() => out, new RegExp(`^\\S+Z {2}${refundedId} {2}payment/refunded {2}-> 200 {2}attempt 1 {2}\\d+ms$`, 'm'));
      const delivered = received.find((entry) => entry.id === refundedId);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivered?.signature ?? '') ?? [];
      expect(createHmac('sha256', secret).update(`${t}.${delivered?.raw}`).digest('hex')).toBe(v1);

      const resent = await cli('resend', refundedId ?? '', '--sandbox', sandbox.url);
      expect(resent.code, resent.stderr).toBe(0);
      expect(resent.stdout).toMatch(new RegExp(`^Resent ${refundedId} to wh_\\S+ \\(${hookUrl}\\)`));
      await until(() => out, /\[resend\]/);
      expect(received.filter((entry) => entry.id === refundedId)).toHaveLength(2);

      expectNothingSecret(out + triggered.stdout + triggered.stderr + resent.stdout);
    } finally {
      const exited = new Promise<number | null>((resolve) => listener.once('exit', resolve));
      listener.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('listen --fail-first shows the counted failures; one mode at most', { timeout: 15_000 }, async () => {
    const listener = spawn(process.execPath, [bin, 'listen', '--sandbox', sandbox.url, '--forward-to', `${hookUrl}/ff`, '--fail-first', '1'], { stdio: ['ignore', 'pipe', 'pipe'], env: cliEnv() });
    let out = '';
    listener.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await until(() => out, /Ready/);
      expect(out).toMatch(/Secret: +whsec_[0-9a-f]{64} \(kept in the data file/);
      await cli('trigger', 'subscription/created', '--sandbox', sandbox.url);
      await until(() => out, /subscription\/created {2}-> 200 \(counted as failed: --fail-first\) {2}attempt 1 .*retrying/);
      await until(() => out, /subscription\/created {2}-> 200 {2}attempt 2 {2}\d+ms$/m);
    } finally {
      listener.kill('SIGTERM');
    }
    const both = await cli('listen', '--forward-to', hookUrl, '--duplicates', '--delay', '5');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give one delivery mode at most');
  });

  it('listen takes the fixed secret from TESSERA_WEBHOOK_SECRET; a malformed one is refused (exit 1)', async () => {
    const fromEnv = `whsec_${'feed'.repeat(6)}`;
    const listener = spawn(process.execPath, [bin, 'listen', '--sandbox', sandbox.url, '--forward-to', `${hookUrl}/env`], { stdio: ['ignore', 'pipe', 'pipe'], env: cliEnv({ TESSERA_WEBHOOK_SECRET: fromEnv }) });
    let out = '';
    listener.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await until(() => out, /Ready/);
      expect(out).toContain(`Secret:        ${fromEnv} (fixed)`);
    } finally {
      listener.kill('SIGTERM');
    }
    const bad = await cli('listen', '--sandbox', sandbox.url, '--forward-to', hookUrl, '--webhook-secret', 'secret');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('secret');
    expect(bad.stderr).not.toContain(SANDBOX_API_KEY);
  });

  it('with a data file, listen finds the same endpoint and secret after a restart; a fixed secret survives --reset', { timeout: 20_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-listen-'));
    const data = join(dir, 'sandbox.db');
    /** Runs `listen` until it is ready, then stops it; what it printed. */
    async function listenOnce(url: string, ...args: string[]): Promise<string> {
      const listener = spawn(process.execPath, [bin, 'listen', '--sandbox', url, '--forward-to', `${hookUrl}/kept`, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: cliEnv() });
      let out = '';
      listener.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise((resolve) => listener.once('exit', resolve));
      try {
        return await until(() => out, /Ready/);
      } finally {
        listener.kill('SIGTERM');
        await exited;
      }
    }
    const secretOf = (out: string): string | undefined => /Secret: +(whsec_\S+)/.exec(out)?.[1];
    try {
      const first = await start('--port', '0', '--data', data);
      const before = secretOf(await listenOnce(first.url));
      expect(await first.stop()).toBe(0);
      const second = await start('--port', '0', '--data', data);
      expect(secretOf(await listenOnce(second.url))).toBe(before);
      expect(await second.stop()).toBe(0);
      const fixed = `whsec_${'c0ffee'.repeat(4)}`;
      const third = await start('--port', '0', '--data', data, '--reset');
      expect(secretOf(await listenOnce(third.url, '--webhook-secret', fixed))).toBe(fixed);
      expect(await third.stop()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listen and trigger default to the gateway store, the one the quick start pays in; every type triggers there', { timeout: 20_000 }, async () => {
    const gatewayStore = /Gateway store: +(store_\S+)/.exec(sandbox.output().stdout)?.[1];
    expect(gatewayStore).toBe('store_000002');
    const listener = spawn(process.execPath, [bin, 'listen', '--sandbox', sandbox.url, '--forward-to', `${hookUrl}/default-store`], { stdio: ['ignore', 'pipe', 'pipe'], env: cliEnv() });
    let out = '';
    listener.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await until(() => out, /Ready/);
      expect(out).toContain(`Forwarding every event of store ${gatewayStore} to ${hookUrl}/default-store`);
      for (const type of ['payment/succeeded', 'payment/declined', 'payment/refunded', 'order/paid', 'subscription/created', 'subscription/renewed']) {
        const triggered = await cli('trigger', type, '--sandbox', sandbox.url);
        expect(triggered.code, triggered.stderr).toBe(0);
        expect(triggered.stdout).toContain(`Triggered ${type} on store ${gatewayStore}`);
        expect(triggered.stdout).toContain(`  ${type}\n`);
      }
      // What trigger fired on the default store reaches what listen registered on it.
      await until(() => out, /payment\/declined {2}-> 200/);
      const other = await cli('trigger', 'payment/succeeded', '--store', 'store_000001', '--sandbox', sandbox.url);
      expect(other.stdout).toContain('Triggered payment/succeeded on store store_000001');
    } finally {
      listener.kill('SIGTERM');
    }
    expect((await cli('--help')).stdout).toContain('default store_000002');
  });

  it("--log leaves out listen's reads of the delivery log, and keeps its other requests and a refused read", { timeout: 15_000 }, async () => {
    const logged = await start('--port', '0', '--log');
    const listener = spawn(process.execPath, [bin, 'listen', '--sandbox', logged.url, '--forward-to', `${hookUrl}/log`], { stdio: ['ignore', 'pipe', 'pipe'], env: cliEnv() });
    let out = '';
    listener.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await until(() => out, /Ready/);
      await cli('trigger', 'payment/succeeded', '--sandbox', logged.url);
      await until(() => out, /payment\/succeeded {2}-> 200/);
      // A second of polling (four reads or more), then a read without the key.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await (await fetch(`${logged.url}/sandbox/webhook-deliveries`)).text();
      await until(() => logged.output().stdout, /GET \/sandbox\/webhook-deliveries 401/);
    } finally {
      listener.kill('SIGTERM');
      await logged.stop();
    }
    const log = logged.output().stdout;
    expect(log).toMatch(/^POST \/sandbox\/webhook-endpoints 201 \d+ms$/m);
    expect(log).toMatch(/^POST \/sandbox\/trigger 201 \d+ms$/m);
    expect(log).not.toMatch(/GET \/sandbox\/webhook-deliveries 200/);
  });

  it('trigger with an unknown type lists the supported ones (exit 2); resend of an unknown event, or no sandbox, is exit 1', async () => {
    const unknown = await cli('trigger', 'payment/exploded', '--sandbox', sandbox.url);
    expect(unknown.code).toBe(2);
    for (const type of ['payment/succeeded', 'payment/declined', 'payment/refunded', 'order/paid', 'subscription/created', 'subscription/renewed']) expect(unknown.stderr).toContain(type);
    expectNothingSecret(unknown.stderr);
    const missing = await cli('resend', 'evt_404', '--sandbox', sandbox.url);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No event with id "evt_404"') });
    // Port 9 (discard) on loopback: nothing listens.
    const nobody = await cli('trigger', 'payment/succeeded', '--sandbox', 'http://127.0.0.1:9');
    expect(nobody).toMatchObject({ code: 1, stderr: expect.stringContaining('No sandbox answers at http://127.0.0.1:9') });
    expect((await cli('listen')).stderr).toContain('listen needs --forward-to <url>');
  });
});
