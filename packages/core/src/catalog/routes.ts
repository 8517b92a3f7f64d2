import { operations, type OperationName } from './operations.js';

/** The methods the catalog's operations use (derived, so a new method reaches every `switch` over it). */
export type OperationMethod = (typeof operations)[OperationName]['method'];

/** Method, path template (`{id}` placeholders) and whether the path is assumed: the addressing part of an {@link Operation}. */
export interface Route {
  readonly method: OperationMethod;
  readonly path: string;
  /** True where the document names the operation but not its path (section 4.10). */
  readonly assumed: boolean;
}

/** Every operation's route, derived from the catalog ({@link operations}). */
export const routes = Object.fromEntries(
  Object.entries(operations).map(([name, { method, path, assumed }]) => [name, { method, path, assumed }]),
) as Readonly<Record<OperationName, Route>>;

/**
 * Fills a route's `{id}` placeholder, percent-encoding the value (`encodeURIComponent`), and returns the path
 * relative to the API prefix: `/`, `?`, `#`, `\` or `%` in a value stay inside its one path segment. Throws a
 * `TypeError` if a placeholder has no value or is `.` or `..` (URL parsers resolve those even when encoded).
 */
export function routePath(route: Pick<Route, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}"`);
    if (value === '.' || value === '..') throw new TypeError(`Path parameter "${name}" cannot be a dot segment`);
    return encodeURIComponent(value);
  });
}
