import type * as NodeFs from 'node:fs';
import type * as NodePath from 'node:path';
import type { Collection } from './collection.js';
import { RecordMap } from './record-map.js';
import { collections, type SandboxState } from './state.js';

/**
 * The sandbox's data file: its whole state in SQLite (`node:sqlite`, Node.js 22.13 or later, unflagged), written
 * through after each request. The in-memory collections stay the source of truth; the file follows them:
 *
 * - `meta(key, value)`: the format mark, the schema version, the event id tag, the clock, the seeded defaults;
 * - `records(collection, id, json)`: one row per record of a by-id collection (payments, customers, endpoints…);
 * - `list_items(collection, position, json)`: one row per entry of a list (ledger, events, deliveries), in order;
 * - `sequences(prefix, value)`: the last number of each id sequence (`pay`, `evt`, `req`…).
 *
 * What requests changed is written in one transaction per turn of the event loop, before their answers are sent
 * (every request answered in that turn, whole: the handlers change the state synchronously): the records they read
 * or wrote by id (each compared with what the file holds, so a read writes nothing), the entries appended to the
 * lists, the sequences that passed their reserved block. A process killed mid-write leaves the file as of the last
 * whole turn: never a payment without its ledger entries. An answer received is on file. WAL journal; the connection holds SQLite's exclusive lock for as long as it is open, so a second sandbox
 * on the same file is refused (the operating system drops the lock when the process dies, even on `kill -9`).
 */

/** The oldest Node.js whose `node:sqlite` needs no flag: only the data file needs it. */
export const MINIMUM_NODE_VERSION_FOR_DATA_FILE = '22.13.0';

const FORMAT = 'tessera-sandbox';
/** How many numbers of a sequence are reserved at once (see `sequenceMoved`). */
const SEQUENCE_BLOCK = 1000;
const SCHEMA_VERSION = 1;

/** Why a data file cannot be used; the message names the file and the way out. */
export type SandboxDataFileProblem = 'corrupt' | 'foreign' | 'newer' | 'locked' | 'unsupported_runtime';

/** A data file the sandbox cannot use: corrupt, someone else's, in use by another sandbox. The file is left as it was. */
export class SandboxDataFileError extends Error {
  override readonly name = 'SandboxDataFileError';
  constructor(
    readonly problem: SandboxDataFileProblem,
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// The subset of node:sqlite the sandbox uses (typed here: it is loaded with process.getBuiltinModule, so that the
// in-memory sandbox, in a browser or on Node.js 22.12, never loads it).
interface Statement {
  run(...values: (string | number | null)[]): unknown;
  get(...values: (string | number | null)[]): Record<string, unknown> | undefined;
  all(...values: (string | number | null)[]): Record<string, unknown>[];
}
interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}
interface SqliteModule {
  DatabaseSync: new (path: string, options?: { timeout?: number }) => Database;
}

const WAY_OUT = 'Start the sandbox with --reset to replace it with an empty one (its data is lost), or with --data <file> to use another file (in code: createSandbox({ dataFile, resetData: true }) or another dataFile).';

const builtin = <T>(name: string): T | undefined => {
  const runtime = globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } };
  try {
    return runtime.process?.getBuiltinModule?.(name) as T | undefined;
  } catch {
    return undefined;
  }
};

interface WarningProcess {
  emitWarning(warning: string | Error, ...rest: unknown[]): void;
}

/**
 * Loads node:sqlite without the ExperimentalWarning Node.js 22 prints on its first load (on every start of the CLI,
 * for a module the sandbox chose and checks): only that warning is held back, only during this load; any other is
 * emitted as it would be.
 */
