import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { resourceId } from '../resources/common.js';
import { routePath, routes } from './routes.js';

describe('routes', () => {
  it('holds the given paths of sections 4.1–4.9', () => {
    expect(routes.processPayment).toEqual({ method: 'POST', path: '/payments/process', assumed: false });
    expect(routes.retrievePayment).toEqual({ method: 'GET', path: '/payments/{id}', assumed: false });
    expect(routes.createPaymentInstrumentFromToken.path).toBe('/payment-instruments/create-from-token');
    expect(routes.listCustomerPaymentInstruments.path).toBe('/customers/{id}/payment-instruments');
  });

  it('marks as assumed every section 4.10 path no published source confirms (processors/create, products/create and POST /payments are published)', () => {
    const assumed = Object.entries(routes).filter(([, route]) => route.assumed).map(([name]) => name).sort();
    expect(assumed).toEqual(['archiveProcessors', 'createCheckoutSession', 'createPaymentFlow', 'createStore', 'listOrders', 'listWebhookEvents']);
  });

  it('has one route per method and path', () => {
    const keys = Object.values(routes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('encodes path parameters', () => {
    expect(routePath(routes.retrievePayment, { id: 'pay_1' })).toBe('/payments/pay_1');
    expect(routePath(routes.retrievePayment, { id: '../x?y#z' })).toBe('/payments/..%2Fx%3Fy%23z');
    expect(() => routePath(routes.retrievePayment)).toThrow(TypeError);
    expect(() => routePath(routes.retrievePayment, { id: '..' })).toThrow(TypeError);
  });

  it('keeps any id that core accepts inside one path segment, whatever its characters', () => {
    const base = 'https://api.example.test/api/public/v1';
    const check = (id: string): void => {
      if (!z.safeParse(resourceId, id).success) return;
      const url = new URL(`${base}${routePath(routes.retrievePayment, { id })}?q=1`);
      expect(url.pathname.startsWith('/api/public/v1/payments/')).toBe(true);
      const segments = url.pathname.slice('/api/public/v1/payments/'.length).split('/');
      expect(segments).toHaveLength(1);
      expect(decodeURIComponent(segments[0] ?? '')).toBe(id);
      expect(url.search).toBe('?q=1');
      expect(url.hash).toBe('');
    };
    for (const id of ['../x', '..', '.', 'a/b', '?', '#', '%2e%2e', '.%2e', '\\..\\x', 'a?b#c', '/../../admin', ' ', 'é', '\u0000']) check(id);
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('.', '/', '\\', '?', '#', '%', '2', 'e', 'a', ' ') }), check), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), check), { numRuns: 200 });
  });

  it('refuses, in the id schema, the ids no URL can hold: empty, dot segments and lone surrogates', () => {
    for (const id of ['', '.', '..', '\uD800', 'a\uDC00']) expect(z.safeParse(resourceId, id).success).toBe(false);
  });
});
