import type { ErrorFormat, RouteAnswer, SandboxAnswer } from '../wire/answer.js';
import type { SandboxRequest } from './request.js';

/** One entry of the route table: a method (`*` for any), a path pattern and what answers it. */
export interface RouterEntry {
  /** Upper-case HTTP method, or `*` for every method. */
  method: string;
  /**
   * Path pattern in msw's syntax without an origin: `:name` is one path segment (a parameter), `*` anything. It
   * matches a URL of any origin, under any path prefix, with or without a trailing slash, as msw's `*\/path` does.
   */
  path: string;
  /** Answers a request that matched (its `params` filled in). */
  answer(request: SandboxRequest): Promise<RouteAnswer> | RouteAnswer;
  /** How the entry's errors are written (problem details on the vault's and BT's routes); the API's when absent. */
  errorFormat?: ErrorFormat;
}

/**
 * The sandbox's router, its one dispatch: the route table, matched in order (the first entry that matches answers).
 * The adapters (msw, node:http, in-process) only turn their request into a {@link SandboxRequest} and the answer back.
 */
export interface Router {
  /**
   * The answer of the first entry that matches the request's method and path; `undefined` when none does (msw then
   * passes the request on to the next handler: the sandbox's handler matches every origin).
   */
  route(request: SandboxRequest): Promise<RouteAnswer> | RouteAnswer | undefined;
  /** The one "no route" answer: a JSON 404 (Basis Theory's problem details under the vault's paths). */
  notFound(request: SandboxRequest): SandboxAnswer;
}

/** An entry with its pattern compiled once. */
interface CompiledEntry extends RouterEntry {
  pattern: RegExp;
  paramNames: string[];
}

// A regex table compiled once from the msw patterns, rather than msw's matcher (`matchRequestUrl`): that one parses
// the pattern and the URL again on every call, a measured 2.7% of a POST's server time (about as much as parsing
// the URL), and importing it would put msw on the node:http adapter's path. The syntax accepted is the subset of
// msw's that the sandbox's paths use (`:name`, `*`).
function compile(entry: RouterEntry): CompiledEntry {
  const paramNames: string[] = [];
  const source = entry.path
    .split(/(\*|:[A-Za-z0-9_]+)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) {
        paramNames.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { ...entry, pattern: new RegExp(`^.*?${source}/?$`), paramNames };
}

/** A path parameter decoded as msw decodes it (as given when it is not valid percent-encoding). */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Builds the router over a route table (order matters: the first entry that matches answers) and its "no route"
 * answer.
 */
export function createRouter(entries: readonly RouterEntry[], notFound: Router['notFound']): Router {
  const table = entries.map(compile);
  // Per method, the entries that could answer it (same order); a few dozen lists at most.
  const byMethod = new Map<string, CompiledEntry[]>();
  const candidatesOf = (method: string): CompiledEntry[] => {
    let candidates = byMethod.get(method);
    if (candidates === undefined) {
      candidates = table.filter((entry) => entry.method === '*' || entry.method === method);
      byMethod.set(method, candidates);
    }
    return candidates;
  };
  return {
    notFound,
    route(request) {
      const { pathname } = request;
      for (const entry of candidatesOf(request.method)) {
        const match = entry.pattern.exec(pathname);
        if (match === null) continue;
        const params: Record<string, string> = {};
        entry.paramNames.forEach((name, index) => {
          params[name] = decodeParam(match[index + 1] ?? '');
        });
        request.params = params;
        return entry.answer(request);
      }
      return undefined;
    },
  };
}
