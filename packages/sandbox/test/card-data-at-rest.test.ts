import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { encodeServiceToken } from '@tessera/core';
import { routes } from '@tessera/core/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxRoutes, startSandboxServer } from '../src/index.js';
import { purchase } from './fixtures.js';
import { client } from './support.js';

// Issue 34, item 1: the test cards of every card path, paid with and without an Idempotency-Key (and retried with
// it), against a sandbox on a data file; then the file's bytes (and its WAL's) hold no card number and no CVC.

const dir = mkdtempSync(join(tmpdir(), 'tessera-card-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The test cards, each with a CVC no other value of the file is likely to hold next to a `cvc` key.
const cards = [
  { number: '4242424242424242', cvc: '918' },
  { number: '4000000000003220', cvc: '827' },
  { number: '5555555555554444', cvc: '736' },
  { number: '378282246310005', cvc: '6451' },
  { number: '4000000000000002', cvc: '645' },
] as const;

/** Where a value could sit in the file: the digits as given, spaced, and a CVC beside its key in any JSON nesting. */
function leaks(bytes: string, card: (typeof cards)[number]): string[] {
  const found: string[] = [];
  if (bytes.includes(card.number)) found.push(`number ${card.number}`);
  if (bytes.includes(card.number.replace(/(\d{4})(?=\d)/g, '$1 '))) found.push(`spaced ${card.number}`);
  if (new RegExp(`cvc\\W{0,8}${card.cvc}(?!\\d)`).test(bytes)) found.push(`cvc ${card.cvc}`);
  return found;
}

describe('no card data at rest', () => {
  it('keeps no card number or CVC in the data file (or its WAL), whatever path a card takes, with or without an Idempotency-Key', async () => {
    const folder = join(dir, '.tessera-sandbox');
    const file = join(folder, 'sandbox.db');
    const server = await startSandboxServer({ port: 0, sandboxOptions: { dataFile: file } });
    const c = client(server.url, server.sandbox);
    const answers: string[] = [];
    const keep = <T extends { body: unknown }>(answer: T): T => {
      answers.push(JSON.stringify(answer.body));
      return answer;
    };
    const { storeId, gateway } = server.sandbox.defaults;
    let key = 0;
    // An instrument from a vault token, as the tokenizer's service token names it (with a key: a second time, replayed).
    const instrumentOf = async (token: { id: string; card: { last4: string; brand: string } }, store: string): Promise<string> => {
      const serviceToken = encodeServiceToken({ type: 'card', token: token.id, provider: 'basistheory', nonSensitiveMetadata: { last4: token.card.last4, brand: token.card.brand } });
      const body = { serviceToken, storeId: store, customerData: { email: 'ada@example.com', firstName: 'Ada' } };
      const headers = { 'idempotency-key': `k-${++key}` };
      const created = keep(await c.api(routes.createPaymentInstrumentFromToken, { body, headers }));
      expect(keep(await c.api(routes.createPaymentInstrumentFromToken, { body, headers })).body).toEqual(created.body);
      return created.body.paymentInstrument.id as string;
    };
    for (const card of cards) {
      const tokens: { id: string; card: { last4: string; brand: string } }[] = [];
      const body = { type: 'card', data: { number: card.number, expiration_month: 12, expiration_year: 2034, cvc: card.cvc } };
      for (const keyed of [false, true]) {
        // Each request its own key (a key is one request's), or none.
        const next = (): Record<string, string> => (keyed ? { 'idempotency-key': `k-${++key}` } : {});
        // The vault: a token, a retry with the same key (replayed), and a refused card (expired) with a key.
        const headers = next();
        const token = keep(await c.vault(sandboxRoutes.vaultTokenizeCard, body, headers));
        expect(token.status).toBe(201);
        tokens.push(token.body);
        if (keyed) {
          const replay = keep(await c.vault(sandboxRoutes.vaultTokenizeCard, body, headers));
          expect(replay.headers.get('idempotent-replayed')).toBe('true');
          expect(replay.body.id).toBe(token.body.id);
        }
        const expired = { ...body, data: { ...body.data, expiration_year: 2001 } };
        expect(keep(await c.vault(`${sandboxRoutes.vaultTokenizeCard}/`, expired, next())).status).toBe(400);
        // BT's 3DS session: for the token, for the card number itself (`pan`), a number sent as a token id, a bad pan.
        const device = { type: 'customer', device: 'browser', device_info: { browser_language: 'en' } };
        const bt = (session: Record<string, unknown>) => c.send('POST', '/3ds/sessions', { ...session, ...device }, { authorization: '', 'bt-api-key': server.sandbox.vaultKey, ...next() });
        expect(keep(await bt({ token_id: token.body.id })).status).toBe(201);
        expect(keep(await bt({ pan: card.number })).status).toBe(201);
        expect(keep(await bt({ token_id: card.number })).status).toBe(400);
        expect(keep(await bt({ pan: `${card.number.slice(0, -1)}${(Number(card.number.at(-1)) + 1) % 10}` })).status).toBe(400);
      }
      // The service-token helper: the card in its body, with a key and without, and a refused one.
      for (const headers of [{}, { 'idempotency-key': `k-${++key}` }]) {
        const made = keep(await c.send('POST', sandboxRoutes.createServiceToken, { card: { number: card.number, cvc: card.cvc } }, headers));
        expect(made.status).toBe(201);
        await instrumentOf({ id: made.body.card.tokenId, card: made.body.card }, storeId);
      }
      expect(keep(await c.send('POST', sandboxRoutes.createServiceToken, { card: { number: card.number, cvc: card.cvc, expYear: 2001 } })).status).toBe(400);
      // An instrument from the card's token, and a payment with it (the gateway store: 3DS and declines included).
      keep(await c.api(routes.processPayment, { body: purchase(gateway.storeId, await instrumentOf(tokens[0]!, gateway.storeId)), headers: { 'idempotency-key': `k-${++key}` } }));
      keep(await c.api(routes.processPayment, { body: purchase(storeId, await instrumentOf(tokens[1]!, storeId)) }));
      // Card data sent to the API by mistake, with a key: refused, and not kept.
      const mistaken = { serviceToken: 'x', storeId, customerData: { email: 'ada@example.com' }, cardNumber: card.number, cvc: card.cvc };
      expect(keep(await c.api(routes.createPaymentInstrumentFromToken, { body: mistaken, headers: { 'idempotency-key': `k-${++key}` } })).status).toBe(400);
      // A card number in a path: the 404 does not echo it.
      keep(await c.api(routes.retrievePayment, { params: { id: card.number } }));
      keep(await c.send('GET', `/tokens/${card.number}`));
    }
    // No answer echoed a card number or a CVC.
    for (const card of cards) {
      for (const answer of answers) {
        expect(answer).not.toContain(card.number);
        expect(answer).not.toMatch(new RegExp(`cvc\\W{0,8}${card.cvc}(?!\\d)`));
      }
    }
    // Before closing: the WAL holds what the running sandbox wrote.
    const files = [file, `${file}-wal`, `${file}-shm`, `${file}-journal`].filter((path) => existsSync(path));
    expect(files).toContain(`${file}-wal`);
    const scan = (): string[] => files.filter((path) => existsSync(path)).flatMap((path) => cards.flatMap((card) => leaks(readFileSync(path).toString('latin1'), card).map((leak) => `${path}: ${leak}`)));
    expect(scan()).toEqual([]);
    if (process.platform !== 'win32') {
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      for (const path of files) expect(statSync(path).mode & 0o777, path).toBe(0o600);
    }
    await server.close();
    expect(scan()).toEqual([]);
    // The sandbox did keep what it should (the payments, the idempotent answers of the API): the scan read a real file.
    const db = new DatabaseSync(file, { readOnly: true });
    const kept = db.prepare("SELECT count(*) AS n FROM records WHERE collection = 'idempotencyAnswers'").get() as { n: number };
    const payments = db.prepare("SELECT count(*) AS n FROM records WHERE collection = 'payments'").get() as { n: number };
    db.close();
    expect(kept.n).toBeGreaterThanOrEqual(cards.length * 2);
    expect(payments.n).toBe(cards.length * 2);
  });
});
