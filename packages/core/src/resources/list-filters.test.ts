import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { parseOrThrow } from '../errors/validation.js';
import { TesseraValidationError } from '../errors/error-classes.js';
import { listCustomersRequest, type ListCustomersRequest } from './customer.js';
import { listEventsRequest, type ListEventsRequest } from './event.js';
import { nearestName } from './list-filters.js';
import { listPaymentInstrumentsRequest, type ListPaymentInstrumentsRequest } from './payment-instrument.js';
import { listPaymentsRequest, type ListPaymentsRequest } from './payment.js';
import { listProductsRequest, type ListProductsRequest } from './product.js';
import { listSubscriptionsRequest, type ListSubscriptionsRequest } from './subscription.js';

/** The field errors `parseOrThrow` throws for `input`. */
function refusal(schema: z.ZodMiniType, input: unknown): { field: string; code: string; message: string }[] {
  try {
    parseOrThrow(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(TesseraValidationError);
    return (error as TesseraValidationError).fields.map(({ field, code, message }) => ({ field, code, message }));
  }
  throw new Error('expected a refusal');
}

// Every list of the catalog that takes `filters`, with the rest of a valid body.
const lists = [
  { name: 'list payments', schema: listPaymentsRequest, body: {} },
  { name: 'list payment instruments', schema: listPaymentInstrumentsRequest, body: {} },
  { name: 'list customers', schema: listCustomersRequest, body: {} },
  { name: 'list events', schema: listEventsRequest, body: {} },
  { name: 'list products', schema: listProductsRequest, body: { storeId: 'store_1', page: 1 } },
  { name: 'list subscriptions', schema: listSubscriptionsRequest, body: {} },
] as const;

describe('list filters', () => {
  it.each(lists)('$name refuses an unknown filter key, naming it, the known ones and the near one', ({ name, schema, body }) => {
    const [error, ...rest] = refusal(schema, { ...body, filters: { storeId: 'store_1' } });
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ field: 'filters.storeId', code: 'unknown_field' });
    expect(error!.message).toMatch(new RegExp(`^is not a filter of ${name}: `));
    expect(error!.message).toMatch(/Its filters are .*date/);
    expect(error!.message).toMatch(/filters\.unlisted/);
    if (name !== 'list products') expect(error!.message).toContain('did you mean storeIds?');
  });

  it.each(lists)('$name takes a filter the SDK does not type under unlisted, sent in filters as given', ({ schema, body }) => {
    const parsed = z.parse(schema, { ...body, filters: { unlisted: { addedLater: ['x'], nested: { a: 1 } } } }) as { filters: unknown };
    expect(parsed.filters).toEqual({ addedLater: ['x'], nested: { a: 1 } });
  });

  it('payments: the published convention, storeIds and the own filters go out as given', () => {
    const filters = {
      status: ['succeeded', 'authorized'],
      currency: ['USD'],
      date: { condition: 'is-between-date', from: '2024-03-01', to: '2024-03-31T23:59:59Z' },
      storeIds: ['store_1'],
      processorTransactionId: 'ch_1',
      orderId: 'ord_1',
      customerId: 'cus_1',
      paymentInstrumentId: 'pi_1',
      unlisted: { refundedOnly: true },
    };
    const { unlisted, ...typed } = filters;
    expect(z.parse(listPaymentsRequest, { filters }).filters).toEqual({ ...typed, ...unlisted });
  });

  it('refuses a filter of the wrong type, an empty list, a bad date and an unlisted filter given twice', () => {
    expect(refusal(listPaymentsRequest, { filters: { status: 'voided' } })).toEqual([{ field: 'filters.status', code: 'invalid_type', message: 'must be an array' }]);
    expect(refusal(listPaymentsRequest, { filters: { storeIds: [] } })[0]).toMatchObject({ field: 'filters.storeIds', code: 'too_small', message: expect.stringMatching(/leave the filter out/) });
    expect(refusal(listPaymentsRequest, { filters: { currency: ['usd'] } })[0]).toMatchObject({ field: 'filters.currency.0', code: 'invalid_format' });
    expect(refusal(listPaymentsRequest, { filters: { date: { condition: 'is-after-date', date: 'yesterday' } } })[0]).toMatchObject({ field: 'filters.date.date', code: 'invalid_format' });
    expect(refusal(listPaymentsRequest, { filters: { date: { condition: 'is-within-date', date: '2024-03-20' } } })[0]).toMatchObject({ field: 'filters.date.condition', code: 'invalid_value' });
    expect(refusal(listPaymentsRequest, { filters: { date: { condition: 'is-between-date', from: '2024-03-20', to: '2024-03-01' } } })[0]).toMatchObject({ field: 'filters.date.to', code: 'invalid_range' });
    expect(refusal(listPaymentsRequest, { filters: { storeIds: ['s'], unlisted: { storeIds: ['t'] } } })[0]).toMatchObject({ field: 'filters.unlisted.storeIds', code: 'conflict' });
    expect(refusal(listPaymentInstrumentsRequest, { filters: { isActive: 'yes' } })[0]).toMatchObject({ field: 'filters.isActive', code: 'invalid_type' });
    expect(refusal(listEventsRequest, { filters: { eventType: ['order/paid'] } })[0]?.message).toContain('did you mean eventTypes?');
  });

  it('an unlisted entry may carry a typed name the caller left out (an inferred filter the service shapes otherwise)', () => {
    expect(z.parse(listPaymentsRequest, { filters: { unlisted: { date: { condition: 'is-after-date', value: '2024-03-20' } } } }).filters).toEqual({
      date: { condition: 'is-after-date', value: '2024-03-20' },
    });
  });

  it('suggests the near name only when it is near', () => {
    expect(nearestName('statuses', ['status', 'currency', 'storeIds'])).toBe('status');
    expect(nearestName('storeid', ['status', 'currency', 'storeIds'])).toBe('storeIds');
    expect(nearestName('amount', ['status', 'currency', 'storeIds'])).toBeUndefined();
  });

  it('types each list’s filters: a typo does not compile', () => {
    expectTypeOf({ filters: { storeIds: ['s'], status: ['succeeded'] } }).toExtend<ListPaymentsRequest>();
    expectTypeOf({ filters: { storeId: 's' } }).not.toExtend<ListPaymentsRequest>();
    expectTypeOf({ filters: { statuses: ['declined'] } }).not.toExtend<ListPaymentsRequest>();
    expectTypeOf({ filters: { status: 'declined' } }).not.toExtend<ListPaymentsRequest>();
    expectTypeOf({ filters: { unlisted: { statuses: ['declined'] } } }).toExtend<ListPaymentsRequest>();
    expectTypeOf({ filters: { customerID: 'c' } }).not.toExtend<ListPaymentInstrumentsRequest>();
    expectTypeOf({ filters: { mail: 'a@b.c' } }).not.toExtend<ListCustomersRequest>();
    expectTypeOf({ filters: { eventType: ['x'] } }).not.toExtend<ListEventsRequest>();
    expectTypeOf({ storeId: 's', page: 1, filters: { isActive: true } }).not.toExtend<ListProductsRequest>();
    expectTypeOf({ filters: { customer: 'c' } }).not.toExtend<ListSubscriptionsRequest>();
  });
});
