import { readFileSync } from 'node:fs';
import { operations, type OperationName } from '@tessera/core/internal';
import { clientMethods } from './client-methods.js';
import { describe, expect, it } from 'vitest';

// The README's operation tables against core's catalog, both ways: each row of the hand-written guide ("Operations")
// names a call that sends the operation of the method and path the row names, and each operation of the catalog has
// a row of the generated table ("Operations by endpoint") naming the call that sends it. A new operation needs no
// hand-written row: `node scripts/readme-tables.mjs` adds its generated one.

/** An HTTP method and path with its placeholders unnamed (`GET /events/{}`). */
const endpoint = (method: string, path: string): string => `${method} ${path.replace(/\{\w+\}/g, '{}')}`;

interface Row {
  call: string;
  endpoint: string;
}

/** The rows of the README's operation table that name an endpoint: one per SDK call. */
function readmeRows(): Row[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Operations\n'));
  if (section === undefined) throw new Error('README.md has no "## Operations" section');
  const rows: Row[] = [];
  let resource = '';
  // The table's lines without its header row (the separator row `|---|` does not start with `| `).
  for (const line of section.split('\n').filter((text) => text.startsWith('| ')).slice(1)) {
    const [resourceCell = '', methodCell = '', requestCell = ''] = line.split(/(?<!\\)\|/).slice(1).map((cell) => cell.trim());
    if (resourceCell !== '') resource = resourceCell.replace(/`/g, '');
    if (resource === '—') continue;
    const methods = [...methodCell.matchAll(/`(\w+)\(/g)].map((match) => match[1]!);
    const endpoints = [...requestCell.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`/g)].map((match) => endpoint(match[1]!, match[2]!));
    if (endpoints.length === 0) continue;
    expect(methods.length, `README row "${line.slice(0, 80)}…": one endpoint per method`).toBe(endpoints.length);
    methods.forEach((method, index) => rows.push({ call: `${resource}.${method}`, endpoint: endpoints[index]! }));
  }
  return rows;
}

/** The rows of the generated table (section "Operations by endpoint"): operation, endpoint and each call that sends it. */
function generatedRows(): Array<{ operation: string; endpoint: string; calls: string[] }> {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = /<!-- generated:operations[^>]*-->([\s\S]*?)<!-- \/generated:operations -->/.exec(readme)?.[1];
  if (table === undefined) throw new Error('README.md has no generated operations table');
  return [...table.matchAll(/^\| `(\w+)` \| `(\w+) (\/\S*)`[^|]*\|.*\|([^|\n]*)\|$/gm)].map(([, operation, method, path, callCell]) => ({
    operation: operation!,
    endpoint: endpoint(method!, path!),
    calls: [...callCell!.matchAll(/`tessera\.(\w+\.\w+)`/g)].map((match) => match[1]!),
  }));
}

describe('the README operation tables', () => {
  const calls = clientMethods();
  const rows = readmeRows();
  const names = Object.keys(operations) as OperationName[];
  const endpointOf = (name: OperationName): string => endpoint(operations[name].method, operations[name].path);

  it('reads the client methods and the rows (the parsers found something)', () => {
    expect(calls.get('payments.process')).toEqual(new Set(['processPayment']));
    expect(rows.length).toBeGreaterThan(0);
    expect(generatedRows()).toHaveLength(names.length);
  });

  it.each(readmeRows().map((row) => [`${row.call} → ${row.endpoint}`, row] as const))('%s: the call sends that operation', (_, row) => {
    const sent = calls.get(row.call);
    expect(sent, `no client method tessera.${row.call}`).toBeDefined();
    expect([...sent!].map(endpointOf)).toContain(row.endpoint);
  });

  it.each(names)('%s has a generated README row with its method, path and the SDK calls that send it', (name) => {
    const row = generatedRows().find((candidate) => candidate.operation === name);
    expect(row, `README.md's generated table lacks a row for ${name}: run node scripts/readme-tables.mjs after the build`).toBeDefined();
    expect(row!.endpoint).toBe(endpointOf(name));
    expect(row!.calls).not.toEqual([]);
    for (const call of row!.calls) expect(calls.get(call)?.has(name), `tessera.${call} sends ${name}`).toBe(true);
  });
});
