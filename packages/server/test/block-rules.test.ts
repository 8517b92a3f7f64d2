import { API_PREFIX } from '@tessera/core/internal';
import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { Tessera, TesseraValidationError } from '../src/index.js';
import { useMockServer } from './recorder.js';

// `tessera.blockRules.create` against @tessera/sandbox's msw handlers: what a rule legitimately holds (a range of
// BINs, an id with a long run of digits) is sent; a card number anywhere in it, its name and metadata included, is
// refused before anything is sent, naming the field and never echoing the number.
const BASE_URL = 'http://127.0.0.1:4012';
const sandbox: Sandbox = createSandbox({ now: Date.UTC(2030, 0, 15, 12), clock: 'frozen' });
const server = setupServer(...sandbox.handlers);
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL });

describe('tessera.blockRules.create', () => {
  it('sends a rule on a range of BINs and one on a customer whose id holds 12 digits', async () => {
    const range = await tessera.blockRules.create({ name: 'Range', type: 'bin', value: '41111100-41111199' });
    expect(range).toMatchObject({ id: expect.any(String), type: 'bin', value: '41111100-41111199' });
    const sent = recorder.sent.at(-1)!;
    expect(sent.url.pathname).toBe(`${API_PREFIX}/block-rules`);
    expect(await sent.body()).toMatchObject({ name: 'Range', type: 'bin', value: '41111100-41111199', operator: 'OR', pan: null });
    const customer = await tessera.blockRules.create({ name: 'Customer', customerId: 'cus_204815378290' });
    expect(customer).toMatchObject({ id: expect.any(String) });
    expect(await recorder.sent.at(-1)!.body()).toMatchObject({ customerId: 'cus_204815378290' });
  });

  it('refuses a card number in the name or the metadata before sending, naming the field', async () => {
    const before = recorder.sent.length;
    for (const [rule, field] of [
      [{ name: 'Stolen card 4242 4242 4242 4242', bin: '424242' }, 'name'],
      [{ name: 'Stolen card', bin: '424242', metadata: { note: '4242-4242-4242-4242' } }, 'metadata.note'],
    ] as const) {
      const error = await tessera.blockRules.create(rule).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraValidationError);
      expect((error as TesseraValidationError).fields).toEqual([expect.objectContaining({ field, code: 'card_data', message: expect.stringContaining('block a card by its bin') })]);
      expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toMatch(/4242.?4242.?4242/);
    }
    expect(recorder.sent.length).toBe(before);
  });
});
