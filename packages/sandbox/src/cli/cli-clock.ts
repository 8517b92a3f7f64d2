// `tessera-sandbox clock …`: the sandbox's clock and its scoped test clocks, of a running sandbox, through
// `connectSandbox` (`/sandbox/clock/advance`, `/sandbox/test-clocks`, secret key). Prints ids and times only.
import { parseArgs } from 'node:util';
import { connectSandbox, type SandboxConnection } from '../control/connect.js';
import { durationMs, type SandboxDuration, type SandboxTestClock, type TestClockMove } from '../service/test-clock-requests.js';
import { TEST_CLOCK_HEADER } from '../service/test-clock-scope.js';
import { connection, UsageError } from './cli-webhooks.js';

export const clockUsage = `Clocks (against a running sandbox, as the webhook commands: --sandbox <url>, TESSERA_API_KEY):
  tessera-sandbox clock advance <duration>
      moves the sandbox's clock (every customer not under a test clock) and bills the renewals that fell due;
      <duration>: a whole number and a unit, or several: 90s, 36h, 31d, 2w, 1d12h (ms, s, m, h, d, w)
  tessera-sandbox clock create [--frozen-time <ISO time>] [--name <name>]
      creates a test clock (default: at the sandbox clock's time) and prints its id alone on stdout; a customer
      created by a request with the header ${TEST_CLOCK_HEADER}: <id> is under it, with all made for it
  tessera-sandbox clock advance <clock id> <duration | ISO time>
      moves that test clock (by the duration, or to the time) and bills its customers' renewals that fell due
  tessera-sandbox clock list | clock delete <clock id>
      the test clocks (id, time, name); delete one with its customers and all made for them`;

function options(args: string[]) {
  try {
    return parseArgs({ args, options: { sandbox: { type: 'string' }, 'frozen-time': { type: 'string' }, name: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A duration as the command line gives it, or a usage error that says how to write one. */
function duration(text: string): SandboxDuration {
  if (durationMs(text) === undefined) throw new UsageError(`Invalid duration "${text}": write a whole number and a unit, or several: 90s, 36h, 31d, 2w, 1d12h (units ms, s, m, h, d, w)`);
  return text as SandboxDuration;
}

/** How `clock advance <id> <to>` moves a test clock: by a duration, or to an ISO time. */
function moveOf(text: string): TestClockMove {
  if (durationMs(text) !== undefined) return { by: text as SandboxDuration };
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return { to: text };
  throw new UsageError(`Invalid "${text}": give a duration (31d, 1d12h) or an ISO time with its offset (2026-04-01T00:00:00Z)`);
}

const describeClock = (clock: SandboxTestClock): string => `${clock.id}  ${clock.frozenTime}${clock.name === null ? '' : `  ${clock.name}`}`;

function remote(sandbox: string | undefined): SandboxConnection {
  const { base, key } = connection(sandbox);
  return connectSandbox(base, { apiKey: key });
}

async function clock(args: string[]): Promise<void> {
  const { values, positionals } = options(args);
  const [action, first, second, extra] = positionals;
  const creating = action === 'create';
  if (!creating && (values['frozen-time'] !== undefined || values.name !== undefined)) throw new UsageError('--frozen-time and --name go with clock create');
  if (action === 'advance' && first !== undefined && second === undefined) {
    const now = await remote(values.sandbox).clock.advance(duration(first));
    console.log(`Sandbox clock now ${now.toISOString()}`);
    return;
  }
  if (action === 'advance' && first !== undefined && second !== undefined && extra === undefined) {
    const moved = await remote(values.sandbox).testClocks.advance(first, moveOf(second));
    console.log(`Test clock ${moved.id} now ${moved.frozenTime}`);
    return;
  }
  if (creating && first === undefined) {
    const created = await remote(values.sandbox).testClocks.create({
      ...(values['frozen-time'] === undefined ? {} : { frozenTime: values['frozen-time'] }),
      ...(values.name === undefined ? {} : { name: values.name }),
    });
    // The id alone on stdout (CLOCK=$(tessera-sandbox clock create)); the rest on stderr.
    console.log(created.id);
    console.error(`Test clock at ${created.frozenTime}: create customers with the header ${TEST_CLOCK_HEADER}: ${created.id}`);
    return;
  }
  if (action === 'list' && first === undefined) {
    const clocks = await remote(values.sandbox).testClocks.list();
    console.log(clocks.length === 0 ? 'No test clocks' : `Test clocks (id, time, name):\n${clocks.map((one) => `  ${describeClock(one)}`).join('\n')}`);
    return;
  }
  if (action === 'delete' && first !== undefined && second === undefined) {
    await remote(values.sandbox).testClocks.delete(first);
    console.log(`Deleted test clock ${first} with its customers and all made for them`);
    return;
  }
  throw new UsageError('clock takes: advance <duration>, create [--frozen-time <ISO time>] [--name <name>], advance <clock id> <duration | ISO time>, list or delete <clock id>');
}

/** The clock command, by name (run as the other helper commands are: `runHelperCommand`). */
export const clockCommands: Record<string, (args: string[]) => Promise<void>> = { clock };
