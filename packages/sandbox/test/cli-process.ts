import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

