import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as sqlite from 'node:sqlite';
import { routes } from '@tessera/core/internal';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { bin } from './cli-process.js';
import { purchase } from './fixtures.js';
import { client } from './support.js';

// Issue 34, items 1 and 7: the data file's lock, its modes, a failed write, and node:sqlite's ExperimentalWarning.

const dir = mkdtempSync(join(tmpdir(), 'tessera-data-guards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = (): string => join(dir, `data-${++files}`, 'sandbox.db');
const posix = process.platform !== 'win32';

describe('the data file’s lock', () => {
  it('is held for writing from the moment the file is opened: a second sandbox cannot even read a new file', () => {
    const file = newFile();
    const exec = sqlite.DatabaseSync.prototype.exec;
    let secondRead: unknown = 'not tried';
    // The moment two sandboxes started at the same instant both reached: the file opened, not yet in WAL mode.
    const spy = vi.spyOn(sqlite.DatabaseSync.prototype, 'exec').mockImplementation(function (this: sqlite.DatabaseSync, sql: string) {
      if (sql === 'PRAGMA journal_mode = WAL' && secondRead === 'not tried') {
        const second = new sqlite.DatabaseSync(file, { timeout: 0 });
        try {
          second.prepare('SELECT count(*) AS n FROM sqlite_master').get();
          secondRead = 'read';
        } catch (error) {
          secondRead = (error as { errcode?: number }).errcode;
        } finally {
          second.close();
        }
      }
      return exec.call(this, sql);
    });
    try {
      createSandbox({ dataFile: file }).close();
    } finally {
      spy.mockRestore();
    }
    // SQLITE_BUSY: the second one is refused (and would say so), so the first goes on.
    expect(secondRead).toBe(5);
  });

  it('lets exactly one of two CLIs started at the same instant on a new file run; the other says the file is in use', async () => {
    const file = newFile();
    const started = [0, 1].map(() => {
      const child = spawn(process.execPath, [bin, '--data', file, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const outcome = new Promise<string>((resolve) => {
        child.stdout.on('data', () => {
          if (/listening on/.test(output)) resolve('running');
        });
        child.once('exit', (code) => resolve(`exited ${String(code)}`));
        setTimeout(() => resolve('no answer in 15 s'), 15_000).unref();
      });
      return { child, outcome, output: () => output };
    });
    try {
      const outcomes = await Promise.all(started.map((one) => one.outcome));
      expect(outcomes.sort(), started.map((one) => one.output()).join('\n---\n')).toEqual(['exited 1', 'running']);
      const refused = started.find((one) => !one.output().includes('listening on'))!;
      expect(refused.output()).toMatch(/Another sandbox is using the data file/);
    } finally {
      for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);
});

describe('the data file’s modes', () => {
  it.runIf(posix)('makes an existing file, its WAL and the sandbox’s own folder readable by their owner only', () => {
    const folder = join(dir, 'old', '.tessera-sandbox');
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    chmodSync(folder, 0o755);
    const file = join(folder, 'sandbox.db');
    createSandbox({ dataFile: file }).close();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-journal`, '');
    chmodSync(`${file}-journal`, 0o644);
    const sandbox = createSandbox({ dataFile: file });
    try {
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(`${file}-journal`).mode & 0o777).toBe(0o600);
      expect(existsSync(`${file}-wal`)).toBe(true);
      expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    } finally {
      sandbox.close();
    }
  });

  it.runIf(posix)('leaves a folder that is not the sandbox’s own as it is (it may be the project’s)', () => {
    const folder = join(dir, 'project');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    createSandbox({ dataFile: join(folder, 'sandbox.db') }).close();
    expect(statSync(folder).mode & 0o777).toBe(0o755);
    expect(statSync(join(folder, 'sandbox.db')).mode & 0o777).toBe(0o600);
  });

  it.runIf(posix)('leaves a file it refuses, and its folder, exactly as they were (modes included)', () => {
    const folder = join(dir, 'refused', '.tessera-sandbox');
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    chmodSync(folder, 0o755);
    const file = join(folder, 'notes.txt');
    writeFileSync(file, 'not a database, and long enough for SQLite to read a header from it');
    chmodSync(file, 0o644);
    expect(() => createSandbox({ dataFile: file })).toThrow();
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(statSync(folder).mode & 0o777).toBe(0o755);
    expect(readFileSync(file, 'utf8')).toBe('not a database, and long enough for SQLite to read a header from it');
  });
});

describe('what an older sandbox kept', () => {
  it('loses its card data on open, in the file itself at once: raw request bodies become digests, the card routes’ answers are dropped and overwritten, a card number in another answer is masked', () => {
    const file = newFile();
    createSandbox({ dataFile: file }).close();
    // What an earlier version wrote for a key on the vault and on the API: the request body itself as the fingerprint.
    const cardBody = JSON.stringify({ type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '918' } });
    const apiBody = JSON.stringify({ storeId: 'store_000001', amount: 2500 });
    const answer = { status: 201, body: '{"id":"tok"}', headers: {} };
    const db = new sqlite.DatabaseSync(file);
    const insert = db.prepare('INSERT INTO records (collection, id, json) VALUES (?, ?, ?)');
    insert.run('idempotencyAnswers', 'vaultTokenizeCard\nold-key', JSON.stringify({ id: 'vaultTokenizeCard\nold-key', fingerprint: cardBody, response: answer }));
    insert.run('idempotencyAnswers', 'processPayment\nold-key', JSON.stringify({ id: 'processPayment\nold-key', fingerprint: apiBody, response: answer }));
    // A non-card route's answer that echoed a card number (an older 400), beside a 13-digit timestamp that is no card.
    const echoed = { status: 400, body: JSON.stringify({ code: 'validation_error', message: 'Unknown card 5555555555554444', createdAt: 1764350000000 }), headers: {} };
    insert.run('idempotencyAnswers', 'createCustomer\nold-key', JSON.stringify({ id: 'createCustomer\nold-key', fingerprint: 'a'.repeat(64), response: echoed }));
    db.close();
    const bytesOf = (suffix: string): string => (existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`).toString('latin1') : '');
    const reopened = createSandbox({ dataFile: file });
    try {
      // While it runs: the main file itself no longer holds the old pages (checkpointed at once), nor does the WAL.
      for (const suffix of ['', '-wal']) {
        expect(bytesOf(suffix), suffix).not.toContain('4242424242424242');
        expect(bytesOf(suffix), suffix).not.toContain('5555555555554444');
        expect(bytesOf(suffix), suffix).not.toMatch(/cvc\W{0,8}918/);
      }
    } finally {
      reopened.close();
    }
    const bytes = bytesOf('') + bytesOf('-wal');
    expect(bytes).not.toContain('4242424242424242');
    expect(bytes).not.toMatch(/cvc\W{0,8}918/);
    const after = new sqlite.DatabaseSync(file, { readOnly: true });
    const rows = after.prepare("SELECT id, json FROM records WHERE collection = 'idempotencyAnswers' ORDER BY id").all() as { id: string; json: string }[];
    after.close();
    const kept = rows.map((row) => ({ id: row.id, ...(JSON.parse(row.json) as { fingerprint: string; response: { body: string } }) }));
    expect(kept.map(({ id, fingerprint }) => [id, fingerprint])).toEqual([
      ['createCustomer\nold-key', 'a'.repeat(64)],
      ['processPayment\nold-key', expect.stringMatching(/^[0-9a-f]{64}$/)],
    ]);
    // Masked, not dropped: a retry with the key still gets its answer back; the timestamp is left as it was.
    expect(JSON.parse(kept[0]!.response.body)).toEqual({ code: 'validation_error', message: 'Unknown card ****4444', createdAt: 1764350000000 });
  });
});

describe('a failed write', () => {
  it('answers 500 (carried out, outcome unknown) in the route’s format instead of the operation’s answer; the change is written by the next commit, and a retry with the key gets it back', async () => {
    const file = newFile();
    const sandbox = createSandbox({ dataFile: file });
    const server = await startSandboxServer({ port: 0, sandbox });
    const c = client(server.url, sandbox);
    const { storeId } = sandbox.defaults;
    try {
      // A first payment reserves the id blocks the next one uses (written outside the request's transaction).
      expect((await c.api(routes.processPayment, { body: purchase(storeId, (await c.instrument(storeId)).id) })).status).toBe(200);
      const instrument = await c.instrument(storeId);
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const failing = vi.spyOn(sqlite.StatementSync.prototype, 'run').mockImplementation(() => {
        throw Object.assign(new Error('database or disk is full'), { errcode: 13 });
      });
      const headers = { 'idempotency-key': 'written-later' };
      let unwritten;
      let unwrittenVault;
      let logged: unknown[][];
      try {
        unwritten = await c.api(routes.processPayment, { body: purchase(storeId, instrument.id), headers });
        unwrittenVault = await c.vault(sandboxRoutes.vaultTokenizeCard, { type: 'card', data: { number: '4242424242424242', expiration_month: 12, expiration_year: 2034, cvc: '123' } });
      } finally {
        failing.mockRestore();
        logged = [...errors.mock.calls];
        errors.mockRestore();
      }
      // Carried out but not on file: a 500 (outcome unknown to a client), never a 503 (which says nothing was done).
      expect(unwritten.status).toBe(500);
      expect(unwritten.body).toMatchObject({ code: 'data_file_unwritable', message: expect.stringMatching(/carried out.*kept in memory.*written to the file once.*same Idempotency-Key/) });
      expect(unwritten.headers.get('retry-after')).toBe('1');
      // The vault answers its errors as Basis Theory does (problem details), this one too, with its CORS.
      expect(unwrittenVault.status).toBe(500);
      expect(unwrittenVault.body).toMatchObject({ status: 500, title: 'data_file_unwritable', detail: expect.stringContaining('carried out') });
      expect(unwrittenVault.body).not.toHaveProperty('code');
      expect(unwrittenVault.headers.get('access-control-allow-origin')).toBe('*');
      expect(logged).toEqual([[expect.stringContaining('database or disk is full')], [expect.stringContaining('database or disk is full')]]);
      const retried = await c.api(routes.processPayment, { body: purchase(storeId, instrument.id), headers });
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(sandbox.countCharges()).toBe(2);
    } finally {
      await server.close();
      sandbox.close();
    }
    const reopened = createSandbox({ dataFile: file });
    expect(reopened.countCharges()).toBe(2);
    expect(reopened.records.payments.count).toBe(2);
    reopened.close();
  });
});

describe('node:sqlite’s ExperimentalWarning', () => {
  it('is held back while the sandbox loads node:sqlite; any other warning goes through', () => {
    const getBuiltinModule = process.getBuiltinModule.bind(process);
    const emitted = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const load = vi.spyOn(process, 'getBuiltinModule').mockImplementation(((name: string) => {
      // What Node.js 22 does on node:sqlite's first load, beside another warning of the same moment.
      if (name === 'node:sqlite') {
        process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
        process.emitWarning('Something else is deprecated', 'DeprecationWarning');
      }
      return getBuiltinModule(name);
    }));
    let warnings: string[];
    try {
      createSandbox({ dataFile: newFile() }).close();
      // Put back after the load: a warning emitted later is not filtered.
      process.emitWarning('SQLite is an experimental feature, said later', 'ExperimentalWarning');
    } finally {
      warnings = emitted.mock.calls.map((call) => String(call[0]));
      load.mockRestore();
      emitted.mockRestore();
    }
    expect(warnings).toEqual(['Something else is deprecated', 'SQLite is an experimental feature, said later']);
  });

  it('is not printed when the CLI starts on a data file', async () => {
    const child = spawn(process.execPath, [bin, '--data', newFile(), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Data:')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`CLI exited with ${String(code)}: ${stdout}${stderr}`)));
      setTimeout(() => reject(new Error('no start in 15 s')), 15_000).unref();
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(stderr).not.toMatch(/ExperimentalWarning/);
  }, 30_000);
});
