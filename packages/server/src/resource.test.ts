import { describe, expect, it, vi } from 'vitest';
import { API_KEY, BASE_URL, processorInput } from '../test/fixtures.js';
import { Tessera, TesseraValidationError } from './index.js';

// Nothing may be sent: the input is checked first.
const fetch = vi.fn(() => Promise.reject(new Error('nothing should be sent')));
const tessera = new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, fetch });

const fieldsOf = async (call: PromiseLike<unknown>): Promise<string[]> => {
  const error = await call.then(undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(TesseraValidationError);
  return (error as TesseraValidationError).fields.map((field) => field.field);
};

describe('a resource checks the input before sending, naming the caller’s fields', () => {
  it('names a path id by the parameter the caller passed', async () => {
    expect(await fieldsOf(tessera.payments.retrieve('..'))).toEqual(['id']);
    expect(await fieldsOf(tessera.customers.listPaymentInstruments(''))).toEqual(['customerId']);
  });

  it('names a field of a wrapped body without its wrapper', async () => {
    expect(await fieldsOf(tessera.processors.create({ ...processorInput, type: '' }))).toEqual(['type']);
  });

  it('checks a mode shortcut with its own schema', async () => {
    expect(await fieldsOf(tessera.payments.purchase({ amount: 1.5, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' }))).toEqual(['amount']);
    expect(fetch).not.toHaveBeenCalled();
  });
});