function loadSqliteQuietly(): SqliteModule | undefined {
  const runtime = (globalThis as { process?: Partial<WarningProcess> }).process;
  const emitWarning = runtime?.emitWarning;
  if (runtime === undefined || emitWarning === undefined) return builtin<SqliteModule>('node:sqlite');
  runtime.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]): void {
    if (!isSqliteExperimentalWarning(warning, rest)) emitWarning.call(this, warning, ...rest);
  };
  try {
    return builtin<SqliteModule>('node:sqlite');
  } finally {
    runtime.emitWarning = emitWarning;
  }
}

/** Node.js's warning for node:sqlite (`emitWarning('SQLite is an experimental feature…', 'ExperimentalWarning')`). */
function isSqliteExperimentalWarning(warning: string | Error, rest: unknown[]): boolean {
  const message = typeof warning === 'string' ? warning : warning.message;
  const options = rest[0];
  const type = typeof options === 'string' ? options : typeof warning === 'string' ? (options as { type?: unknown } | undefined)?.type : warning.name;
  return type === 'ExperimentalWarning' && /^SQLite\b/.test(message);
}

function loadSqlite(file: string): SqliteModule {
  const runtime = globalThis as { process?: { versions?: { node?: string } } };
  const sqlite = loadSqliteQuietly();
  if (sqlite?.DatabaseSync === undefined) {
    throw new SandboxDataFileError(
      'unsupported_runtime',
      file,
      `Keeping the sandbox's data in a file (${file}) needs node:sqlite, unflagged from Node.js ${MINIMUM_NODE_VERSION_FOR_DATA_FILE}; ` +
        `this is Node.js ${runtime.process?.versions?.node ?? 'unknown'}. Install Node.js 22.13 or later, or run in memory (--in-memory; createSandbox() without dataFile).`,
    );
  }
  return sqlite;
}

const errcodeOf = (error: unknown): number | undefined => (error as { errcode?: unknown }).errcode as number | undefined;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

function lockedError(file: string, cause: unknown): SandboxDataFileError {
  return new SandboxDataFileError(
    'locked',
    file,
    `Another sandbox is using the data file ${file} (SQLite's lock on it is held). Stop that one first, or start this one with --data <another file> or --in-memory.`,
    { cause },
  );
}

/** Maps an error met while opening or reading the file to the problem it stands for. */
function openError(file: string, error: unknown): SandboxDataFileError {
  if (error instanceof SandboxDataFileError) return error;
  const code = errcodeOf(error);
  if (code === SQLITE_BUSY || code === SQLITE_LOCKED) return lockedError(file, error);
  const reason = error instanceof Error ? error.message : String(error);
  return new SandboxDataFileError('corrupt', file, `The sandbox cannot read its data file ${file} (${reason}); it was left as it was. ${WAY_OUT}`, { cause: error });
}

/**
 * Opens the file with the exclusive lock taken; throws {@link SandboxDataFileError} when another process holds it.
 * The write lock is taken at once (`BEGIN EXCLUSIVE`, kept after the commit in exclusive locking mode): a read alone
 * takes a shared lock on a file not yet in WAL mode, so two sandboxes started at the same instant on a new file
 * both read, then both failed to switch it to WAL, and both refused with neither running.
 */
function openLocked(sqlite: SqliteModule, file: string): Database {
  const db = new sqlite.DatabaseSync(file, { timeout: 0 });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    // Fails on a file that is not SQLite.
    db.prepare('SELECT count(*) AS n FROM sqlite_master').get();
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    throw openError(file, error);
  }
}

/**
 * Empties a data file (`--reset`): deletes it and its WAL, unless another sandbox holds it (then refused). A corrupt
 * or foreign file is deleted too: that is what `--reset` is for.
 */
export function resetDataFile(file: string): void {
  const sqlite = loadSqlite(file);
  const fs = builtin<typeof NodeFs>('node:fs')!;
  if (fs.existsSync(file)) {
    try {
      openLocked(sqlite, file).close();
    } catch (error) {
      if (error instanceof SandboxDataFileError && error.problem === 'locked') throw error;
      // Not a database: deleted below.
    }
  }
  for (const companion of ['', ...SIBLINGS]) fs.rmSync(`${file}${companion}`, { force: true });
}

