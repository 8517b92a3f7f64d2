import { describe, expect, it } from 'vitest';
import { describeDrift, shapeDrift } from './drift-shape.js';

describe('shapeDrift', () => {
  it('finds nothing between answers of the same shape, whatever their values', () => {
    expect(shapeDrift({ id: 'pay_1', amount: 100, customer: { email: 'a@b.c' } }, { id: 'pay_9', amount: 5, customer: { email: 'x@y.z' } })).toEqual([]);
  });

  it('names keys one side has and the other never shows, nested ones by their path', () => {
    expect(shapeDrift({ id: 'a', customer: { id: 'c', email: 'e' } }, { id: 'b', created: 1, customer: { email: 'e' } })).toEqual([
      { path: 'created', kind: 'only-sandbox' },
      { path: 'customer.id', kind: 'only-live' },
    ]);
  });

  it('tells a number from a string and null from missing', () => {
    expect(shapeDrift({ amount: '2999', note: null }, { amount: 2999 })).toEqual([
      { path: 'amount', kind: 'type', live: ['string'], sandbox: ['number'] },
      { path: 'note', kind: 'only-live' },
    ]);
    expect(shapeDrift({ note: null }, { note: 'x' })).toEqual([{ path: 'note', kind: 'type', live: ['null'], sandbox: ['string'] }]);
  });

  it('compares the union of the items of arrays of objects', () => {
    const live = { items: [{ id: 'a', card: { last4: '1' } }, { id: 'b', extra: true }] };
    const sandbox = { items: [{ id: 'c' }, { id: 'd', card: { last4: '2' }, extra: false }] };
    expect(shapeDrift(live, sandbox)).toEqual([]);
    expect(shapeDrift(live, { items: [{ id: 'c', card: { last4: 2 } }] })).toEqual([
      { path: 'items[].card.last4', kind: 'type', live: ['string'], sandbox: ['number'] },
      { path: 'items[].extra', kind: 'only-live' },
    ]);
  });

  it('does not compare items when one side shows none', () => {
    expect(shapeDrift({ items: [] }, { items: [{ id: 'a' }] })).toEqual([]);
  });

  it('compares the values of status-like fields only, and prints none of the others', () => {
    const live = { status: 'succeeded', subStatus: 'captured', id: 'pay_secret', transactions: [{ type: 'purchase', status: 'succeeded' }, { type: 'refund', status: 'succeeded' }] };
    const sandbox = { status: 'succeeded', subStatus: 'authorized', id: 'pay_other', transactions: [{ type: 'purchase', status: 'failed' }] };
    const drifts = shapeDrift(live, sandbox);
    expect(drifts).toEqual([
      { path: 'subStatus', kind: 'values', onlyLive: ['captured'], onlySandbox: ['authorized'] },
      { path: 'transactions[].status', kind: 'values', onlyLive: ['succeeded'], onlySandbox: ['failed'] },
      { path: 'transactions[].type', kind: 'values', onlyLive: ['refund'], onlySandbox: [] },
    ]);
    const printed = drifts.map(describeDrift).join('\n');
    expect(printed).not.toContain('pay_');
    expect(printed).toContain('transactions[].type: live shows "refund" (never on sandbox)');
  });

  it('never prints a status value that looks like free text', () => {
    const [drift] = shapeDrift({ status: '4242 4242 4242 4242' }, { status: 'ok' });
    expect(describeDrift(drift!)).toBe('status: live shows "<other value>" (never on sandbox); sandbox shows "ok" (never on live)');
  });

  it('reports a bare array against a wrapped one at the top', () => {
    expect(shapeDrift([{ id: 'a' }], { events: [] })).toEqual([
      { path: '(answer)', kind: 'type', live: ['array'], sandbox: ['object'] },
    ]);
  });
});
