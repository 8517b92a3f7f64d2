// Named commands run a few at a time (tsc is single-threaded: the consumer checks run two at once), each printed as
// `<name>: passed (ms)` or `<name>: FAILED` with its output.
import { execFile } from 'node:child_process';

/**
 * Runs each named check (`[command, args]`) in `cwd`, `concurrency` at a time; resolves to the names of those that
 * failed (a non-zero exit, or more than 2 minutes).
 */
export async function runConcurrently(cwd, checks, concurrency) {
  const queue = Object.entries(checks);
  const failed = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, [command, args]] = next;
      const begin = Date.now();
      const error = await new Promise((resolve) => {
        execFile(command, args, { cwd, encoding: 'utf8', timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (problem, stdout, stderr) =>
          resolve(problem ? `${stdout}${stderr}` || String(problem) : undefined),
        );
      });
      if (error === undefined) console.log(`${name}: passed (${Date.now() - begin} ms)`);
      else {
        failed.push(name);
        console.error(`${name}: FAILED\n${error}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failed;
}
