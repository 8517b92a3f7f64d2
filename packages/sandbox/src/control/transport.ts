import { TesseraConnectionError, TesseraTimeoutError, TesseraValidationError } from '@tessera/core';
import { describeConnectionFailure, readErrorCodeAndFields, SANDBOX_API_KEY } from '@tessera/core/internal';
import { SandboxControlError } from '../errors/control-error.js';

/** Options of `connectSandbox`. */
export interface ConnectSandboxOptions {
  /** The sandbox's secret API key. Default: the sandbox's own (`SANDBOX_API_KEY`), what the CLI runs with. */
  apiKey?: string;
  /** Time limit of each request, in ms. Default 10000. */
  timeoutMs?: number;
  /** The `fetch` to use. Default: the global one, looked up at call time. */
  fetch?: typeof fetch;
}

/** How the control methods reach a running sandbox: one JSON request to one of its `/sandbox/*` helper routes. */
export interface ControlTransport {
  /** The sandbox's origin, without a trailing slash (`http://localhost:4010`). */
  readonly baseUrl: string;
  /** Sends the request with the secret key; resolves the JSON answer of a 2xx, throws a typed error otherwise. */
  request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The transport of `connectSandbox(baseUrl, options)`. `baseUrl` is the sandbox's origin (`http://localhost:4010`,
 * what the CLI prints): anything else is a `TesseraValidationError` naming `baseUrl`, before any request.
 */
export function controlTransport(baseUrl: string, options: ConnectSandboxOptions = {}): ControlTransport {
  let origin: string | undefined;
  try {
    const url = new URL(baseUrl);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.replace(/\/+$/, '') === '' && url.search === '' && url.username === '') origin = url.origin;
  } catch {
    origin = undefined;
  }
  if (origin === undefined) {
    throw new TesseraValidationError([{ field: 'baseUrl', code: 'invalid_url', message: "must be the sandbox's http(s) origin, as the CLI prints it (http://localhost:4010)" }]);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= 600_000)) {
    throw new TesseraValidationError([{ field: 'timeoutMs', code: 'invalid_value', message: 'must be a whole number of ms from 1 to 600000' }]);
  }
  const apiKey = options.apiKey ?? SANDBOX_API_KEY;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new TesseraValidationError([{ field: 'apiKey', code: 'required', message: "must be the sandbox's secret API key (omit it for the sandbox's own)" }]);
  }
  const base = origin;
  return {
    baseUrl: base,
    async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const fetchImpl = options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await fetchImpl(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'manual',
        });
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === 'TimeoutError') throw new TesseraTimeoutError(`The sandbox at ${base} did not answer within ${timeoutMs} ms`);
        const { code, summary } = describeConnectionFailure(error);
        throw new TesseraConnectionError(`No sandbox answers at ${base}${summary === undefined ? '' : ` (${summary})`}: start one with \`npx tessera-sandbox\` and pass the URL it prints`, {
          origin: base,
          causeSummary: summary,
          ...(code === undefined ? {} : { reason: code }),
        });
      }
      const text = await response.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (response.ok && json !== undefined) return json as T;
      const requestId = response.headers.get('x-request-id') ?? undefined;
      if (response.ok) throw new SandboxControlError(`The sandbox at ${base} answered ${method} ${path} without JSON: is ${base} a Tessera sandbox?`, { status: response.status, code: 'invalid_answer', fields: [], requestId });
      const { code, fields } = readErrorCodeAndFields(json);
      const said = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
      const message =
        response.status === 401
          ? `The sandbox at ${base} refused the API key: pass its secret key as connectSandbox(url, { apiKey }) (the CLI prints it at start-up)`
          : typeof said === 'string'
            ? said
            : `The sandbox at ${base} answered ${response.status} to ${method} ${path}: is ${base} a Tessera sandbox?`;
      throw new SandboxControlError(message, { status: response.status, code: code ?? 'http_error', fields, requestId });
    },
  };
}