/** The data file's companions SQLite may create beside it. */
const SIBLINGS = ['-wal', '-shm', '-journal'] as const;
/** The folder the CLI keeps its data file in by default (`.tessera-sandbox/sandbox.db`): the sandbox's own. */
const OWN_FOLDER = '.tessera-sandbox';

/**
 * Creates what is missing readable by its owner only, before SQLite opens the file: a folder made for it 0700, a new
 * file 0600 (SQLite gives its WAL and journal files the database file's mode). What exists is not touched here: it
 * may be refused, and a refused file is left as it was (see {@link tightenModes}).
 */
function createOwnerOnly(fs: typeof NodeFs, path: typeof NodePath, file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
}

/**
 * Once a file is known to be a sandbox data file (or a new one): it and its companions are set to 0600, and the
 * sandbox's own `.tessera-sandbox` folder to 0700 (any other folder is left as it is: it may be the project's). What
 * it holds is payments and customers, never a card number or CVC, but the data file of a project folder is not the
 * other users' of the machine to read.
 */
function tightenModes(fs: typeof NodeFs, path: typeof NodePath, file: string): void {
  const folder = path.dirname(path.resolve(file));
  if (path.basename(folder) === OWN_FOLDER) fs.chmodSync(folder, 0o700);
  for (const companion of ['', ...SIBLINGS]) {
    if (companion === '' || fs.existsSync(`${file}${companion}`)) fs.chmodSync(`${file}${companion}`, 0o600);
  }
}

/** A by-id collection that notes which records a request reached (read, written, deleted) or whether it went through all. */
class TrackedMap<V> extends RecordMap<V> {
  touched = new Set<string>();
  scanned = false;
  constructor(private readonly onTouch: () => void) {
    super();
  }
  /** Fills it from the file, noting nothing. */
  load(key: string, value: V): void {
    super.set(key, value);
  }
  raw(key: string): V | undefined {
    return super.get(key);
  }
  rawKeys(): IterableIterator<string> {
    return super.keys();
  }
  override get(key: string): V | undefined {
    const value = super.get(key);
    // A record read may be changed in place: compared with the file at the end of the request.
    if (value !== undefined) this.touch(key);
    return value;
  }
  override set(key: string, value: V): this {
    super.set(key, value);
    this.touch(key);
    return this;
  }
  override delete(key: string): boolean {
    this.touch(key);
    return super.delete(key);
  }
  override clear(): void {
    this.scan();
    super.clear();
  }
  override values(): MapIterator<V> {
    this.scan();
    return super.values();
  }
  override entries(): MapIterator<[string, V]> {
    this.scan();
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[string, V]> {
    this.scan();
    return super.entries();
  }
  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    this.scan();
    super.forEach(callback, thisArg);
  }
  private touch(key: string): void {
    if (this.touched.size === 0) this.onTouch();
    this.touched.add(key);
  }
  private scan(): void {
    this.scanned = true;
    this.onTouch();
  }
}

/** The clock as the file keeps it: a real clock as its distance from real time, a frozen one as its time. */
export type StoredClock = { mode: 'real'; offsetMs: number } | { mode: 'frozen'; atMs: number };

/** What a data file holds besides the collections. */
export interface StoredMeta {
  /** The tag of this sandbox's event ids, made once per data file. */
  idTag: string;
  clock: StoredClock;
  defaults: unknown;
}

