import { describe, expect, it } from 'vitest';
import { parseOrThrow } from '../errors/validation.js';
import { createPromotionRequest, updatePromotionRequest } from './promotion.js';
import { createPromotionCodeRequest, listPromotionCodesRequest, updatePromotionCodeRequest } from './promotion-code.js';
import { listBlockRulesRequest } from './block-rule.js';

// What a refused promotion or promotion code says to do next (the published pages: `string<date-time>` dates,
// a code's `metadata` "as a JSON string").

/** The field errors of a refused input. */
function refusals(schema: Parameters<typeof parseOrThrow>[0], input: unknown): unknown {
  try {
    parseOrThrow(schema, input);
  } catch (error) {
    return (error as { fields: unknown }).fields;
  }
  return [];
}

const DATE_TIME_MESSAGE = expect.stringMatching(/ISO 8601 date-time.*2025-08-31T23:59:59\.000Z.*toISOString\(\)/);

describe('a date that is not a date-time', () => {
  it('names the form to send: a promotion start and end, a code expiry', () => {
    expect(refusals(createPromotionRequest, { storeId: 'store_1', name: 'Summer', startDate: '2025-06-01', endDate: 'tomorrow' })).toEqual([
      { field: 'startDate', code: 'invalid_format', message: DATE_TIME_MESSAGE },
      { field: 'endDate', code: 'invalid_format', message: DATE_TIME_MESSAGE },
    ]);
    expect(refusals(updatePromotionRequest, { id: 'promo_1', data: { endDate: '31/08/2025' } })).toEqual([{ field: 'data.endDate', code: 'invalid_format', message: DATE_TIME_MESSAGE }]);
    expect(refusals(createPromotionCodeRequest, { code: 'SUMMER20', promotionId: 'promo_1', expiresAt: '2025-08-31' })).toEqual([
      { field: 'expiresAt', code: 'invalid_format', message: DATE_TIME_MESSAGE },
    ]);
  });
});

describe("a promotion code's metadata", () => {
  it('is sent when it is a JSON string', () => {
    expect(refusals(createPromotionCodeRequest, { code: 'A', promotionId: 'promo_1', metadata: JSON.stringify({ campaign: 'summer' }) })).toEqual([]);
    expect(refusals(updatePromotionCodeRequest, { id: 'pc_1', data: { metadata: null } })).toEqual([]);
  });

  it('is refused before sending when it is text that is not JSON, saying to send JSON.stringify of it', () => {
    const message = expect.stringMatching(/JSON string.*JSON\.stringify/);
    expect(refusals(createPromotionCodeRequest, { code: 'A', promotionId: 'promo_1', metadata: 'summer campaign' })).toEqual([{ field: 'metadata', code: 'invalid_format', message }]);
    expect(refusals(updatePromotionCodeRequest, { id: 'pc_1', data: { metadata: '{campaign: summer}' } })).toEqual([{ field: 'data.metadata', code: 'invalid_format', message }]);
  });
});

describe('card data in a promotion, a code, or a list of either', () => {
  const pan = '4242424242424242';
  it.each<[string, Parameters<typeof parseOrThrow>[0], unknown, string]>([
    ['an action of a new promotion', createPromotionRequest, { storeId: 'store_1', name: 'Card', actions: [{ type: 'note', cardNumber: pan }] }, 'actions.0.cardNumber'],
    ['a rule of a promotion changed', updatePromotionRequest, { id: 'promo_1', data: { rules: [{ card: { cvc: '123' } }] } }, 'data.rules.0.card.cvc'],
    ['a new code', createPromotionCodeRequest, { code: 'CARD', promotionId: 'promo_1', pan }, 'pan'],
    ['a code changed', updatePromotionCodeRequest, { id: 'pc_1', data: { card: { number: pan } } }, 'data.card.number'],
    ['a list of codes', listPromotionCodesRequest, { promotionId: 'promo_1', cardNumber: pan }, 'cardNumber'],
    ['the filters of a list of block rules', listBlockRulesRequest, { filters: { pan } }, 'filters.pan'],
  ])('is refused before sending: %s', (_label, schema, input, field) => {
    const fields = refusals(schema, input);
    expect(fields).toEqual([{ field, code: 'card_data', message: expect.stringContaining('vault') }]);
    expect(JSON.stringify(fields)).not.toContain(pan);
  });

  it('a field named as card data set to null, the published "none", is sent', () => {
    expect(refusals(createPromotionCodeRequest, { code: 'A', promotionId: 'promo_1', pan: null })).toEqual([]);
  });
});
