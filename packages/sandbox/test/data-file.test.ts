import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { routes } from '@tessera/core/internal';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox, SandboxDataFileError, sandboxRoutes, startSandboxServer } from '../src/index.js';
import { bin, start } from './cli-process.js';
import { purchase } from './fixtures.js';
import { client } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-data-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = (): string => join(dir, `sandbox-${++files}.db`);

/** Serves a sandbox over HTTP, runs `use` with a client, then stops it (closing its data file). */
async function withServer<T>(sandbox: Sandbox, use: (c: ReturnType<typeof client>, url: string) => Promise<T>): Promise<T> {
  const server = await startSandboxServer({ sandbox, port: 0, host: '127.0.0.1' });
  try {
    return await use(client(server.url, sandbox), server.url);
  } finally {
    await server.close();
  }
}

/** A payment on a new instrument in the sandbox's first store; resolves with its id. */
async function pay(c: ReturnType<typeof client>, storeId: string): Promise<string> {
  const instrument = await c.instrument(storeId);
  const paid = await c.api(routes.processPayment, { body: purchase(storeId, instrument.id) });
  expect(paid.status).toBe(200);
  return paid.body.payment.id as string;
}

/** Every collection a sandbox shows, as plain data. */
const everything = (sandbox: Sandbox) => Object.fromEntries(Object.entries(sandbox.records).map(([name, view]) => [name, JSON.parse(JSON.stringify(view.list())) as unknown]));

const ledgerOf = (sandbox: Sandbox, paymentId: string) => sandbox.records.ledger.list().filter((entry) => entry.paymentId === paymentId);

