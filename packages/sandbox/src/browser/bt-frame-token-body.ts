import type { BtElementReference } from './bt-elements-messages.js';
import type * as options from './bt-frame-options.js';
import type { ExpiryValue, ValueAnswer } from './bt-frame-state.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): the vault's body, the page's
// payload with each element reference replaced by its value, and the vault's answer as web-elements answers it.

declare const partOf: typeof options.partOf;

/** Whether `value` is a reference to an element (what the client puts where the page put an element). */
export function isReference(value: object): value is BtElementReference {
  return typeof (value as Partial<BtElementReference>).__btEmulationElement === 'string';
}

/** The element ids `value` refers to, added to `found`. */
export function placeholders(value: unknown, found: string[]): string[] {
  if (Array.isArray(value)) {
    value.forEach((item) => placeholders(item, found));
    return found;
  }
  if (value && typeof value === 'object') {
    if (isReference(value)) found.push(value.__btEmulationElement);
    else for (const key in value) placeholders((value as Record<string, unknown>)[key], found);
  }
  return found;
}

/** `value` with each element reference replaced by the element's value (its month, year or formatted date if asked). */
export function resolveReferences(value: unknown, got: Record<string, ValueAnswer>): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, got));
  if (value && typeof value === 'object') {
    if (isReference(value)) {
      const given = (got[value.__btEmulationElement] as ValueAnswer).value;
      if (value.method === 'month' || value.method === 'year') return partOf(given, value.method);
      if (value.method === 'format' && typeof value.format === 'string') return formatDate(given as ExpiryValue, value.format);
      return given;
    }
    const out: Record<string, unknown> = {};
    for (const key in value) out[key] = resolveReferences((value as Record<string, unknown>)[key], got);
    return out;
  }
  return value;
}

/** cardExpirationDate's format(): Luxon's yyyy, yy, MM and M tokens (what BT documents), the rest as given. */
export function formatDate(date: ExpiryValue, pattern: string): string {
  const pad = (n: number): string => (n < 10 ? '0' : '') + n;
  return pattern.replace(/yyyy|yy|MM|M/g, (token) => {
    if (token === 'yyyy') return String(date.year);
    if (token === 'yy') return pad(date.year % 100);
    if (token === 'MM') return pad(date.month);
    return String(date.month);
  });
}

/** `value` with its keys camel-cased, except inside `data` and `metadata` (`raw`), which stay as the page gave them. */
export function camel(value: unknown, raw: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => camel(item, raw));
  if (!value || typeof value !== 'object' || raw) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const name = key.replace(/_([a-z])/g, (_match: string, letter: string) => letter.toUpperCase());
    out[name] = camel((value as Record<string, unknown>)[key], key === 'data' || key === 'metadata');
  }
  return out;
}
