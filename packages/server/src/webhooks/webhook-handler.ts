import { WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '@tessera/core';
import { readBodyBytes } from '../checkout/request-body.js';
import { TesseraSignatureVerificationError, type SignatureVerificationCode } from '../errors/signature-verification-error.js';
import { constructWebhookEvent, MAX_WEBHOOK_TOLERANCE_SECONDS } from '../resources/construct-webhook-event.js';

/** A Fetch handler for the service's webhook deliveries: a `Request` in, a `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /**
   * The endpoint's signing secret (`whsec_…`, from `webhooks.createEndpoint`), or a function reading it on each
   * delivery (`() => process.env.TESSERA_WEBHOOK_SECRET`), so that a build needs no secret. While there is none, every
   * delivery is answered 503 `webhook_secret_missing`, which the service delivers again later.
   */
  secret: string | (() => string | undefined);
  /**
   * Called with each verified event, known to this version or not (narrow with `isKnownWebhookEvent`, then
   * `switch (event.type)`). Return nothing for a 204, or your own `Response`. A throw is answered 500, so the service
   * delivers the event again: act on each `event.id` once.
   */
  onEvent: (event: WebhookEvent, request: Request) => void | Response | Promise<void | Response>;
  /** The header the signature comes in. Default `x-tessera-signature` (`WEBHOOK_SIGNATURE_HEADER`). */
  signatureHeader?: string;
  /** How far the signature's timestamp may be from now, in seconds (1–86400). Default 300. */
  toleranceSeconds?: number;
  /** The largest body read: a delivery over it is a 413, never parsed. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Told what `onEvent` threw (the service is told only `server_error`). Default `console.error`. */
  onError?: (error: unknown) => void;
}

/** The `error.code` of a webhook handler's error answer. */
export type WebhookHandlerErrorCode = SignatureVerificationCode | 'method_not_allowed' | 'webhook_secret_missing' | 'body_too_large' | 'server_error';

/** Default largest webhook body: 1 MiB. */
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

const failure = (status: number, code: WebhookHandlerErrorCode, message: string, headers: Record<string, string> = {}): Response =>
  Response.json({ error: { code, message } }, { status, headers: { 'cache-control': 'no-store', ...headers } });

function checkOptions(options: WebhookHandlerOptions): void {
  if (typeof options?.onEvent !== 'function') throw new TypeError('createWebhookHandler: pass onEvent(event, request), called with each verified event');
  const { secret, maxBodyBytes, toleranceSeconds } = options;
  if (typeof secret !== 'function' && (typeof secret !== 'string' || secret === '')) {
    throw new TypeError('createWebhookHandler: pass secret, the endpoint’s signing secret (whsec_…), or a function reading it (() => process.env.TESSERA_WEBHOOK_SECRET)');
  }
  if (maxBodyBytes !== undefined && (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1024)) throw new TypeError('createWebhookHandler: maxBodyBytes must be a whole number of bytes, at least 1024');
  if (toleranceSeconds !== undefined && !(Number.isFinite(toleranceSeconds) && toleranceSeconds >= 1 && toleranceSeconds <= MAX_WEBHOOK_TOLERANCE_SECONDS)) {
    throw new TypeError(`createWebhookHandler: toleranceSeconds must be a number of seconds from 1 to ${MAX_WEBHOOK_TOLERANCE_SECONDS}`);
  }
}

/**
 * The service's webhook deliveries as one Fetch handler, for any framework (Next.js route handlers, Hono, Bun, Deno,
 * workers; Node's servers, Express and Fastify through `toNodeListener`, mounted before any body parser). It reads the
 * raw body (up to `maxBodyBytes`), verifies it with `constructEvent` under `secret`, and hands the event to `onEvent`:
 *
 * - 204 (or `onEvent`'s own `Response`): the event was handled;
 * - 400 `missing_signature`, `invalid_signature`, `timestamp_outside_tolerance`, `invalid_payload`: not a delivery
 *   of this endpoint, or a replayed one: `onEvent` is not called;
 * - 405 (with `Allow: POST`), 413 `body_too_large`;
 * - 503 `webhook_secret_missing` while `secret` gives nothing, 500 `server_error` when `onEvent` threw: the service
 *   delivers again later.
 *
 * Each error answer is `{ error: { code, message } }`, without the secret, the signature or the body.
 *
 * @throws TypeError when an option is missing or invalid (at creation, not per delivery).
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  checkOptions(options);
  const header = options.signatureHeader ?? WEBHOOK_SIGNATURE_HEADER;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_WEBHOOK_MAX_BODY_BYTES;
  const onError = options.onError ?? ((error: unknown) => console.error('[tessera webhooks]', error));
  const secretOf = typeof options.secret === 'function' ? options.secret : () => options.secret as string;

  return async (request) => {
    if (request.method.toUpperCase() !== 'POST') return failure(405, 'method_not_allowed', 'Webhook deliveries are POSTs.', { allow: 'POST' });
    const secret = secretOf();
    if (typeof secret !== 'string' || secret === '') {
      await request.body?.cancel().catch(() => undefined);
      return failure(503, 'webhook_secret_missing', 'This server has no signing secret for its webhook endpoint yet: set it (whsec_…), and the service delivers again later.');
    }
    const body = await readBodyBytes(request, maxBodyBytes);
    if (body === undefined) return failure(413, 'body_too_large', `The delivery is over ${maxBodyBytes} bytes.`);
    let event: WebhookEvent;
    try {
      event = await constructWebhookEvent(body, request.headers.get(header), secret, options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds });
    } catch (error) {
      if (error instanceof TesseraSignatureVerificationError) return failure(400, error.code, error.message);
      throw error;
    }
    try {
      const answer = await options.onEvent(event, request);
      return answer instanceof Response ? answer : new Response(null, { status: 204 });
    } catch (error) {
      try {
        onError(error);
      } catch {
        // A logger that throws never changes the answer.
      }
      return failure(500, 'server_error', 'The event was not handled: the service delivers it again later.');
    }
  };
}