/** An open data file and the state it follows. */
export interface SandboxStorage {
  readonly file: string;
  /** The state, filled from the file (empty collections for a new file); its collections note what changes. */
  readonly state: SandboxState;
  /** The id sequences as the file holds them. */
  readonly sequences: Map<string, number>;
  /** What the file holds besides the collections; `undefined` for a new file. */
  readonly meta: StoredMeta | undefined;
  /** How many records the file held when opened, all collections together. */
  readonly loadedRecords: number;
  /** Notes a sequence that moved. */
  sequenceMoved(prefix: string, value: number): void;
  /** Notes a list entry changed in place (a webhook delivery's attempts). */
  listItemChanged(collection: string, item: object): void;
  /** Notes new meta values (written with the next commit). */
  setMeta(meta: Partial<StoredMeta>): void;
  /** Writes what changed since the last commit, in one transaction. */
  commit(): void;
  /**
   * Commits at the end of this turn of the event loop (one transaction for every request of the turn); resolves after,
   * with `false` when the write failed (logged; what changed stays to be written by the next commit).
   */
  commitSoon(): Promise<boolean>;
  /**
   * Commits, then copies the WAL into the file and empties it (`wal_checkpoint(TRUNCATE)`): what was deleted is
   * overwritten (`secure_delete`) in the file itself at once, not at the next automatic checkpoint, which may be
   * 40 MB of writes away. Used after an older file's card data is cleaned.
   */
  scrub(): void;
  /** Commits, then closes the file (releasing its lock). Idempotent. */
  close(): void;
}

interface ListTracking {
  name: string;
  items: unknown[];
  written: number;
  positions: WeakMap<object, number>;
  changed: Set<object>;
}

/**
 * Opens (or creates) a data file and loads the state it holds. Refuses a file that is not a sandbox data file
 * (corrupt, foreign, from a newer sandbox) or is held by another sandbox, leaving it as it was.
 */
