import type * as NodeFs from 'node:fs';
import type * as NodePath from 'node:path';
import { MINIMUM_NODE_VERSION_FOR_DATA_FILE, SandboxDataFileError, WAY_OUT } from './data-file-error.js';

// The data file as SQLite holds it: node:sqlite loaded only when a file is used, the file opened with its exclusive
// lock, its modes owner-only, and the errors met on the way mapped to the problem they stand for.

// The subset of node:sqlite the sandbox uses (typed here: it is loaded with process.getBuiltinModule, so that the
// in-memory sandbox, in a browser or on Node.js 22.12, never loads it).
export interface Statement {
  run(...values: (string | number | null)[]): unknown;
  get(...values: (string | number | null)[]): Record<string, unknown> | undefined;
  all(...values: (string | number | null)[]): Record<string, unknown>[];
}
export interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}
export interface SqliteModule {
  DatabaseSync: new (path: string, options?: { timeout?: number }) => Database;
}

export const builtin = <T>(name: string): T | undefined => {
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

export function loadSqlite(file: string): SqliteModule {
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
export function openError(file: string, error: unknown): SandboxDataFileError {
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
export function openLocked(sqlite: SqliteModule, file: string): Database {
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

/** The data file's companions SQLite may create beside it. */
export const SIBLINGS = ['-wal', '-shm', '-journal'] as const;
/** The folder the CLI keeps its data file in by default (`.tessera-sandbox/sandbox.db`): the sandbox's own. */
const OWN_FOLDER = '.tessera-sandbox';

/**
 * Creates what is missing readable by its owner only, before SQLite opens the file: a folder made for it 0700, a new
 * file 0600 (SQLite gives its WAL and journal files the database file's mode). What exists is not touched here: it
 * may be refused, and a refused file is left as it was (see {@link tightenModes}).
 */
export function createOwnerOnly(fs: typeof NodeFs, path: typeof NodePath, file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
}

/**
 * Once a file is known to be a sandbox data file (or a new one): it and its companions are set to 0600, and the
 * sandbox's own `.tessera-sandbox` folder to 0700 (any other folder is left as it is: it may be the project's). What
 * it holds is payments and customers, never a card number or CVC, but the data file of a project folder is not the
 * other users' of the machine to read.
 */
export function tightenModes(fs: typeof NodeFs, path: typeof NodePath, file: string): void {
  const folder = path.dirname(path.resolve(file));
  if (path.basename(folder) === OWN_FOLDER) fs.chmodSync(folder, 0o700);
  for (const companion of ['', ...SIBLINGS]) {
    if (companion === '' || fs.existsSync(`${file}${companion}`)) fs.chmodSync(`${file}${companion}`, 0o600);
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