/** A local receiver that answers every webhook 200. */
async function receiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`, server };
}

describe('the data file (createSandbox({ dataFile }))', () => {
  it('createSandbox() stays in memory, and two fresh sandboxes never hand out the same event id', async () => {
    const first = createSandbox();
    const second = createSandbox();
    expect(first.dataFile).toBeUndefined();
    for (const sandbox of [first, second]) await withServer(sandbox, async (c) => void (await pay(c, sandbox.defaults.storeId)));
    const ids = (sandbox: Sandbox) => sandbox.records.webhookEvents.list().map((event) => event.id);
    expect(ids(first).length).toBeGreaterThan(0);
    for (const id of [...ids(first), ...ids(second)]) expect(id).toMatch(/^evt_[0-9a-z]{8}_\d{6}$/);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    // The seeded ids users put in their .env files do not move.
    expect(second.defaults.storeId).toBe('store_000001');
  });

  it('keeps the whole state across a restart: records, endpoints and their secrets, sequences, the clock, the defaults', async () => {
    const file = newFile();
    const before = createSandbox({ dataFile: file });
    const hook = await receiver();
    let firstPayment = '';
    let secret = '';
    await withServer(before, async (c) => {
      secret = (await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId: before.defaults.storeId, url: hook.url })).body.endpoint.secret as string;
      firstPayment = await pay(c, before.defaults.storeId);
      await before.webhooksIdle();
    });
    hook.server.close();
    before.clock.advance(86_400_000);
    const clockBefore = before.clock.nowMs();
    const state = everything(before);
    before.close();

    const after = createSandbox({ dataFile: file });
    try {
      expect(after.loadedRecords).toBeGreaterThan(10);
      expect(everything(after)).toEqual(state);
      expect(after.defaults).toEqual(before.defaults);
      expect(after.records.webhookEndpoints.list()[0]?.secret).toBe(secret);
      // A delivery's attempts, written after the request had answered, are kept too.
      expect(after.records.webhookDeliveries.list().map((delivery) => delivery.status)).toContain('delivered');
      // The clock goes on from where it was (a day ahead of real time), not from now.
      expect(after.clock.nowMs()).toBeGreaterThanOrEqual(clockBefore);
      expect(after.clock.nowMs() - Date.now()).toBeGreaterThan(86_000_000);
      const oldEvents = new Set(after.records.webhookEvents.list().map((event) => event.id));
      await withServer(after, async (c) => {
        const next = await pay(c, after.defaults.storeId);
        expect(next).not.toBe(firstPayment);
        expect(next).toBe('pay_000002');
      });
      const newEvents = after.records.webhookEvents.list().filter((event) => !oldEvents.has(event.id));
      expect(newEvents.length).toBeGreaterThan(0);
      // The event ids keep the file's tag and go on counting.
      expect(new Set(after.records.webhookEvents.list().map((event) => event.id.split('_')[1])).size).toBe(1);
    } finally {
      after.close();
    }
  });

  it('refuses a second sandbox on the same file, and opens it once the first is closed', () => {
    const file = newFile();
    const first = createSandbox({ dataFile: file });
    const second = (() => {
      try {
        createSandbox({ dataFile: file });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(second).toBeInstanceOf(SandboxDataFileError);
    expect(second).toMatchObject({ problem: 'locked', file });
    expect((second as Error).message).toContain(`Another sandbox is using the data file ${file}`);
    expect(() => createSandbox({ dataFile: file, resetData: true })).toThrow(/Another sandbox is using/);
    first.close();
    const third = createSandbox({ dataFile: file });
    expect(third.loadedRecords).toBeGreaterThan(0);
    third.close();
  });

  it('refuses a corrupt or foreign file with the way out, and leaves it as it was', () => {
    const corrupt = newFile();
    writeFileSync(corrupt, 'not a database, but someone will miss it\n'.repeat(200));
    const foreign = newFile();
    const other = new DatabaseSync(foreign);
    other.exec("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ada')");
    other.close();
    for (const [file, problem] of [
      [corrupt, 'corrupt'],
      [foreign, 'foreign'],
    ] as const) {
      const bytes = readFileSync(file);
      let error: unknown;
      try {
        createSandbox({ dataFile: file });
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({ name: 'SandboxDataFileError', problem, file });
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).toContain('--reset');
      expect((error as Error).message).toContain('--data <file>');
      expect(readFileSync(file).equals(bytes)).toBe(true);
      expect(existsSync(`${file}-wal`)).toBe(false);
    }
    // --reset (resetData) is the way out: an empty sandbox on the same path.
    const reset = createSandbox({ dataFile: corrupt, resetData: true });
    expect(reset.loadedRecords).toBe(0);
    expect(reset.defaults.storeId).toBe('store_000001');
    reset.close();
  });

  it('on a Node.js without node:sqlite (before 22.13), a data file is refused naming the version; memory still works', () => {
    const getBuiltinModule = process.getBuiltinModule.bind(process);
    const spy = vi.spyOn(process, 'getBuiltinModule').mockImplementation((id: string) => (id === 'node:sqlite' ? undefined : getBuiltinModule(id)));
    try {
      const file = newFile();
      expect(() => createSandbox({ dataFile: file })).toThrow(/needs node:sqlite, unflagged from Node.js 22\.13\.0/);
      expect(existsSync(file)).toBe(false);
      expect(createSandbox().dataFile).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  it('resetData starts empty, with a new event id tag', async () => {
    const file = newFile();
    const first = createSandbox({ dataFile: file });
    await withServer(first, async (c) => void (await pay(c, first.defaults.storeId)));
    const oldTag = first.records.webhookEvents.list()[0]?.id.split('_')[1];
    first.close();
    const reset = createSandbox({ dataFile: file, resetData: true });
    expect(reset.records.payments.count).toBe(0);
    await withServer(reset, async (c) => void (await pay(c, reset.defaults.storeId)));
    expect(reset.records.webhookEvents.list()[0]?.id.split('_')[1]).not.toBe(oldTag);
    reset.close();
  });
});

describe('what a restart keeps besides the records', () => {
  it('an Idempotency-Key retried after a restart gets the stored answer back: one charge, not two; another body is still refused', async () => {
    const file = newFile();
    const before = createSandbox({ dataFile: file });
    const storeId = before.defaults.storeId;
    let body: ReturnType<typeof purchase> | undefined;
    let first: { status: number; body: any; requestId: string | null } | undefined;
    await withServer(before, async (c) => {
      const instrument = await c.instrument(storeId);
      body = purchase(storeId, instrument.id);
      const answer = await c.api(routes.processPayment, { body, headers: { 'idempotency-key': 'order-42' } });
      first = { status: answer.status, body: answer.body, requestId: answer.headers.get('x-request-id') };
    });
    expect(first?.status).toBe(200);
    expect(before.countCharges()).toBe(1);
    before.close();

    const after = createSandbox({ dataFile: file });
    try {
      await withServer(after, async (c) => {
        const retried = await c.api(routes.processPayment, { body, headers: { 'idempotency-key': 'order-42' } });
        expect(retried.status).toBe(200);
        expect(retried.headers.get('idempotent-replayed')).toBe('true');
        expect(retried.body).toEqual(first?.body);
        const other = await c.api(routes.processPayment, { body: { ...body, amount: 999 }, headers: { 'idempotency-key': 'order-42' } });
        expect(other.status).toBe(409);
        expect(other.body.error.code).toBe('idempotency_key_reused');
      });
      expect(after.countCharges()).toBe(1);
      expect(after.records.payments.count).toBe(1);
    } finally {
      after.close();
    }
  });

  it('configured faults are not kept: a restart serves normally (faults are a test\'s setup, made in code each run)', async () => {
    const file = newFile();
    const before = createSandbox({ dataFile: file });
    before.faults.add({ route: 'processPayment', kind: 'server_error' });
    before.close();
    const after = createSandbox({ dataFile: file });
    try {
      expect(after.faults.rules()).toEqual([]);
      await withServer(after, async (c) => void (await pay(c, after.defaults.storeId)));
    } finally {
      after.close();
    }
  });

  it('a delivery still going at shutdown is resumed after the restart: the cut attempt recorded as failed, the next one delivered', async () => {
    const file = newFile();
    const received: (string | undefined)[] = [];
    const hook = createServer((request, response) => {
      received.push(request.headers['x-tessera-event-id'] as string | undefined);
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const address = hook.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
    try {
      // The first run's receiver never answers: its attempt is in flight when the sandbox stops.
      const before = createSandbox({ dataFile: file, webhooks: { fetch: () => new Promise<Response>(() => undefined) } });
      await withServer(before, async (c) => {
        await c.send('POST', sandboxRoutes.addWebhookEndpoint, { storeId: before.defaults.storeId, url });
        await pay(c, before.defaults.storeId);
      });
      await vi.waitFor(() => expect(before.records.webhookDeliveries.list()[0]?.history).toHaveLength(1));
      const pending = before.records.webhookDeliveries.count;
      expect(before.records.webhookDeliveries.list().every((delivery) => delivery.status === 'pending')).toBe(true);
      before.close();

      const after = createSandbox({ dataFile: file });
      try {
        await after.webhooksIdle();
        const deliveries = after.records.webhookDeliveries.list();
        expect(deliveries).toHaveLength(pending);
        for (const delivery of deliveries) {
          expect(delivery.status).toBe('delivered');
          expect(delivery.history.map(({ attempt, status, error, detail }) => ({ attempt, status, error, detail }))).toEqual([
            { attempt: 1, status: null, error: 'connection_error', detail: 'the sandbox stopped during the attempt' },
            { attempt: 2, status: 200, error: undefined, detail: undefined },
          ]);
        }
        expect(received.sort()).toEqual(deliveries.map((delivery) => delivery.eventId).sort());
      } finally {
        after.close();
      }
      // What the resumed attempts did is on file too.
      const reopened = createSandbox({ dataFile: file });
      expect(reopened.records.webhookDeliveries.list().map((delivery) => delivery.status)).toEqual(Array.from({ length: pending }, () => 'delivered'));
      reopened.close();
    } finally {
      hook.close();
    }
  });
});

describe('the CLI on a data file (built)', () => {
  it('prints where the data lives, keeps it, and refuses a second sandbox on the file', async () => {
    const file = newFile();
    const cli = await start('--port', '0', '--data', file);
    expect(cli.output().stdout).toContain(`Data:          ${file} (new, empty; --reset to start empty`);
    const second = spawnSync(process.execPath, [bin, '--port', '0', '--data', file], { encoding: 'utf8', timeout: 10_000 });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Another sandbox is using the data file ${file}`);
    expect(await cli.stop()).toBe(0);
    const again = await start('--port', '0', '--data', file);
    expect(again.output().stdout).toMatch(/records loaded in \d+ ms/);
    expect(await again.stop()).toBe(0);
    const reset = await start('--port', '0', '--data', file, '--reset');
    expect(reset.output().stdout).toContain('(emptied (--reset)');
    expect(await reset.stop()).toBe(0);
  });

  it('--in-memory says so and keeps nothing; it goes with neither --data nor --reset', async () => {
    const cli = await start('--port', '0');
    expect(cli.output().stdout).toContain('Data:          in memory: nothing is kept after exit');
    expect(await cli.stop()).toBe(0);
    const both = spawnSync(process.execPath, [bin, '--in-memory', '--reset'], { encoding: 'utf8', timeout: 10_000 });
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--in-memory keeps no data');
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', timeout: 10_000 });
    expect(help.stdout).toContain('--data <file>');
    expect(help.stdout).toContain('.tessera-sandbox/sandbox.db');
  });

  it('a retried POST with the same Idempotency-Key after the CLI restarted gets the stored answer: one payment, one charge', async () => {
    const file = newFile();
    const shadow = createSandbox(); // only for its keys and client helpers: the requests go to the CLI
    const storeId = 'store_000001';
    const first = await start('--port', '0', '--data', file);
    const c = client(first.url, shadow);
    const instrument = await c.instrument(storeId);
    const body = purchase(storeId, instrument.id);
    const paid = await c.api(routes.processPayment, { body, headers: { 'idempotency-key': 'checkout-7' } });
    expect(paid.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const again = await start('--port', '0', '--data', file);
    try {
      const retried = await client(again.url, shadow).api(routes.processPayment, { body, headers: { 'idempotency-key': 'checkout-7' } });
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(retried.body.payment.id).toBe(paid.body.payment.id);
    } finally {
      expect(await again.stop()).toBe(0);
    }
    const reopened = createSandbox({ dataFile: file });
    expect(reopened.records.payments.count).toBe(1);
    expect(reopened.countCharges()).toBe(1);
    reopened.close();
  });

  it('refuses a corrupt file naming it and the way out, leaving it as it was', () => {
    const file = newFile();
    writeFileSync(file, 'garbage');
    const run = spawnSync(process.execPath, [bin, '--port', '0', '--data', file], { encoding: 'utf8', timeout: 10_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`The sandbox cannot read its data file ${file}`);
    expect(run.stderr).toContain('--reset');
    expect(readFileSync(file, 'utf8')).toBe('garbage');
  });

  it('after kill -9 in the middle of writes, opens a consistent state: every answered payment, each with its ledger, no id twice', async () => {
    const file = newFile();
    const cli = await start('--port', '0', '--data', file);
    const shadow = createSandbox(); // only for its keys and client helpers: the requests go to the CLI
    const c = client(cli.url, shadow);
    const storeId = 'store_000001';
    const instrument = await c.instrument(storeId);
    const answered: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const paid = await c.api(routes.processPayment, { body: purchase(storeId, instrument.id) }).catch(() => undefined);
        if (paid?.status === 200) answered.push(paid.body.payment.id as string);
        else return;
      }
    });
    // Kill once writes are flowing, while some are in flight.
    while (answered.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    await cli.kill();
    stop = true;
    await Promise.all(writers);

    const reopened = createSandbox({ dataFile: file });
    try {
      const payments = reopened.records.payments.list();
      // Every answer the client received is on file (answers wait for their commit).
      for (const id of answered) expect(reopened.records.payments.get(id), id).toBeDefined();
      // No payment without its ledger entries and its event; no ledger entry without its payment.
      for (const payment of payments) {
        expect(ledgerOf(reopened, payment.id).length, payment.id).toBeGreaterThan(0);
        expect(reopened.records.webhookEvents.list().some((event) => (event.data as { id?: string }).id === payment.id)).toBe(true);
      }
      for (const entry of reopened.records.ledger.list()) expect(reopened.records.payments.get(entry.paymentId)).toBeDefined();
      await withServer(reopened, async (again) => {
        const next = await pay(again, storeId);
        expect(payments.map((payment) => payment.id)).not.toContain(next);
      });
      const eventIds = reopened.records.webhookEvents.list().map((event) => event.id);
      expect(new Set(eventIds).size).toBe(eventIds.length);
    } finally {
      reopened.close();
    }
    // The CLI starts on the file it left.
    const restarted = await start('--port', '0', '--data', file);
    expect(restarted.output().stdout).toMatch(/\d+ records loaded/);
    expect(await restarted.stop()).toBe(0);
  });
});
