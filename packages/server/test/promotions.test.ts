import { SANDBOX_SHOP_STORE_ID } from '@tessera/core/internal';
import type { SandboxServer } from '@tessera/sandbox';
import { describe, expect, it } from 'vitest';
import { Tessera, TesseraConflictError, TesseraNotFoundError, TesseraValidationError } from '../src/index.js';
import { useSandboxServer } from './use-sandbox-server.js';

// `tessera.promotions` and `tessera.promotionCodes` against a sandbox over HTTP: the round trips, and a list walked
// page by page through the published `{ items, pagination: { page, limit, total, totalPages } }`.

let server: SandboxServer;
useSandboxServer((started) => (server = started));
const client = (): Tessera => new Tessera({ apiKey: server.sandbox.apiKey, baseUrl: server.url });

describe('promotions and promotion codes through the client', () => {
  it('create, update and retrieve a promotion; unknown ids and bad input are typed errors', async () => {
    const tessera = client();
    const created = await tessera.promotions.create({ storeId: SANDBOX_SHOP_STORE_ID, name: 'Summer', usageLimit: 10 });
    expect(created).toMatchObject({ id: expect.stringMatching(/^promo_/), name: 'Summer', enabled: true, usageCount: 0 });
    const updated = await tessera.promotions.update({ id: created.id, data: { name: 'Winter', enabled: false } });
    expect(updated).toMatchObject({ id: created.id, name: 'Winter', enabled: false, usageLimit: 10 });
    expect(await tessera.promotions.retrieve({ id: created.id, storeId: SANDBOX_SHOP_STORE_ID })).toMatchObject({ id: created.id, name: 'Winter' });
    await expect(tessera.promotions.retrieve({ id: created.id, storeId: server.sandbox.defaults.storeId })).rejects.toBeInstanceOf(TesseraNotFoundError);
    // Refused before sending, naming the field.
    await expect(tessera.promotions.create({ storeId: SANDBOX_SHOP_STORE_ID, name: '' })).rejects.toMatchObject({ fields: [expect.objectContaining({ field: 'name' })] });
    await expect(tessera.promotionCodes.create({ code: 'X', promotionId: created.id, usageLimit: 1.5 })).rejects.toBeInstanceOf(TesseraValidationError);
  });

  it('creates codes, refuses a duplicate (409), and lists every page with for await', async () => {
    const tessera = client();
    const promotion = await tessera.promotions.create({ storeId: SANDBOX_SHOP_STORE_ID, name: 'Paged' });
    const made = [];
    for (const code of ['P1', 'P2', 'P3', 'P4', 'P5']) made.push(await tessera.promotionCodes.create({ code, promotionId: promotion.id }));
    // Never retried: the same code fails again (`duplicate_code` is a permanent conflict).
    const duplicate = tessera.promotionCodes.create({ code: 'p1', promotionId: promotion.id });
    await expect(duplicate).rejects.toBeInstanceOf(TesseraConflictError);
    await expect(duplicate).rejects.toMatchObject({ code: 'duplicate_code', message: expect.stringContaining('code is already a promotion code of this store') });
    const first = await tessera.promotionCodes.list({ promotionId: promotion.id, limit: 2 });
    expect(first.data.map((code) => code.code)).toEqual(['P5', 'P4']);
    expect([first.total, first.hasNextPage()]).toEqual([5, true]);
    const all = [];
    for await (const code of tessera.promotionCodes.list({ promotionId: promotion.id, limit: 2 })) all.push(code.id);
    expect(all).toEqual(made.map((code) => code.id).reverse());
    const updated = await tessera.promotionCodes.update({ id: made[0]!.id, data: { active: false } });
    expect(updated).toMatchObject({ id: made[0]!.id, active: false });
    expect((await tessera.promotionCodes.list({ promotionId: promotion.id })).data).toHaveLength(4);
    expect((await tessera.promotionCodes.list({ promotionId: promotion.id, includeInactive: true })).data).toHaveLength(5);
  });
});
