import { TesseraValidationError, type Payment } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { Page, PagePromise } from '../core/page.js';
import { reconcilePayment, type ReconcilePayments } from './reconcile.js';

// The search's verdicts against lists a real service might answer: odd amounts, metadata kept as text, ignored sorts,
// unknown shapes. Each list here is served by a fake `payments`; nothing is sent.
const sentAt = new Date();
const request = { mode: 'purchase', amount: 9999, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' } as const;
const at = (offsetMs: number) => new Date(sentAt.getTime() + offsetMs).toISOString();
const payment = (fields: Record<string, unknown>) => ({ id: 'pay_1', status: 'succeeded', amount: 9999, currency: 'USD', createdAt: at(1000), ...fields }) as unknown as Payment;

/** A fake list answering `pages` one after the other (each page `raw` is its own data unless given). */
function listing(pages: { data: Payment[]; raw?: unknown }[]): ReconcilePayments {
  const pageAt = (index: number): Page<Payment> =>
    new Page(pages[index]!.data, { page: index + 1, pageSize: 100, total: undefined, raw: pages[index]!.raw ?? { payments: pages[index]!.data }, hasNext: index + 1 < pages.length }, () => Promise.resolve(pageAt(index + 1)));
  return {
    idempotentRetries: false,
    process: () => Promise.reject(new Error('never replayed')),
    retrieve: () => Promise.reject(new Error('never read')),
    list: () => new PagePromise(Promise.resolve(pageAt(0))),
  };
}

const reconcile = (payments: ReconcilePayments, extra: Record<string, unknown> = {}, options = {}) =>
  reconcilePayment(payments, { request: { ...request, ...extra }, sentAt }, { settleMs: 0, ...options });

describe('reconcile search', () => {
  it('never rules a payment out by an amount the list gives in major units or not at all', async () => {
    const result = await reconcile(listing([{ data: [payment({ amount: 99.99, paymentInstrument: { id: 'pi_1' } })] }]));
    expect(result).toMatchObject({ outcome: 'ambiguous', candidates: [{ id: 'pay_1' }] });
  });

  it('compares metadata as text (a service may keep 1 as "1")', async () => {
    const result = await reconcile(listing([{ data: [payment({ metadata: { n: '1' } })] }]), { metadata: { n: 1 } });
    expect(result).toMatchObject({ outcome: 'found', payment: { id: 'pay_1' } });
  });

  it('does not take the instrument as proof when the request had an order the list does not show', async () => {
    const result = await reconcile(listing([{ data: [payment({ paymentInstrument: { id: 'pi_1' } })] }]), { orderId: 'order_1' });
    expect(result.outcome).toBe('ambiguous');
  });

  it('reads on when the sort was ignored across pages, however small they are', async () => {
    const old = payment({ id: 'pay_old', createdAt: at(-3_600_000) });
    const mine = payment({ id: 'pay_mine', paymentInstrument: { id: 'pi_1' } });
    const newer = payment({ id: 'pay_b', amount: 1, createdAt: at(2000) });
    const result = await reconcile(listing([{ data: [payment({ id: 'pay_a', amount: 1, createdAt: at(500) })] }, { data: [newer, old] }, { data: [mine] }]));
    expect(result).toMatchObject({ outcome: 'found', payment: { id: 'pay_mine' } });
  });

  it('never answers not_found from an answer that shows no list', async () => {
    const result = await reconcile(listing([{ data: [], raw: { results: [payment({})] } }]));
    expect(result).toMatchObject({ outcome: 'ambiguous', candidates: [], search: { complete: false } });
  });

  it('keeps a payment without a currency as a candidate rather than throwing', async () => {
    const result = await reconcile(listing([{ data: [payment({ currency: undefined, paymentInstrument: { id: 'pi_1' } })] }]));
    expect(result.outcome).toBe('ambiguous');
  });

  it('refuses options it cannot search with, before any request', async () => {
    await expect(reconcile(listing([]), {}, { clockSkewMs: -1 })).rejects.toBeInstanceOf(TesseraValidationError);
    await expect(reconcile(listing([]), {}, { maxPages: Number.NaN })).rejects.toMatchObject({ fields: [{ field: 'maxPages' }] });
  });

  it('never replays a key older than keyRetentionMs (the service may have forgotten it): it searches instead', async () => {
    const sent: string[] = [];
    const payments = { ...listing([{ data: [payment({ paymentInstrument: { id: 'pi_1' }, createdAt: at(-25 * 3_600_000 + 1000) })] }]), idempotentRetries: true };
    const process = () => {
      sent.push('process');
      return Promise.reject(new Error('replayed'));
    };
    const dayOld = new Date(sentAt.getTime() - 25 * 3_600_000);
    const result = await reconcilePayment({ ...payments, process }, { request, idempotencyKey: 'key_1', sentAt: dayOld }, { settleMs: 0 });
    expect(sent).toEqual([]);
    expect(result).toMatchObject({ outcome: 'found', reliedOn: expect.not.arrayContaining(['idempotency_key']) });
    // Within the retention the key is replayed; a shorter retention is the caller's to give, and is checked.
    await expect(reconcilePayment({ ...payments, process }, { request, idempotencyKey: 'key_1', sentAt: dayOld }, { settleMs: 0, keyRetentionMs: 26 * 3_600_000 })).rejects.toThrow('replayed');
    expect(sent).toEqual(['process']);
    await expect(reconcile(payments, {}, { keyRetentionMs: -1 })).rejects.toMatchObject({ fields: [{ field: 'keyRetentionMs', code: 'invalid' }] });
  });
});
