import { readdirSync, readFileSync } from 'node:fs';
import type { OperationName } from '@tessera/core/internal';

// Which client call sends which operation, read from the resource classes' sources (a method's
// `this.call('name'` or `this.paginate('name'`) and the client's resource fields (`readonly payments: Payments;`).

const source = new URL('../src/resources/', import.meta.url);
const read = (file: string): string => readFileSync(new URL(file, source), 'utf8');

/** `tessera.<resource>.<method>` → the operations it sends, read from the resource classes' sources. */
export function clientMethods(): Map<string, Set<OperationName>> {
  const classes = new Map<string, Map<string, Set<OperationName>>>();
  for (const file of readdirSync(source).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    let methods: Map<string, Set<OperationName>> | undefined;
    let method = '';
    for (const line of read(file).split('\n')) {
      const declared = /^export class (\w+) extends Resource</.exec(line);
      if (declared) classes.set(declared[1]!, (methods = new Map()));
      const started = /^ {2}(?:async )?(\w+)(?:<[^(]*>)?\(/.exec(line);
      if (started) method = started[1]!;
      for (const [, name] of line.matchAll(/this\.(?:call|paginate)\('(\w+)'/g)) {
        if (methods === undefined) continue;
        const sent = methods.get(method) ?? new Set<OperationName>();
        methods.set(method, sent.add(name as OperationName));
      }
    }
  }
  const calls = new Map<string, Set<OperationName>>();
  for (const [, property, className] of read('../client/tessera.ts').matchAll(/^ {2}readonly (\w+): (\w+);/gm)) {
    for (const [method, sent] of classes.get(className!) ?? []) calls.set(`${property}.${method}`, sent);
  }
  return calls;
}

