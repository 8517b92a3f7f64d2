import { describe, expect, it } from 'vitest';
import { routePath, routes } from './routes.js';

describe('routes', () => {
  it('holds the given paths of sections 4.1–4.9', () => {
    expect(routes.processPayment).toEqual({ method: 'POST', path: '/payments/process', assumed: false });
    expect(routes.retrievePayment).toEqual({ method: 'GET', path: '/payments/{id}', assumed: false });
    expect(routes.createPaymentInstrumentFromToken.path).toBe('/payment-instruments/create-from-token');
    expect(routes.listCustomerPaymentInstruments.path).toBe('/customers/{id}/payment-instruments');
  });

  it('marks every section 4.10 path as assumed', () => {
    const assumed = Object.entries(routes).filter(([, route]) => route.assumed).map(([name]) => name).sort();
    expect(assumed).toEqual(['archiveProcessors', 'createCheckoutSession', 'createPaymentFlow', 'createProduct', 'createStore', 'listOrders', 'listPayments', 'listWebhooks']);
  });

  it('has one route per method and path', () => {
    const keys = Object.values(routes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('encodes path parameters', () => {
    expect(routePath(routes.retrievePayment, { id: 'pay_1' })).toBe('/payments/pay_1');
    expect(routePath(routes.retrievePayment, { id: '../x?y#z' })).toBe('/payments/..%2Fx%3Fy%23z');
    expect(() => routePath(routes.retrievePayment)).toThrow(TypeError);
  });
});
