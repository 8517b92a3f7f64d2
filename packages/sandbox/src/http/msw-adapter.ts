import { http, HttpResponse, type HttpHandler } from 'msw';
import type { SandboxAnswer } from '../wire/answer.js';
import { sandboxRequest } from './request.js';
import type { Router } from './router.js';

/** An answer as a fetch `Response` (no body for an empty one: a 204 may not have one). */
export function responseOf(answer: SandboxAnswer): Response {
  return new Response(answer.body === '' ? null : answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The sandbox as msw handlers: one handler for any method and origin that hands the request to the router and its
 * answer back to msw. When no route matches it answers nothing, so msw moves on to the next handler (or to
 * `onUnhandledRequest`), as it would past a handler whose path does not match.
 */
export function mswHandlers(router: Router): HttpHandler[] {
  const handler = http.all('*', async ({ request }) => {
    const answer = await router.route(sandboxRequest(request.method, new URL(request.url), (name) => request.headers.get(name), () => request.text()));
    if (answer === undefined) return undefined;
    return answer === 'dropped' ? HttpResponse.error() : responseOf(answer);
  });
  return [handler];
}
