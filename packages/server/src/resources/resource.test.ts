import { describe, expect, it, vi } from 'vitest';
import { API_KEY, BASE_URL, processorInput } from '../../test/fixtures.js';
import { Tessera, TesseraValidationError } from '../index.js';

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

describe('a decimal amount is refused before sending, saying amounts are minor units', () => {
  it('in any request: a purchase, a capture, a refund', async () => {
    const calls = [
      tessera.payments.purchase({ amount: 19.99, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' }),
      tessera.payments.capture({ paymentId: 'pay_1', amount: 19.99 }),
      tessera.payments.refund({ paymentId: 'pay_1', amount: 19.99 }),
    ];
    for (const call of calls) {
      const error = await call.then(undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraValidationError);
      expect((error as TesseraValidationError).fields).toEqual([
        { field: 'amount', code: 'invalid_type', message: expect.stringContaining('must be an integer in minor units, not a decimal amount: send 1999 for 19.99 in a 2-decimal currency') },
      ]);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('createFromToken checks the service token before sending', () => {
  it('refuses a string that is not a service token, saying what to pass', async () => {
    for (const serviceToken of ['tok_123', 'eyJ0', 'not a token', btoa('{"type":"card"}'), 'x'.repeat(20_000)]) {
      const error = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId: 'store_1', customerId: 'cus_1' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraValidationError);
      expect((error as TesseraValidationError).fields).toEqual([{ field: 'serviceToken', code: 'invalid_service_token', message: expect.stringContaining('pass the string `tokenizeCard` returned') }]);
      expect((error as Error).message).toContain('serviceToken');
      expect((error as Error).message).not.toContain(serviceToken.slice(0, 12));
    }
    // A token carrying card data is refused too, and says so.
    const carrying = btoa(JSON.stringify({ type: 'card', token: 't', provider: 'basistheory', nonSensitiveMetadata: { cardNumber: '4242424242424242' } }));
    const error = await tessera.paymentInstruments.createFromToken({ serviceToken: carrying, storeId: 'store_1', customerId: 'cus_1' }).catch((caught: unknown) => caught);
    expect((error as TesseraValidationError).fields[0]).toMatchObject({ field: 'serviceToken', message: expect.stringContaining('card data') });
    expect(JSON.stringify(error)).not.toContain('4242424242424242');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names the token with the other bad fields, all at once', async () => {
    expect(await fieldsOf(tessera.paymentInstruments.createFromToken({ serviceToken: 'tok_123', storeId: '', customerId: 'cus_1' }))).toEqual(['serviceToken', 'storeId']);
  });
});
