import type { SandboxHttpError } from '../errors/http-error.js';

/** An answer as sent: by both adapters, and kept by the idempotency records to be replayed. The one answer shape. */
export interface SandboxAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** What a route answers: an answer to send, or `dropped` (an injected dropped connection: no answer at all). */
export type RouteAnswer = SandboxAnswer | 'dropped';

/**
 * What an operation returns, before it is written as an answer: JSON, an HTML page, a script (`text/javascript`), a
 * style sheet (`text/css`), or a redirect (302 by default). `headers` are added to the answer (a page's CSP).
 */
export type RouteResult =
  | { status?: number; json: unknown; headers?: Readonly<Record<string, string>> }
  | { status?: number; html: string; headers?: Readonly<Record<string, string>> }
  | { status?: number; script: string }
  | { status?: number; css: string }
  | { status?: number; redirect: string };

/** An operation's result written as an answer. */
export function answerOf(result: RouteResult, requestId: string, headers: Readonly<Record<string, string>>): SandboxAnswer {
  if ('redirect' in result) return { status: result.status ?? 302, body: '', headers: { ...headers, 'x-request-id': requestId, location: result.redirect } };
  const status = result.status ?? 200;
  if ('html' in result) return { status, body: result.html, headers: { ...headers, ...result.headers, 'x-request-id': requestId, 'content-type': 'text/html; charset=utf-8' } };
  if ('css' in result) return { status, body: result.css, headers: { ...headers, 'x-request-id': requestId, 'content-type': 'text/css; charset=utf-8' } };
  if ('script' in result) return { status, body: result.script, headers: { ...headers, 'x-request-id': requestId, 'content-type': 'text/javascript; charset=utf-8' } };
  return { status, body: JSON.stringify(result.json), headers: { ...headers, ...result.headers, 'x-request-id': requestId, 'content-type': 'application/json' } };
}

/** How an error body is written: the API's `{ code, message, data, error }`, or Basis Theory's problem details. */
export type ErrorFormat = 'api' | 'problem';

/** The one place an error answer is written (routes, the JSON 404s, and the node:http adapter's own 400/500). */
export function errorAnswer(error: SandboxHttpError, requestId: string, format: ErrorFormat, headers: Readonly<Record<string, string>> = {}): SandboxAnswer {
  return {
    status: error.status,
    body: JSON.stringify(format === 'api' ? error.toBody(requestId) : error.toProblemDetails()),
    headers: { ...headers, ...error.headers, 'content-type': 'application/json', 'x-request-id': requestId },
  };
}
