// The one definition of how a webhook delivery is signed: the sandbox signs with it and the server client's
// `constructEvent` verifies with it. Web Crypto only (`crypto.subtle`), so it runs on Node, workerd, Deno and Bun.

/**
 * The header the sandbox sends a delivery's signature in. The vendor publishes HMAC-SHA256 over the raw JSON body but
 * no header name: this one is the sandbox's choice (`docs/contracts.md`); verification takes the value from any header.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-tessera-signature';

/** How far a signed timestamp may be from the receiver's clock, in seconds, unless told otherwise: 5 minutes. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/** A delivery's body exactly as received: text, or its bytes. */
export type WebhookPayload = string | Uint8Array | ArrayBuffer;

/** What a signature header holds: the signed timestamp (unix seconds), when there is one, and each HMAC given. */
export interface ParsedWebhookSignature {
  /** `t=`: when the delivery was signed, in unix seconds; `undefined` for a bare HMAC of the body. */
  timestamp: number | undefined;
  /** Every `v1=` HMAC (several during a secret rotation), or the one bare HMAC, as 32 bytes each. */
  signatures: Uint8Array[];
}

const encoder = new TextEncoder();
const hexDigest = /^[0-9a-f]{64}$/i;

/** The bytes of a payload (a copy, on an `ArrayBuffer` of its own); `undefined` when it is not text or bytes. */
export function webhookPayloadBytes(payload: unknown): Uint8Array<ArrayBuffer> | undefined {
  if (typeof payload === 'string') return encoder.encode(payload);
  // By tag rather than `instanceof`, so bytes made in another realm (a VM, an iframe) are read too.
  if (ArrayBuffer.isView(payload) && Object.prototype.toString.call(payload) === '[object Uint8Array]') {
    return new Uint8Array(new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength));
  }
  if (Object.prototype.toString.call(payload) === '[object ArrayBuffer]') return new Uint8Array((payload as ArrayBuffer).slice(0));
  return undefined;
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * HMAC-SHA256, keyed with the UTF-8 bytes of the whole `secret` (`whsec_…` included), of `<timestamp>.<body>` when a
 * timestamp is given, else of the body alone (the vendor's published form).
 */
export async function computeWebhookSignature(body: Uint8Array, secret: string, timestamp?: number): Promise<Uint8Array> {
  const prefix = timestamp === undefined ? new Uint8Array(0) : encoder.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
}

/**
 * The signature header value of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the sandbox
 * sends it in {@link WEBHOOK_SIGNATURE_HEADER}. Use it to sign bodies in your own tests of a webhook route.
 * @param timestamp unix seconds; default now.
 */
export async function signWebhookPayload(payload: WebhookPayload, secret: string, timestamp: number = Math.floor(Date.now() / 1000)): Promise<string> {
  const body = webhookPayloadBytes(payload);
  if (body === undefined) throw new TypeError('The payload must be a string, a Uint8Array or an ArrayBuffer');
  return `t=${timestamp},v1=${bytesToHex(await computeWebhookSignature(body, secret, timestamp))}`;
}

/**
 * Reads a signature header: `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (other `key=value` parts are ignored), or a bare
 * hex HMAC of the body (64 hex digits, optionally `sha256=`). `undefined` when it is neither: no HMAC of the right
 * length, a timestamp that is not a whole number, or two timestamps.
 */
export function parseWebhookSignature(header: string): ParsedWebhookSignature | undefined {
  const value = header.trim();
  const bare = value.replace(/^sha256=/i, '');
  if (hexDigest.test(bare)) return { timestamp: undefined, signatures: [hexToBytes(bare)] };
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) return undefined;
    const key = part.slice(0, at).trim();
    const item = part.slice(at + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(item)) return undefined;
      timestamp = Number(item);
    } else if (key === 'v1' && hexDigest.test(item)) {
      signatures.push(hexToBytes(item));
    }
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/**
 * True when `a` and `b` hold the same bytes, in time that depends only on their length (which is public: an HMAC's
 * is fixed), never on where they first differ.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
