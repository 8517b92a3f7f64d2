import { API_PREFIX, operations, type OperationName } from '@tessera/core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { Page, Tessera } from '../src/index.js';
import { API, API_KEY, BASE_URL, succeededPayment } from './fixtures.js';
import { operationCases, type OperationCase } from './operation-cases.js';
import { useMockServer } from './recorder.js';

// One row per operation (operation-cases.ts): the client call, and what it must send. Against msw.
const server = setupServer();
const recorder = useMockServer(server);
const tessera = (): Tessera => new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL });

/** The pathnames the catalog gives operation `name` (its `{id}` standing for any one segment). */
const catalogPath = (name: OperationName): RegExp => new RegExp(`^${API_PREFIX}${operations[name].path.replace(/\{\w+\}/g, '[^/]+')}$`);

// Other calls of the same operations: the mode shortcuts, and a bare answer where a wrapped one is documented.
const moreCalls: Array<OperationCase & { operation: OperationName; name: string }> = [
  {
    operation: 'processPayment',
    name: 'payments.authorize',
    call: (c) => c.payments.authorize({ amount: 500, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'merchant', reasonType: 'recurring' }),
    method: 'POST',
    path: '/payments/process',
    body: { amount: 500, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'merchant', reasonType: 'recurring', mode: 'auth' },
    reply: { payment: succeededPayment },
    expected: succeededPayment,
  },
  { operation: 'processPayment', name: 'payments.capture', call: (c) => c.payments.capture({ paymentId: 'pay_1' }), method: 'POST', path: '/payments/process', body: { paymentId: 'pay_1', mode: 'capture' }, reply: succeededPayment, expected: succeededPayment },
  {
    operation: 'processPayment',
    name: 'payments.process',
    call: (c) => c.payments.process({ mode: 'purchase', amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' }),
    method: 'POST',
    path: '/payments/process',
    body: { mode: 'purchase', amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' },
    reply: succeededPayment,
    expected: succeededPayment,
  },
  {
    operation: 'retrievePaymentInstrument',
    name: 'paymentInstruments.retrieve (bare)',
    call: (c) => c.paymentInstruments.retrieve('pi_1'),
    method: 'GET',
    path: '/payment-instruments/pi_1',
    reply: { id: 'pi_1', type: 'card', customerId: 'cus_1' },
    expected: { paymentInstrument: { id: 'pi_1', type: 'card', customerId: 'cus_1' }, raw: { id: 'pi_1', type: 'card', customerId: 'cus_1' } },
  },
];

const rows: Array<OperationCase & { operation: OperationName; name: string }> = [...Object.entries(operationCases).map(([operation, row]) => ({ ...row, operation: operation as OperationName, name: operation })), ...moreCalls];

describe('every operation of the catalog', () => {
  it('has a row, hence a client method (the row’s type makes a missing one a type error too)', () => {
    expect(Object.keys(operationCases).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(rows)('$name sends its own operation’s route, as the row says', async ({ operation, call, method, path, query, body, reply, expected }) => {
    server.use(http.all(`${API}${path}`, () => HttpResponse.json(reply)));
    const answer = await call(tessera());
    expect(answer instanceof Page ? answer.data : answer).toEqual(expected);
    expect(recorder.sent).toHaveLength(1);
    const [sent] = recorder.sent;
    expect(sent!.method).toBe(operations[operation].method);
    expect(sent!.url.pathname).toMatch(catalogPath(operation));
    expect(sent!.method).toBe(method);
    expect(sent!.url.pathname).toBe(`${API_PREFIX}${path}`);
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual(query ?? {});
    expect(await sent!.body()).toEqual(body);
    expect(sent!.headers['idempotency-key'] !== undefined).toBe(method === 'POST');
  });
});
