import type * as NodeFs from 'node:fs';
import type * as NodePath from 'node:path';
import type { Collection, StateOf } from './collection.js';
import { SandboxDataFileError, WAY_OUT } from './data-file-error.js';
import { builtin, createOwnerOnly, loadSqlite, openError, openLocked, tightenModes, type Database } from './sqlite-file.js';
import { TrackedMap } from './tracked-map.js';

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

const FORMAT = 'tessera-sandbox';
/** How many numbers of a sequence are reserved at once (see `sequenceMoved`). */
const SEQUENCE_BLOCK = 1000;
const SCHEMA_VERSION = 1;

/** The clock as the file keeps it: a real clock as its distance from real time, a frozen one as its time. */
export type StoredClock = { mode: 'real'; offsetMs: number } | { mode: 'frozen'; atMs: number };

/** What a data file holds besides the collections. */
export interface StoredMeta {
  /** The tag of this sandbox's event ids, made once per data file. */
  idTag: string;
  clock: StoredClock;
  defaults: unknown;
}

/** An open data file and the state it follows (`State`: what its collections make). */
export interface SandboxStorage<State = Readonly<Record<string, unknown>>> {
  readonly file: string;
  /** The state, filled from the file (empty collections for a new file); its collections note what changes. */
  readonly state: State;
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

/** A by-id collection as it follows the file: the map the state holds, and the JSON the file holds of each record. */
interface MapTracking {
  name: string;
  map: TrackedMap<unknown>;
  files: Map<string, string>;
}

/** A list collection as it follows the file: its items, how many are on file, and those changed in place. */
interface ListTracking {
  name: string;
  items: unknown[];
  written: number;
  positions: WeakMap<object, number>;
  changed: Set<object>;
}

/**
 * Opens (or creates) the file with its lock, refuses one that is not ours (or is newer), then sets it up: modes,
 * journal, and the tables. Nothing is written to a file refused.
 */
function openDataFile(file: string): Database {
  const sqlite = loadSqlite(file);
  const fs = builtin<typeof NodeFs>('node:fs')!;
  const path = builtin<typeof NodePath>('node:path')!;
  try {
    createOwnerOnly(fs, path, file);
  } catch (error) {
    throw openError(file, error);
  }
  const db = openLocked(sqlite, file);
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
  return db;
}

/** What {@link loadDataFile} read: the state's collections, tracked, and what the file holds besides. */
interface LoadedFile {
  state: Record<string, unknown>;
  maps: MapTracking[];
  lists: ListTracking[];
  sequences: Map<string, number>;
  meta: StoredMeta | undefined;
  loadedRecords: number;
}

/** Reads every collection, the sequences and the meta values; each by-id map calls `onTouch` when a request reaches it. */
function loadDataFile(db: Database, collections: readonly Collection[], onTouch: () => void): LoadedFile {
  const loaded: LoadedFile = { state: {}, maps: [], lists: [], sequences: new Map(), meta: undefined, loadedRecords: 0 };
  const recordsOf = db.prepare('SELECT id, json FROM records WHERE collection = ?');
  const itemsOf = db.prepare('SELECT json FROM list_items WHERE collection = ? ORDER BY position');
  for (const declaration of collections) {
    if (declaration.kind === 'byId') {
      const map = new TrackedMap<unknown>(onTouch);
      const files = new Map<string, string>();
      for (const row of recordsOf.all(declaration.name)) {
        const id = String(row.id);
        const json = String(row.json);
        map.load(id, JSON.parse(json));
        files.set(id, json);
      }
      loaded.loadedRecords += map.size;
      loaded.maps.push({ name: declaration.name, map, files });
      loaded.state[declaration.name] = map;
    } else {
      const items: unknown[] = [];
      const positions = new WeakMap<object, number>();
      for (const row of itemsOf.all(declaration.name)) {
        const item: unknown = JSON.parse(String(row.json));
        if (typeof item === 'object' && item !== null) positions.set(item, items.length);
        items.push(item);
      }
      loaded.loadedRecords += items.length;
      loaded.lists.push({ name: declaration.name, items, written: items.length, positions, changed: new Set() });
      loaded.state[declaration.name] = items;
    }
  }
  for (const row of db.prepare('SELECT prefix, value FROM sequences').all()) loaded.sequences.set(String(row.prefix), Number(row.value));
  const metaRows = new Map(db.prepare('SELECT key, value FROM meta').all().map((row) => [String(row.key), String(row.value)]));
  const idTag = metaRows.get('idTag');
  if (idTag !== undefined) {
    loaded.meta = { idTag, clock: JSON.parse(metaRows.get('clock') ?? 'null') as StoredClock, defaults: JSON.parse(metaRows.get('defaults') ?? 'null') };
  }
  return loaded;
}

/** The statements a commit runs. */
function writeStatements(db: Database) {
  return {
    upsertRecord: db.prepare('INSERT INTO records (collection, id, json) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET json = excluded.json'),
    deleteRecord: db.prepare('DELETE FROM records WHERE collection = ? AND id = ?'),
    upsertItem: db.prepare('INSERT INTO list_items (collection, position, json) VALUES (?, ?, ?) ON CONFLICT (collection, position) DO UPDATE SET json = excluded.json'),
    clearList: db.prepare('DELETE FROM list_items WHERE collection = ?'),
    upsertSequence: db.prepare('INSERT INTO sequences (prefix, value) VALUES (?, ?) ON CONFLICT (prefix) DO UPDATE SET value = excluded.value'),
    upsertMeta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
  };
}
type WriteStatements = ReturnType<typeof writeStatements>;

/**
 * What a commit changes in the bookkeeping (what the file holds, what is left to write), applied only once its
 * transaction is committed: a failed write leaves everything to be written by the next commit.
 */
type Applied = () => void;

/** Writes the records of a by-id collection a request reached (or all, after a scan) that differ from the file. */
function writeMap({ name, map, files }: MapTracking, { upsertRecord, deleteRecord }: WriteStatements, applied: Applied[]): void {
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

/** Writes a list's new entries, and those changed in place. */
function writeList(list: ListTracking, { upsertItem, clearList }: WriteStatements, applied: Applied[]): void {
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

/**
 * Writes, in one transaction, what changed: the records and list entries, the sequences and meta values noted. Only
 * once it is committed is the bookkeeping updated (and the noted values forgotten); a failed write is rolled back and
 * leaves everything to be written by the next commit.
 */
function writeChanges(db: Database, statements: WriteStatements, { maps, lists }: LoadedFile, sequences: Map<string, number>, meta: Map<string, string>): void {
  const applied: Applied[] = [];
  db.exec('BEGIN');
  try {
    for (const map of maps) writeMap(map, statements, applied);
    for (const list of lists) writeList(list, statements, applied);
    for (const [prefix, value] of sequences) statements.upsertSequence.run(prefix, value);
    for (const [key, value] of meta) statements.upsertMeta.run(key, value);
    db.exec('COMMIT');
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // SQLite already rolled the transaction back (a full disk, an I/O error).
    }
    throw error;
  }
  sequences.clear();
  meta.clear();
  for (const apply of applied) apply();
}

/**
 * Opens (or creates) a data file and loads the state it holds. Refuses a file that is not a sandbox data file
 * (corrupt, foreign, from a newer sandbox) or is held by another sandbox, leaving it as it was.
 */
export function openSandboxStorage<C extends Collection>(file: string, collections: readonly C[]): SandboxStorage<StateOf<C>> {
  const db = openDataFile(file);
  let closed = false;
  let pending = false;
  let scheduled: Promise<boolean> | undefined;
  const dirtySequences = new Map<string, number>();
  const dirtyMeta = new Map<string, string>();
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

  let loaded: LoadedFile;
  try {
    loaded = loadDataFile(db, collections, onTouch);
  } catch (error) {
    db.close();
    throw openError(file, error);
  }
  const { lists, sequences } = loaded;
  // The highest number of each sequence the file allows (see sequenceMoved).
  const reserved = new Map(sequences);
  const statements = writeStatements(db);

  const storage: SandboxStorage<StateOf<C>> = {
    file,
    state: loaded.state as StateOf<C>,
    sequences,
    meta: loaded.meta,
    loadedRecords: loaded.loadedRecords,
    sequenceMoved(prefix, value) {
      // Numbers are reserved in blocks: the file holds the end of the block, written once per block rather than once
      // per id, at once, in a transaction of its own (an id may leave before its request's commit: a webhook's event
      // id). A clean close writes the exact values; after a crash the sequence resumes past the block (a gap, never
      // an id handed out twice).
      if (value <= (reserved.get(prefix) ?? 0) || closed) return;
      reserved.set(prefix, value + SEQUENCE_BLOCK);
      statements.upsertSequence.run(prefix, value + SEQUENCE_BLOCK);
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
      writeChanges(db, statements, loaded, dirtySequences, dirtyMeta);
      // No request ran in between (all of this is synchronous): what was written is what is now on file.
      pending = false;
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
