import { operations } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import { Page } from './page.js';
import { recogniseList } from '../resources/response-body.js';

// When a list has a next page: as the answer says (the published `pagination.hasNext` or `totalPages`), else by
// `total`, else by a full page; an empty page always ends it.
const fetchPage = (): Promise<Page<unknown>> => Promise.reject(new Error('not fetched here'));
const pageFor = (name: 'listProducts' | 'listPaymentInstruments' | 'listOrders', body: unknown, page: number, pageSize: number): Page<unknown> => {
  const { items, total, hasNext } = recogniseList(operations[name], body);
  return new Page(items, { page, pageSize, total, hasNext, raw: body }, fetchPage);
};
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `x_${index}` }));

describe('Page.hasNextPage', () => {
  it('follows pagination.hasNext (products, subscriptions), and reads pagination.totalItems as total', () => {
    const more = pageFor('listProducts', { items: items(2), pagination: { hasNext: true, totalItems: 2, nextPage: 2, previousPage: null } }, 1, 10);
    expect(more.hasNextPage()).toBe(true);
    expect(more.total).toBe(2);
    expect(pageFor('listProducts', { items: items(10), pagination: { hasNext: false, totalItems: 99 } }, 1, 10).hasNextPage()).toBe(false);
  });

  it('follows page < totalPages (instruments, customers), whatever the page size the service used', () => {
    expect(pageFor('listPaymentInstruments', { items: items(20), total: 50, page: 2, pageSize: 20, totalPages: 3 }, 2, 5).hasNextPage()).toBe(true);
    expect(pageFor('listPaymentInstruments', { items: items(10), total: 50, page: 3, pageSize: 20, totalPages: 3 }, 3, 5).hasNextPage()).toBe(false);
  });

  it('without either: by total, then by a full page; an empty page ends the list', () => {
    expect(pageFor('listOrders', { data: items(2), total: 5 }, 2, 2).hasNextPage()).toBe(true);
    expect(pageFor('listOrders', { data: items(2) }, 1, 2).hasNextPage()).toBe(true);
    expect(pageFor('listOrders', { data: items(1) }, 2, 2).hasNextPage()).toBe(false);
    expect(pageFor('listProducts', { items: [], pagination: { hasNext: true } }, 1, 10).hasNextPage()).toBe(false);
  });
});
