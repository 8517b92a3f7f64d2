import {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  TesseraValidationError,
  type WebhookEvent,
  type WebhookPayload,
} from '@tessera/core';
import { webhookEvent } from '@tessera/core/schemas';
import {
  computeWebhookSignature,
  parseWebhookSignature,
  timingSafeEqual,
  webhookPayloadBytes,
  z,
} from '@tessera/core/internal';
import { TesseraSignatureVerificationError } from '../errors/signature-verification-error.js';

/** Options of `tessera.webhooks.constructEvent` (and `constructWebhookEvent` of `@tessera/server/internal`). */
export interface ConstructWebhookEventOptions {
  /**
   * How far, in seconds, the signature's timestamp (`t=`) may be from `receivedAt`, either way: older is a replay,
   * newer a skewed clock. 1–86400; default 300. A bare HMAC (no `t=`) has no timestamp, so none applies.
   */
  toleranceSeconds?: number;
  /** When the delivery arrived. Default: now. */
  receivedAt?: Date;
}

/** The widest tolerance accepted: a day. A replayed delivery must go stale at some point. */
export const MAX_WEBHOOK_TOLERANCE_SECONDS = 86_400;

/** A signature as a runtime hands a header over: `Headers.get` gives `null`, Node's `IncomingMessage` may give an array. */
export type WebhookSignatureHeader = string | readonly string[] | null | undefined;

function fail(code: TesseraSignatureVerificationError['code'], message: string): never {
  throw new TesseraSignatureVerificationError(code, message);
}

function toleranceOf(options: ConstructWebhookEventOptions): number {
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 1 || tolerance > MAX_WEBHOOK_TOLERANCE_SECONDS) {
    throw new TesseraValidationError([{ field: 'toleranceSeconds', code: 'out_of_range', message: `must be a number of seconds from 1 to ${MAX_WEBHOOK_TOLERANCE_SECONDS}` }]);
  }
  return tolerance;
}

/**
 * Verifies a webhook delivery and returns its event: the one way a delivery's body becomes a typed event, as Stripe's
 * `constructEvent`. In order: the signature is read (`x-tessera-signature: t=<unix seconds>,v1=<hex>`, or a bare hex
 * HMAC of the body), the HMAC-SHA256 of the raw body under `secret` is compared in constant time with each one given,
 * a signed timestamp must be within `toleranceSeconds` of now, and only then is the body parsed as JSON.
 *
 * ```ts
 * // Hono; the raw text, never a parsed body: one changed byte fails the check
 * app.post('/webhooks', async (c) => {
 *   const event = await constructWebhookEvent(await c.req.text(), c.req.header('x-tessera-signature'), secret);
 *   …
 * });
 * ```
 *
 * Web Crypto only: runs on Node, Bun, Deno and edge runtimes.
 * @param rawBody the body exactly as received: a string, `Uint8Array` (a Node `Buffer`) or `ArrayBuffer`.
 * @param signature the signature header's value, whichever header it came in.
 * @param secret the endpoint's `secret` (`whsec_…`) from `webhooks.createEndpoint`.
 * @throws TesseraSignatureVerificationError `missing_signature`, `invalid_signature`, `timestamp_outside_tolerance` or
 *   `invalid_payload`: answer 400 and do not act on the body. Its message never holds the secret.
 * @throws TesseraValidationError when `secret` is empty or `toleranceSeconds` is out of range.
 */
export async function constructWebhookEvent(
  rawBody: WebhookPayload,
  signature: WebhookSignatureHeader,
  secret: string,
  options: ConstructWebhookEventOptions = {},
): Promise<WebhookEvent> {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TesseraValidationError([{ field: 'secret', code: 'required', message: 'must be the endpoint’s signing secret (whsec_…)' }]);
  }
  const tolerance = toleranceOf(options);
  const body = webhookPayloadBytes(rawBody);
  if (body === undefined) {
    fail('invalid_payload', 'The webhook body must be the raw body as received (a string, Uint8Array or ArrayBuffer), not parsed JSON: the signature covers its exact bytes');
  }
  const values = (typeof signature === 'string' ? [signature] : [...(signature ?? [])]).filter((value) => typeof value === 'string' && value.trim() !== '');
  if (values.length === 0) fail('missing_signature', 'The webhook delivery carries no signature (header x-tessera-signature)');
  const parsed = values.map((value) => parseWebhookSignature(value)).filter((value) => value !== undefined);
  if (parsed.length === 0) fail('invalid_signature', 'The webhook signature is not in a known format (t=<unix seconds>,v1=<hex HMAC-SHA256>, or a hex HMAC-SHA256)');

  let matched: number | undefined | null = null;
  for (const { timestamp, signatures } of parsed) {
    const expected = await computeWebhookSignature(body, secret, timestamp);
    // Every candidate is compared, so the time taken does not say which one matched.
    let found = false;
    for (const candidate of signatures) found = timingSafeEqual(expected, candidate) || found;
    if (found && matched === null) matched = timestamp;
  }
  if (matched === null) fail('invalid_signature', 'No webhook signature matches the body and secret: the body was changed, or it was signed with another secret');
  if (matched !== undefined) {
    const now = Math.floor((options.receivedAt ?? new Date()).getTime() / 1000);
    if (Math.abs(now - matched) > tolerance) {
      fail('timestamp_outside_tolerance', `The webhook signature's timestamp is more than ${tolerance} s from now: a replayed delivery, or a clock out of sync`);
    }
  }

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    fail('invalid_payload', 'The verified webhook body is not JSON');
  }
  const event = z.safeParse(webhookEvent, json);
  if (!event.success) fail('invalid_payload', 'The verified webhook body is not an event (an object with string id and type)');
  return event.data;
}
