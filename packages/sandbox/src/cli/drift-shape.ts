// The shape of a JSON answer and where two shapes differ: the pure half of `tessera-sandbox drift`. A shape keeps
// JSON types, keys and, for a few enum-like fields, their values; never any other value (no card data, no ids).

/** A JSON type as the drift report names it. */
export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/** Fields whose values are compared (a status the other side never shows is drift); every other value is dropped. */
export const VALUE_FIELDS: ReadonlySet<string> = new Set(['status', 'subStatus', 'requireAction', 'type']);

/** What was seen at one place of an answer, over every value there (all the items of an array together). */
export interface Shape {
  readonly types: Set<JsonType>;
  /** Objects seen here: each key seen in any of them, with the shape of its values. */
  readonly keys: Map<string, Shape>;
  /** Arrays seen here: the union of their items' shapes; `undefined` while no item was seen. */
  items: Shape | undefined;
  /** For a field of {@link VALUE_FIELDS}: the string values seen. */
  readonly values: Set<string>;
}

/** One difference between the live answer and the sandbox's at one place (`payments[].customer.id`). */
export type Drift =
  | { readonly path: string; readonly kind: 'only-live' | 'only-sandbox' }
  | { readonly path: string; readonly kind: 'type'; readonly live: readonly JsonType[]; readonly sandbox: readonly JsonType[] }
  | { readonly path: string; readonly kind: 'values'; readonly onlyLive: readonly string[]; readonly onlySandbox: readonly string[] };

const emptyShape = (): Shape => ({ types: new Set(), keys: new Map(), items: undefined, values: new Set() });

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string') return type;
  return 'object';
}

function addTo(shape: Shape, value: unknown, valueField: boolean): void {
  const type = jsonType(value);
  shape.types.add(type);
  if (valueField && typeof value === 'string') shape.values.add(value);
  if (type === 'array') {
    for (const item of value as unknown[]) {
      shape.items ??= emptyShape();
      addTo(shape.items, item, false);
    }
  } else if (type === 'object') {
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      let child = shape.keys.get(key);
      if (child === undefined) shape.keys.set(key, (child = emptyShape()));
      addTo(child, field, VALUE_FIELDS.has(key));
    }
  }
}

/** The shape of one JSON value (an array's items merged into one shape). */
export function shapeOf(value: unknown): Shape {
  const shape = emptyShape();
  addTo(shape, value, false);
  return shape;
}

const sorted = <T extends string>(values: Iterable<T>): T[] => [...values].sort();

/** A value printed only when it looks like an enum member (`succeeded`, `threeds_auth`), never free text. */
const printable = (value: string): string => (/^[A-Za-z0-9_.:-]{1,40}$/.test(value) ? value : '<other value>');

function compare(live: Shape, sandbox: Shape, path: string, out: Drift[]): void {
  const liveTypes = sorted(live.types);
  const sandboxTypes = sorted(sandbox.types);
  if (liveTypes.join() !== sandboxTypes.join()) out.push({ path: path || '(answer)', kind: 'type', live: liveTypes, sandbox: sandboxTypes });
  const onlyLive = sorted([...live.values].filter((value) => !sandbox.values.has(value)).map(printable));
  const onlySandbox = sorted([...sandbox.values].filter((value) => !live.values.has(value)).map(printable));
  if (onlyLive.length > 0 || onlySandbox.length > 0) out.push({ path, kind: 'values', onlyLive: [...new Set(onlyLive)], onlySandbox: [...new Set(onlySandbox)] });
  if (live.types.has('object') && sandbox.types.has('object')) {
    for (const key of sorted(new Set([...live.keys.keys(), ...sandbox.keys.keys()]))) {
      const at = path === '' ? key : `${path}.${key}`;
      const liveChild = live.keys.get(key);
      const sandboxChild = sandbox.keys.get(key);
      if (liveChild === undefined) out.push({ path: at, kind: 'only-sandbox' });
      else if (sandboxChild === undefined) out.push({ path: at, kind: 'only-live' });
      else compare(liveChild, sandboxChild, at, out);
    }
  }
  // Items are compared when both sides show some: an empty list says nothing about its items' shape.
  if (live.items !== undefined && sandbox.items !== undefined) compare(live.items, sandbox.items, `${path}[]`, out);
}

/**
 * Where two answers to the same request differ in shape: keys one side has and the other never shows (a key holding
 * `null` is present), other JSON types (a number as a string), and for the fields of {@link VALUE_FIELDS}, values
 * one side shows and the other never does. Arrays compare the union of their items' shapes. Sorted by path.
 */
export function shapeDrift(live: unknown, sandbox: unknown): Drift[] {
  const out: Drift[] = [];
  compare(shapeOf(live), shapeOf(sandbox), '', out);
  return out;
}

/** One line of the report for a drift (types, keys and enum-like values only). */
export function describeDrift(drift: Drift): string {
  switch (drift.kind) {
    case 'only-live':
      return `${drift.path}: only on live`;
    case 'only-sandbox':
      return `${drift.path}: only on sandbox`;
    case 'type':
      return `${drift.path}: ${drift.live.join(' | ') || 'nothing'} on live, ${drift.sandbox.join(' | ') || 'nothing'} on sandbox`;
    case 'values': {
      const parts = [
        ...(drift.onlyLive.length > 0 ? [`live shows ${drift.onlyLive.map((v) => JSON.stringify(v)).join(', ')} (never on sandbox)`] : []),
        ...(drift.onlySandbox.length > 0 ? [`sandbox shows ${drift.onlySandbox.map((v) => JSON.stringify(v)).join(', ')} (never on live)`] : []),
      ];
      return `${drift.path}: ${parts.join('; ')}`;
    }
  }
}
