import type { RouteAnswer } from './wire/answer.js';
import { sandboxRequest } from './http/request.js';
import { type Sandbox, servedRouter } from './sandbox.js';

/** A request answered in this process, without HTTP or msw: what {@link answerInProcess} sends. */
export interface InProcessRequest {
  method: string;
  /** The path, with its query (`/api/public/v1/payments`). */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Request headers by lower-case name (`authorization`, `idempotency-key`). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * Answers a request with the sandbox's own router (the route table every adapter goes through), in this process: for
 * Tessera's benches, which fill a sandbox with 100,000 payments through the operations themselves faster than HTTP
 * or msw would. `undefined` when no route matches; `dropped` for an injected dropped connection. A copy of a sandbox,
 * or one whose handlers were replaced, is refused (a route is replaced with `sandbox.override`).
 */
export function answerInProcess(sandbox: Sandbox, { method, path, body, headers = {} }: InProcessRequest): Promise<RouteAnswer | undefined> | RouteAnswer | undefined {
  const router = servedRouter(sandbox, 'answerInProcess');
  const text = body === undefined ? '' : JSON.stringify(body);
  const header = (name: string): string | null => headers[name] ?? (name === 'content-type' && body !== undefined ? 'application/json' : null);
  return router.route(sandboxRequest(method.toUpperCase(), new URL(path, 'http://sandbox.invalid'), header, () => text));
}
