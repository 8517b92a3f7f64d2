import { readdirSync, readFileSync } from 'node:fs';
import { Script, createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { applePayJsScript } from '../emulations/apple-pay-js.js';
import { btElementsClientScript } from '../emulations/bt-elements-client.js';
import { btElementScript } from '../emulations/bt-elements-pages.js';
import { googlePayJsScript } from '../emulations/google-pay-js.js';
import { walletSheetScript } from '../emulations/wallet-sheet-page.js';
import { dashboardScript } from '../service/dashboard.js';
import { servedScript, servedSource } from './served-source.js';

// Browser functions of a test, standing for this folder's: a main and two parts, one calling the other.
declare const double: typeof twice;
function twice(value: number): number {
  return value * 2;
}
function report(value: number, into: { seen: unknown[] }): void {
  // Strict mode: `this` in a plain call is undefined.
  into.seen.push(twice(value), (function (this: unknown) {
    return this;
  })());
}
function main(value: number, into: { seen: unknown[] }, fn: () => string): void {
  report(value, into);
  into.seen.push(fn());
}

/** Runs `script` in a fresh context with `into` as a global, and answers the context's own keys after it. */
function run(script: string, into: { seen: unknown[] }): string[] {
  const context = createContext({ into });
  const before = Object.keys(context);
  runInContext(script, context);
  return Object.keys(context).filter((key) => !before.includes(key));
}

describe('servedSource', () => {
  it('writes the function called with its arguments: functions as their source, undefined as itself, the rest as JSON', () => {
    const fn = (a: number, b: undefined, c: { x: string }, d: () => number): unknown => [a, b, c, d];
    const arg = (): number => 2;
    expect(servedSource(fn, 1, undefined, { x: '"' }, arg)).toBe(`(${String(fn)})(1, undefined, {"x":"\\""}, (${String(arg)}));\n`);
  });
});

describe('servedScript', () => {
  it('declares each part by its name in one strict IIFE, then calls the main function with its arguments; nothing leaks', () => {
    const text = servedScript(main, [{ report, twice }], 21, undefined as unknown as { seen: unknown[] }, () => 'arg');
    const into = { seen: [] as unknown[] };
    // `into` is read from the context, not served: the test passes it as a global.
    const leaked = run(text.replace('(21, undefined,', '(21, into,'), into);
    expect(into.seen).toEqual([42, undefined, 'arg']);
    expect(leaked).toEqual([]);
    expect(text.startsWith("(function () {\n'use strict';\nfunction report(")).toBe(true);
  });

  it('takes whole modules (each export a part), a function that is no declaration as a const of its name', () => {
    const arrow = (): number => 1;
    const text = servedScript(() => undefined, [{ twice }, { arrow }]);
    expect(text).toContain('function twice(value)');
    expect(text).toContain(`const arrow = (${String(arrow)});`);
  });

  it('declares a part exported under another name than its own (a bundler renamed it) by both, so either call reaches it', () => {
    const text = servedScript(() => undefined, [{ double: twice }]);
    expect(text).toContain('function twice(value)');
    expect(text).toContain('const double = twice;');
    const into = { seen: [] as unknown[] };
    run(servedScript((value: number, sink: { seen: unknown[] }) => sink.seen.push(double(value), twice(value)), [{ double: twice }], 4, undefined as unknown as { seen: unknown[] }).replace('(4, undefined)', '(4, into)'), into);
    expect(into.seen).toEqual([8, 8]);
  });

  it('refuses a value, or two parts of one name, saying what to do', () => {
    expect(() => servedScript(() => undefined, [{ limit: 3 }])).toThrow(/export only functions/);
    expect(() => servedScript(() => undefined, [{ twice }, { twice }])).toThrow(/Two served parts are named twice/);
  });
});

describe("the sandbox's served scripts", () => {
  const folder = new URL('.', import.meta.url);
  // Per module of this folder: its exported functions, and the parts it declares it calls.
  const modules = Promise.all(
    readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map(async (name) => {
        const exports = Object.values((await import(`./${name.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>).filter((value) => typeof value === 'function');
        const declares = [...readFileSync(new URL(name, folder), 'utf8').matchAll(/^declare const (\w+)/gm)].map((m) => m[1]);
        return { name, exports, declares };
      }),
  );

  it.each([
    ['element frame', btElementScript],
    ['elements client', btElementsClientScript],
    ['Apple Pay JS', applePayJsScript],
    ["Google's pay.js", googlePayJsScript],
    ['wallet sheet', walletSheetScript],
    ['dashboard', dashboardScript],
  ])('%s: parses, and serves every part its functions call', async (_name, text) => {
    expect(() => new Script(text)).not.toThrow();
    const served = new Set([...text.matchAll(/^(?:\(?(?:async )?function (\w+)\(|const (\w+) = \()/gm)].map((m) => m[1] ?? m[2]));
    let checked = 0;
    for (const module of await modules) {
      // A module is in the script when its functions are, as their source.
      if (module.exports.length === 0 || !module.exports.every((fn) => text.includes(String(fn)))) continue;
      checked++;
      for (const part of module.declares) expect(served.has(part), `${module.name} calls ${part}, which is not served`).toBe(true);
    }
    expect(checked).toBeGreaterThan(1);
  });
});
