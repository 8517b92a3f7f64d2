import { decodeBase64, encodeBase64, timingSafeEqual } from '@tessera/core/internal';

// A payment token: `v1.<payment id, base64url>.<expiry, unix seconds>.<HMAC-SHA256, base64url>`, the HMAC keyed with
// the handler's secret over a fixed label, the id and the expiry. It names the one payment a page may read, continue
// or save a radar session for, for a while; nothing in it is secret but the HMAC.

const encoder = new TextEncoder();
const LABEL = 'tessera checkout payment token v1';

const toBase64Url = (bytes: Uint8Array): string => encodeBase64(bytes, true);

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    return decodeBase64(text);
  } catch {
    return undefined;
  }
}

/** Signs and checks the payment tokens of one handler. */
export interface PaymentTokens {
  /** A token naming `paymentId`, valid for the handler's time to live from now. */
  sign(paymentId: string): Promise<string>;
  /** True when `token` is one this handler signed for `paymentId` and has not expired. */
  verify(token: string | null, paymentId: string): Promise<boolean>;
}

/** Payment tokens keyed with `secret` (resolved once, on first use), living `ttlSeconds`. */
export function paymentTokens(secret: () => Promise<Uint8Array>, ttlSeconds: number, now: () => number = () => Date.now()): PaymentTokens {
  let key: Promise<CryptoKey> | undefined;
  const hmac = async (paymentId: string, expiry: number): Promise<Uint8Array> => {
    key ??= secret().then((bytes) => crypto.subtle.importKey('raw', new Uint8Array(bytes), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']));
    // The id's length first, so no id and expiry pair reads as another.
    return new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(`${LABEL}\n${paymentId.length}:${paymentId}\n${expiry}`)));
  };
  return {
    async sign(paymentId) {
      const expiry = Math.floor(now() / 1000) + ttlSeconds;
      return `v1.${toBase64Url(encoder.encode(paymentId))}.${expiry}.${toBase64Url(await hmac(paymentId, expiry))}`;
    },
    async verify(token, paymentId) {
      if (token === null || token.length > 1024) return false;
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== 'v1' || !/^\d{1,12}$/.test(parts[2]!)) return false;
      const named = fromBase64Url(parts[1]!);
      const given = fromBase64Url(parts[3]!);
      if (named === undefined || given === undefined) return false;
      const expiry = Number(parts[2]);
      // Checked in full whatever fails, so the time taken says nothing of which part was wrong.
      const expected = await hmac(paymentId, expiry);
      const sameId = timingSafeEqual(named, encoder.encode(paymentId));
      const sameHmac = timingSafeEqual(given, expected);
      return sameId && sameHmac && expiry * 1000 > now();
    },
  };
}
