import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The built CLI. */
export const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/**
 * Starts the CLI and resolves once it prints its URL; `output()` is everything printed so far. In memory unless the
 * arguments name a data file (the tests run side by side: the default file would be held by the first one).
 */
export async function start(...args: string[]) {
  const child = spawn(process.execPath, [bin, ...(args.includes('--data') ? args : ['--in-memory', ...args])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(stdout);
      if (match?.[1] && stdout.includes('Data:')) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`CLI exited early with ${String(code)}: ${stdout}${stderr}`)));
  });
  const stop = async (): Promise<number | null> => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  };
  const kill = async (): Promise<void> => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  };
  return { url, stop, kill, output: () => ({ stdout, stderr }) };
}

/** What a command's environment leaves out: the arguments alone choose the sandbox, key and webhook secret. */
const unset = new Set(['TESSERA_API_KEY', 'TESSERA_WEBHOOK_SECRET', 'TESSERA_SANDBOX_URL']);
/** The environment of a CLI command: this process's, without the variables the arguments stand for, and `extra`. */
export const cliEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.has(name))), ...extra });

const execFileAsync = promisify(execFile);

/**
 * Runs a one-shot CLI command (`token`, `fault`, `clock`, `trigger`, `--help`, …) to its end, 10 s at most, without
 * blocking this process (a test's webhook receiver keeps answering): its exit code (-1 when it did not exit by itself)
 * and what it printed. The arguments are passed as given (`--sandbox <url>` included), in {@link cliEnv}.
 */
export async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [bin, ...args], { timeout: 10_000, env: cliEnv() });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
