/** One line of the demo's summary table. */
export interface StepResult {
  title: string;
  ok: boolean;
  detail: string;
  ms: number;
}

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
export const dim = (text: string): string => paint(2, text);
const green = (text: string): string => paint(32, text);
const red = (text: string): string => paint(31, text);

/** Prints each step as it runs (title, what happened, how long), and a summary table at the end. */
export class Transcript {
  readonly results: StepResult[] = [];
  #total = 0;

  constructor(total: number) {
    this.#total = total;
  }

  /** Runs one step. `run` returns a one-line detail; a thrown error or `expect` failing marks the step failed. */
  async step(title: string, run: (log: (line: string) => void) => Promise<string> | string): Promise<void> {
    const index = this.results.length + 1;
    console.log(`\n${dim(`[${index}/${this.#total}]`)} ${title}`);
    const started = performance.now();
    let ok = true;
    let detail: string;
    try {
      detail = await run((line) => console.log(`      ${line}`));
    } catch (error) {
      ok = false;
      detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const ms = performance.now() - started;
    this.results.push({ title, ok, detail, ms });
    console.log(`      ${ok ? green('✓') : red('✗')} ${detail} ${dim(`(${ms.toFixed(0)} ms)`)}`);
  }

  /** Prints the summary table; returns true when every step behaved as the interface document says. */
  summary(): boolean {
    const width = Math.max(...this.results.map((r) => r.title.length));
    console.log(`\n${'step'.padEnd(width)}  result  time`);
    console.log(`${'─'.repeat(width)}  ──────  ──────`);
    for (const r of this.results) {
      console.log(`${r.title.padEnd(width)}  ${r.ok ? green('ok    ') : red('FAILED')}  ${`${r.ms.toFixed(0)} ms`.padStart(6)}`);
    }
    const passed = this.results.filter((r) => r.ok).length;
    console.log(`\n${passed} passed, ${this.results.length - passed} failed`);
    return passed === this.results.length;
  }
}

/** Throws when `actual` is not `expected`, so a step fails with a readable message. */
export function expect<T>(what: string, actual: T, expected: T): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}
