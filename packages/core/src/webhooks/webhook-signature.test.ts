import { describe, expect, it } from 'vitest';
import { parseWebhookSignature, signWebhookPayload, timingSafeEqual, webhookPayloadBytes } from './webhook-signature.js';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

describe('the webhook signature format', () => {
  it('signs t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> keyed with the whole secret', async () => {
    const body = '{"id":"evt_1","type":"order/paid"}';
    // node:crypto's createHmac('sha256', 'whsec_abc').update(`1700000000.${body}`).digest('hex'), computed once.
    const expected = '1340a5e560ac02108298f1d2b2b2852cec4e8db05608ea78c5aea7587f1f6338';
    expect(await signWebhookPayload(body, 'whsec_abc', 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
    expect(await signWebhookPayload(new TextEncoder().encode(body), 'whsec_abc', 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('reads what it signs, extra parts, several v1 and a bare HMAC; refuses the rest', () => {
    const mac = 'ab'.repeat(32);
    expect(parseWebhookSignature(`t=12,v0=zz,v1=${mac},v1=${'cd'.repeat(32)}`)).toMatchObject({ timestamp: 12 });
    expect(parseWebhookSignature(`t=12,v1=${mac},v1=${'cd'.repeat(32)}`)?.signatures.map(hex)).toEqual([mac, 'cd'.repeat(32)]);
    expect(parseWebhookSignature(` sha256=${mac.toUpperCase()} `)).toEqual({ timestamp: undefined, signatures: [expect.any(Uint8Array)] });
    for (const garbled of ['', 'x', `t=12`, `v1=${mac}`, `t=1.5,v1=${mac}`, `t=12,v1=${mac.slice(1)}`, `t=1,t=2,v1=${mac}`, `t=12;v1=${mac}`]) {
      expect(parseWebhookSignature(garbled), garbled).toBeUndefined();
    }
  });

  it('compares bytes without stopping at the first difference, and never equal across lengths', () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
  });

  it('reads text and bytes, copies them, and nothing else', () => {
    const source = new Uint8Array([1, 2, 3]);
    const copy = webhookPayloadBytes(source.subarray(1));
    expect([...copy!]).toEqual([2, 3]);
    source[1] = 9;
    expect([...copy!]).toEqual([2, 3]);
    expect([...webhookPayloadBytes(new Uint8Array([7]).buffer)!]).toEqual([7]);
    for (const other of [undefined, null, 1, {}, [1], new Uint16Array([1])]) expect(webhookPayloadBytes(other)).toBeUndefined();
  });
});
