import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// Runs this app as it is deployed: `next build`, then `next start` on 127.0.0.1 and a free port, with the
// environment given (nothing of this process's TESSERA_* or SHOP_ORIGIN leaks in). Telemetry is off: the test talks to no one.
export const appRoot = fileURLToPath(new URL('..', import.meta.url));
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...extra };
  for (const name of Object.keys(env)) if ((name.startsWith('TESSERA_') || name === 'SHOP_ORIGIN') && !(name in extra)) delete env[name];
  return env;
}

/** `next build` into `.next`; rejects with its output when it fails. */
export function buildApp(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build'], { cwd: appRoot, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (${code}):\n${output}`))));
  });
}

/** A free port on 127.0.0.1 (the one the OS hands out for port 0, released again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A running `next start`. */
export interface NextApp {
  url: string;
  /** Everything it printed so far (its `console.log` lines among them). */
  output(): string;
  close(): Promise<void>;
}

/** `next start -H 127.0.0.1 -p <port>` with `env`; resolves once it answers. */
export async function startApp(port: number, env: Record<string, string>, timeoutMs = 30_000): Promise<NextApp> {
  const url = `http://127.0.0.1:${port}`;
  // Its own process group, so that closing it ends whatever it started, and nothing else.
  const child = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)], { cwd: appRoot, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${output}`);
    const answered = await fetch(`${url}/api/webhooks`).then(() => true, () => false);
    if (answered) return { url, output: () => output, close };
    if (Date.now() > deadline) {
      await close();
      throw new Error(`next start did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
