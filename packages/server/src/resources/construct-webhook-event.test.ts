import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  isKnownWebhookEvent,
  Tessera,
  TesseraError,
  TesseraSignatureVerificationError,
  TesseraValidationError,
  type Payment,
  type WebhookEvent,
} from '../index.js';
import { constructWebhookEvent } from '../internal.js';

// Signatures are made here with node:crypto, independently of the code under test (which uses Web Crypto).
const secret = 'whsec_test_3f9a1c';
const event = { id: 'evt_1', type: 'payment/succeeded', storeId: 'store_1', createdAt: '2026-01-01T00:00:00.000Z', data: { id: 'pay_1', status: 'succeeded' } };
const body = JSON.stringify(event);
const now = () => Math.floor(Date.now() / 1000);
const hmac = (payload: string | Buffer, key = secret): string => createHmac('sha256', key).update(payload).digest('hex');
const header = (payload: string, t = now(), key = secret): string => `t=${t},v1=${hmac(`${t}.${payload}`, key)}`;

async function refusal(promise: Promise<unknown>): Promise<TesseraSignatureVerificationError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(TesseraSignatureVerificationError);
  return error as TesseraSignatureVerificationError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('constructWebhookEvent', () => {
  it('returns the event of a body signed t=<unix seconds>,v1=<hex HMAC of "<t>.<body>">', async () => {
    expect(await constructWebhookEvent(body, header(body), secret)).toEqual(event);
  });

  it.each([
    ['a Uint8Array', new TextEncoder().encode(body)],
    ['a Node Buffer', Buffer.from(body)],
    ['an ArrayBuffer', new TextEncoder().encode(body).buffer],
  ])('takes the raw body as %s', async (_name, raw) => {
    expect(await constructWebhookEvent(raw, header(body), secret)).toEqual(event);
  });

  it('verifies the exact bytes: non-ASCII text signed as UTF-8', async () => {
    const text = JSON.stringify({ ...event, data: { note: 'café ☕' } });
    expect((await constructWebhookEvent(Buffer.from(text), header(text), secret)).data).toEqual({ note: 'café ☕' });
  });

  it('refuses a tampered body, even one that only changes whitespace', async () => {
    const signature = header(body);
    expect((await refusal(constructWebhookEvent(body.replace('succeeded', 'refunded'), signature, secret))).code).toBe('invalid_signature');
    expect((await refusal(constructWebhookEvent(`${body} `, signature, secret))).code).toBe('invalid_signature');
  });

  it('refuses a body signed with another secret, and never echoes the secret', async () => {
    const error = await refusal(constructWebhookEvent(body, header(body, now(), 'whsec_other'), secret));
    expect(error.code).toBe('invalid_signature');
    expect(error.name).toBe('TesseraSignatureVerificationError');
    for (const shown of [error.message, JSON.stringify(error), String(error.stack)]) {
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain('whsec_other');
    }
    expect(TesseraSignatureVerificationError.isInstance(error)).toBe(true);
    expect(TesseraError.isInstance(error)).toBe(true);
  });

  it('refuses a replay signed more than 300 s ago, and a timestamp more than 300 s ahead', async () => {
    expect((await refusal(constructWebhookEvent(body, header(body, now() - 301), secret))).code).toBe('timestamp_outside_tolerance');
    expect((await refusal(constructWebhookEvent(body, header(body, now() + 301), secret))).code).toBe('timestamp_outside_tolerance');
    expect(await constructWebhookEvent(body, header(body, now() - 290), secret)).toEqual(event);
  });

  it('applies toleranceSeconds and receivedAt', async () => {
    const signedAt = 1_800_000_000;
    const signature = header(body, signedAt);
    const at = (seconds: number) => new Date(seconds * 1000);
    expect(await constructWebhookEvent(body, signature, secret, { receivedAt: at(signedAt + 60), toleranceSeconds: 60 })).toEqual(event);
    expect((await refusal(constructWebhookEvent(body, signature, secret, { receivedAt: at(signedAt + 61), toleranceSeconds: 60 }))).code).toBe('timestamp_outside_tolerance');
  });

  it('checks the timestamp only after the HMAC: an old signature under the wrong secret is invalid_signature', async () => {
    expect((await refusal(constructWebhookEvent(body, header(body, now() - 10_000, 'whsec_other'), secret))).code).toBe('invalid_signature');
  });

  it('refuses an unbounded or empty tolerance, and an empty secret, before anything else', async () => {
    for (const toleranceSeconds of [0, -1, Number.POSITIVE_INFINITY, Number.NaN, 86_401]) {
      await expect(constructWebhookEvent(body, header(body), secret, { toleranceSeconds })).rejects.toBeInstanceOf(TesseraValidationError);
    }
    await expect(constructWebhookEvent(body, header(body), '')).rejects.toBeInstanceOf(TesseraValidationError);
  });

  it.each([
    ['undefined', undefined],
    ['null (Headers.get of an absent header)', null],
    ['an empty string', ''],
    ['blank', '   '],
    ['an empty array', []],
  ])('refuses a missing signature: %s', async (_name, signature) => {
    expect((await refusal(constructWebhookEvent(body, signature, secret))).code).toBe('missing_signature');
  });

  it.each([
    ['text', 'not a signature'],
    ['a timestamp without v1', `t=${now()}`],
    ['v1 without a timestamp', `v1=${hmac(body)}`],
    ['a timestamp that is not a number', `t=soon,v1=${hmac(body)}`],
    ['two timestamps', `t=${now()},t=${now()},v1=${hmac(body)}`],
    ['a short HMAC', `t=${now()},v1=abcdef`],
    ['a bare HMAC of the wrong length', hmac(body).slice(2)],
  ])('refuses a garbled signature: %s', async (_name, signature) => {
    expect((await refusal(constructWebhookEvent(body, signature, secret))).code).toBe('invalid_signature');
  });

  it('accepts the published form, a bare hex HMAC of the body (no timestamp, so no tolerance), also as sha256=<hex>', async () => {
    expect(await constructWebhookEvent(body, hmac(body), secret)).toEqual(event);
    expect(await constructWebhookEvent(body, hmac(body).toUpperCase(), secret)).toEqual(event);
    expect(await constructWebhookEvent(body, `sha256=${hmac(body)}`, secret)).toEqual(event);
    expect((await refusal(constructWebhookEvent(body, hmac(`${body} `), secret))).code).toBe('invalid_signature');
  });

  it('accepts any one matching v1 (a secret rotation) and a header given as an array (Node)', async () => {
    const t = now();
    const rotated = `t=${t},v1=${hmac(`${t}.${body}`, 'whsec_old')},v1=${hmac(`${t}.${body}`)}`;
    expect(await constructWebhookEvent(body, rotated, secret)).toEqual(event);
    expect(await constructWebhookEvent(body, ['garbage', header(body)], secret)).toEqual(event);
  });

  it('never parses the body before it is verified', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const notJson = '{"id": "evt_1", "type": ';
    expect((await refusal(constructWebhookEvent(notJson, header(body), secret))).code).toBe('invalid_signature');
    expect((await refusal(constructWebhookEvent(body, 'garbage', secret))).code).toBe('invalid_signature');
    expect((await refusal(constructWebhookEvent(body, undefined, secret))).code).toBe('missing_signature');
    expect(parse).not.toHaveBeenCalled();
    // Signed but not JSON: refused only once verified.
    expect((await refusal(constructWebhookEvent(notJson, header(notJson), secret))).code).toBe('invalid_payload');
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('refuses, once verified, JSON that is not an event', async () => {
    for (const payload of ['[]', '{"id":"evt_1"}', '"text"', '{"id":1,"type":"x"}']) {
      expect((await refusal(constructWebhookEvent(payload, header(payload), secret))).code).toBe('invalid_payload');
    }
  });

  it('types a known event once isKnownWebhookEvent says so, and passes an unknown type and extra fields through without throwing', async () => {
    const payment = { id: 'pay_1', amount: 1999, currency: 'USD', status: 'declined', requireAction: 'error', requireActionData: { type: 'error', errorCode: 'insufficient_funds', message: 'Insufficient funds' } };
    const declined = JSON.stringify({ ...event, type: 'payment/declined', data: payment, deliveredAt: 'x' });
    const known = await constructWebhookEvent(declined, header(declined), secret);
    expectTypeOf(known).toEqualTypeOf<WebhookEvent>();
    expect(isKnownWebhookEvent(known)).toBe(true);
    if (!isKnownWebhookEvent(known)) return;
    switch (known.type) {
      case 'payment/declined':
        expectTypeOf(known.data).toEqualTypeOf<Payment>();
        expect(known.data.requireActionData?.errorCode).toBe('insufficient_funds');
        break;
      default:
        throw new Error(`not a payment/declined: ${known.type}`);
    }
    expect(known).toMatchObject({ deliveredAt: 'x' });
    for (const other of [{ ...event, type: 'dispute/opened', data: { id: 'dp_1' } }, { id: 'evt_2', type: 'payment/succeeded', data: 'pay_1' }]) {
      const text = JSON.stringify(other);
      const passed = await constructWebhookEvent(text, header(text), secret);
      expect(passed).toEqual(other);
      expect(isKnownWebhookEvent(passed)).toBe(false);
    }
  });

  it('refuses a body that was already parsed: the signature covers the raw bytes', async () => {
    const error = await refusal(constructWebhookEvent(event as never, header(body), secret));
    expect(error.code).toBe('invalid_payload');
    expect(error.message).toContain('raw body');
  });

  it('is tessera.webhooks.constructEvent, which sends nothing', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const tessera = new Tessera({ apiKey: 'sk_test_1', baseUrl: 'https://api.example.test', fetch });
    expect(await tessera.webhooks.constructEvent(body, header(body), secret, { toleranceSeconds: 60 })).toEqual(event);
    expect(fetch).not.toHaveBeenCalled();
  });
});