export function openSandboxStorage(file: string): SandboxStorage {
  const sqlite = loadSqlite(file);
  const fs = builtin<typeof NodeFs>('node:fs')!;
  const path = builtin<typeof NodePath>('node:path')!;
  try {
    createOwnerOnly(fs, path, file);
  } catch (error) {
    throw openError(file, error);
  }
  const db = openLocked(sqlite, file);
  let closed = false;
  try {
    const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => String(row.name)));
    if (tables.size > 0) {
      const format = tables.has('meta') ? db.prepare("SELECT value FROM meta WHERE key = 'format'").get()?.value : undefined;
      if (format !== FORMAT) {
        throw new SandboxDataFileError('foreign', file, `${file} is an SQLite database, but not a Tessera sandbox data file; it was left as it was. ${WAY_OUT}`);
      }
      const version = Number(db.prepare("SELECT value FROM meta WHERE key = 'schema'").get()?.value);
      if (!(version <= SCHEMA_VERSION)) {
        throw new SandboxDataFileError('newer', file, `${file} was written by a newer @tessera/sandbox (data schema ${version}; this one reads ${SCHEMA_VERSION}); it was left as it was. Upgrade @tessera/sandbox, or ${WAY_OUT}`);
      }
    }
    // Only now, on a new file or one of ours, is anything written.
    tightenModes(fs, path, file);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    // What is deleted or replaced is overwritten, not left in free pages: an older sandbox's kept request bodies
    // (card numbers among them, see forgetOlderCardData) are gone from the file once dropped (and checkpointed: scrub).
    db.exec('PRAGMA secure_delete = ON');
    // A checkpoint (WAL copied into the file, with an fsync) every 10,000 pages (40 MB) rather than 1,000: at 1,000,
    // one every few hundred payments stalled the event loop (POST on a file 0.55× in memory, p99 68 ms; now 0.9×).
    db.exec('PRAGMA wal_autocheckpoint = 10000');
    db.exec('BEGIN EXCLUSIVE');
    db.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS records (collection TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS list_items (collection TEXT NOT NULL, position INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (collection, position)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS sequences (prefix TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
      INSERT OR IGNORE INTO meta (key, value) VALUES ('format', '${FORMAT}'), ('schema', '${SCHEMA_VERSION}');`);
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    throw openError(file, error);
  }

  let pending = false;
  let scheduled: Promise<boolean> | undefined;
  const maps: { name: string; map: TrackedMap<unknown>; files: Map<string, string> }[] = [];
  const lists: ListTracking[] = [];
  const dirtySequences = new Map<string, number>();
  const dirtyMeta = new Map<string, string>();
  // The highest number of each sequence the file allows (see sequenceMoved).
  const reserved = new Map<string, number>();
  // One commit per turn of the event loop (setImmediate: after the poll phase has run every request that arrived):
  // the requests answered in that turn share it, whole (their handlers change the state synchronously), and their
  // answers wait for it. Changes outside a request (a delivery's attempts, clock.advance in code) ride on it too.
  const commitSoon = (): Promise<boolean> => {
    scheduled ??= new Promise<boolean>((resolve) => {
      setImmediate(() => {
        scheduled = undefined;
        try {
          storage.commit();
          resolve(true);
        } catch (error) {
          console.error(`@tessera/sandbox: writing ${file} failed: ${error instanceof Error ? error.message : String(error)}`);
          resolve(false);
        }
      });
    });
    return scheduled;
  };
  const onTouch = (): void => {
    pending = true;
    if (scheduled === undefined && !closed) void commitSoon();
  };

  const state: Record<string, unknown> = {};
  const sequences = new Map<string, number>();
  let meta: StoredMeta | undefined;
  let loadedRecords = 0;
  try {
    const recordsOf = db.prepare('SELECT id, json FROM records WHERE collection = ?');
    const itemsOf = db.prepare('SELECT json FROM list_items WHERE collection = ? ORDER BY position');
    for (const declaration of collections as readonly Collection[]) {
      if (declaration.kind === 'byId') {
        const map = new TrackedMap<unknown>(onTouch);
        const files = new Map<string, string>();
        for (const row of recordsOf.all(declaration.name)) {
          const id = String(row.id);
          const json = String(row.json);
          map.load(id, JSON.parse(json));
          files.set(id, json);
        }
        loadedRecords += map.size;
        maps.push({ name: declaration.name, map, files });
        state[declaration.name] = map;
      } else {
        const items: unknown[] = [];
        const positions = new WeakMap<object, number>();
        for (const row of itemsOf.all(declaration.name)) {
          const item: unknown = JSON.parse(String(row.json));
          if (typeof item === 'object' && item !== null) positions.set(item, items.length);
          items.push(item);
        }
        loadedRecords += items.length;
        lists.push({ name: declaration.name, items, written: items.length, positions, changed: new Set() });
        state[declaration.name] = items;
      }
    }
    for (const row of db.prepare('SELECT prefix, value FROM sequences').all()) {
      sequences.set(String(row.prefix), Number(row.value));
      reserved.set(String(row.prefix), Number(row.value));
    }
    const metaRows = new Map(db.prepare('SELECT key, value FROM meta').all().map((row) => [String(row.key), String(row.value)]));
    const idTag = metaRows.get('idTag');
    if (idTag !== undefined) {
      meta = { idTag, clock: JSON.parse(metaRows.get('clock') ?? 'null') as StoredClock, defaults: JSON.parse(metaRows.get('defaults') ?? 'null') };
    }
  } catch (error) {
    db.close();
    throw openError(file, error);
  }

  const upsertRecord = db.prepare('INSERT INTO records (collection, id, json) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET json = excluded.json');
  const deleteRecord = db.prepare('DELETE FROM records WHERE collection = ? AND id = ?');
  const upsertItem = db.prepare('INSERT INTO list_items (collection, position, json) VALUES (?, ?, ?) ON CONFLICT (collection, position) DO UPDATE SET json = excluded.json');
  const clearList = db.prepare('DELETE FROM list_items WHERE collection = ?');
  const upsertSequence = db.prepare('INSERT INTO sequences (prefix, value) VALUES (?, ?) ON CONFLICT (prefix) DO UPDATE SET value = excluded.value');
  const upsertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');

  // What a commit changes in the bookkeeping (what the file holds, what is left to write) is applied only once its
  // transaction is committed: a failed write leaves everything to be written by the next commit.
  type Applied = () => void;

  function writeMap({ name, map, files }: (typeof maps)[number], applied: Applied[]): void {
    if (!map.scanned && map.touched.size === 0) return;
    const keys = map.scanned ? new Set([...map.rawKeys(), ...files.keys()]) : map.touched;
    const written: [string, string | undefined][] = [];
    for (const key of keys) {
      const value = map.raw(key);
      if (value === undefined) {
        if (!files.has(key)) continue;
        deleteRecord.run(name, key);
        written.push([key, undefined]);
        continue;
      }
      const json = JSON.stringify(value);
      if (files.get(key) === json) continue;
      upsertRecord.run(name, key, json);
      written.push([key, json]);
    }
    applied.push(() => {
      for (const [key, json] of written) {
        if (json === undefined) files.delete(key);
        else files.set(key, json);
      }
      map.touched = new Set();
      map.scanned = false;
    });
  }

  function writeList(list: ListTracking, applied: Applied[]): void {
    const { name, items, positions } = list;
    // Shortened (nothing does today): written again from the start.
    const from = items.length < list.written ? 0 : list.written;
    if (from === 0 && list.written > 0) clearList.run(name);
    for (const item of list.changed) {
      const position = positions.get(item);
      if (position !== undefined && position < from && items[position] === item) upsertItem.run(name, position, JSON.stringify(item));
    }
    for (let position = from; position < items.length; position++) {
      const item = items[position];
      upsertItem.run(name, position, JSON.stringify(item));
      if (typeof item === 'object' && item !== null) positions.set(item, position);
    }
    const length = items.length;
    applied.push(() => {
      list.changed.clear();
      list.written = length;
    });
  }

  const storage: SandboxStorage = {
    file,
    state: state as SandboxState,
    sequences,
    meta,
    loadedRecords,
    sequenceMoved(prefix, value) {
      // Numbers are reserved in blocks: the file holds the end of the block, written once per block rather than once
      // per id, at once, in a transaction of its own (an id may leave before its request's commit: a webhook's event
      // id). A clean close writes the exact values; after a crash the sequence resumes past the block (a gap, never
      // an id handed out twice).
      if (value <= (reserved.get(prefix) ?? 0) || closed) return;
      reserved.set(prefix, value + SEQUENCE_BLOCK);
      upsertSequence.run(prefix, value + SEQUENCE_BLOCK);
    },
    listItemChanged(collection, item) {
      lists.find((list) => list.name === collection)?.changed.add(item);
      onTouch();
    },
    setMeta(values) {
      for (const [key, value] of Object.entries(values)) dirtyMeta.set(key, key === 'idTag' ? String(value) : JSON.stringify(value));
      onTouch();
    },
    commit() {
      if (!pending || closed) return;
      const applied: Applied[] = [];
      db.exec('BEGIN');
      try {
        for (const map of maps) writeMap(map, applied);
        for (const list of lists) writeList(list, applied);
        for (const [prefix, value] of dirtySequences) upsertSequence.run(prefix, value);
        for (const [key, value] of dirtyMeta) upsertMeta.run(key, value);
        db.exec('COMMIT');
      } catch (error) {
        try {
          db.exec('ROLLBACK');
        } catch {
          // SQLite already rolled the transaction back (a full disk, an I/O error).
        }
        // Still pending: the next commit writes all of it.
        throw error;
      }
      // No request ran in between (all of this is synchronous): what was written is what is now on file.
      pending = false;
      dirtySequences.clear();
      dirtyMeta.clear();
      for (const apply of applied) apply();
    },
    commitSoon,
    scrub() {
      storage.commit();
      if (!closed) db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    },
    close() {
      if (closed) return;
      try {
        for (const [prefix, value] of sequences) dirtySequences.set(prefix, value);
        pending = true;
        storage.commit();
      } finally {
        closed = true;
        db.close();
      }
    },
  };
  return storage;
}
