import { routes, sessionApplyPromotionPath, SANDBOX_SHOP_STORE_ID } from '@tessera/core/internal';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { sandboxRoutes } from '../src/index.js';
import { type BrowserSession, openBrowserSession } from './browser-session-client.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// Promotions and promotion codes (published `POST /promotions/create|update|getById`, `POST
// /promotion-codes/create|list|update`), and a code applied to a browser session's checkout (plugin-sdk's
// `applyPromotionCode`): it is refused when it does not apply now, and counts one use when the checkout is paid.

const BASE = 'https://promotions.sandbox.test';
const DAY = 24 * 60 * 60 * 1000;
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: new Date('2030-06-01T00:00:00Z'), clock: 'frozen' }, (next) => ({ sandbox, c } = next));

const shop = SANDBOX_SHOP_STORE_ID;
const promotion = async (body: Record<string, unknown> = {}) => (await c.api(routes.createPromotion, { body: { storeId: shop, name: 'Summer', ...body } })).body;
const code = async (body: Record<string, unknown>) => c.api(routes.createPromotionCode, { body });
const list = async (body: Record<string, unknown>) => (await c.api(routes.listPromotionCodes, { body })).body;
const apply = async (session: BrowserSession, checkoutSessionId: string, typed: string) =>
  session.send('POST', sessionApplyPromotionPath.replace('{checkoutSessionId}', checkoutSessionId), { code: typed });

/** A checkout of one mug in a new browser session of the shop. */
async function checkout(): Promise<{ session: BrowserSession; id: string; checkoutToken: string }> {
  const session = await openBrowserSession(c, sandbox);
  const { id, checkoutToken } = await session.checkout([{ variantId: 'var_shop_mug', quantity: 1 }]);
  return { session, id, checkoutToken };
}

/** Pays the checkout with a card that succeeds at once. */
async function pay(session: BrowserSession, checkoutSessionId: string): Promise<void> {
  const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: (await session.instrument()).id });
  expect(paid.body.payment).toMatchObject({ status: 'succeeded' });
}

/** An answer as a page compares it: its status and body, without the request id that every answer has its own of. */
const seen = (answer: { status: number; body: unknown }) => [answer.status, JSON.stringify(answer.body).replaceAll(/"requestId":"[^"]*"/g, '')];

/** Pays the checkout with a card whose 3DS challenge waits on the customer → the pending payment. */
async function payChallenged(session: BrowserSession, checkoutSessionId: string): Promise<{ id: string; status: string }> {
  const instrument = await session.instrument('4000000000003220');
  const threeds = await session.threeds(instrument.id);
  const paid = await session.pay({ checkoutSessionId, paymentInstrumentId: instrument.id, threedsSessionId: threeds.id });
  expect(paid.body.payment).toMatchObject({ status: 'pending', requireAction: 'threeds_auth' });
  return paid.body.payment;
}

describe('promotions', () => {
  it('create gives the published defaults; getById reads it in its store; update merges data', async () => {
    const created = await c.api(routes.createPromotion, { body: { storeId: shop, name: 'Summer Sale', code: 'SUMMER', usageLimit: 100 } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^promo_/),
      storeId: shop,
      name: 'Summer Sale',
      code: 'SUMMER',
      automatic: false,
      usageLimit: 100,
      usageCount: 0,
      startDate: null,
      endDate: null,
      enabled: true,
      ruleOperator: 'OR',
      combinesWithOrderLevelDiscounts: false,
      combinesWithLineItemDiscounts: false,
      combinesWithShippingDiscounts: false,
      forceCombine: false,
      rules: [],
      actions: [],
      createdAt: '2030-06-01T00:00:00.000Z',
      updatedAt: '2030-06-01T00:00:00.000Z',
    });
    const { id } = created.body;
    expect((await c.api(routes.retrievePromotion, { body: { id, storeId: shop } })).body).toEqual(created.body);

    const updated = await c.api(routes.updatePromotion, { body: { id, data: { storeId: shop, name: 'Winter Sale', ruleOperator: 'AND', usageCount: 99, rules: [{ type: 'minimum_amount', minimumAmount: 5000 }] } } });
    expect(updated.body).toMatchObject({ id, name: 'Winter Sale', code: 'SUMMER', ruleOperator: 'AND', usageLimit: 100, usageCount: 0, rules: [{ type: 'minimum_amount', minimumAmount: 5000 }] });
    expect((await c.api(routes.retrievePromotion, { body: { id, storeId: shop } })).body).toMatchObject({ name: 'Winter Sale', usageCount: 0 });
  });

  it('an unknown id, or one of another store, is the same 404; a promotion stays in its store; bad input names the field', async () => {
    const { id } = await promotion();
    const elsewhere = await c.api(routes.retrievePromotion, { body: { id, storeId: sandbox.defaults.storeId } });
    const unknown = await c.api(routes.retrievePromotion, { body: { id: 'promo_none', storeId: shop } });
    expect([elsewhere.status, unknown.status]).toEqual([404, 404]);
    expect(elsewhere.body.message).toBe(`No promotion with id "${id}"`);
    expect((await c.api(routes.updatePromotion, { body: { id: 'promo_none', data: { name: 'X' } } })).status).toBe(404);
    const moved = await c.api(routes.updatePromotion, { body: { id, data: { storeId: sandbox.defaults.storeId } } });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields).toEqual([expect.objectContaining({ field: 'data.storeId', code: 'immutable' })]);
    const noName = await c.api(routes.createPromotion, { body: { storeId: shop } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields.map((field: { field: string }) => field.field)).toEqual(['name']);
    const badLimit = await c.api(routes.createPromotion, { body: { storeId: shop, name: 'X', usageLimit: 0 } });
    expect(badLimit.body.error.fields.map((field: { field: string }) => field.field)).toEqual(['usageLimit']);
    expect((await c.api(routes.createPromotion, { body: { storeId: 'store_none', name: 'X' } })).status).toBe(404);
  });

  it('refuses card data anywhere in a promotion or a code, created or updated (400 card_data naming the field, never echoed); nothing is kept', async () => {
    const pan = '4242424242424242';
    const { id } = await promotion();
    const { body: created } = await code({ promotionId: id, code: 'CARDLESS' });
    const refusals = [
      [await c.api(routes.createPromotion, { body: { storeId: shop, name: 'Card', actions: [{ type: 'note', cardNumber: pan }] } }), 'actions.0.cardNumber'],
      [await c.api(routes.updatePromotion, { body: { id, data: { rules: [{ card: { cvc: '123' } }] } } }), 'data.rules.0.card.cvc'],
      [await code({ promotionId: id, code: 'CARD', pan }), 'pan'],
      [await c.api(routes.updatePromotionCode, { body: { id: created.id, data: { card: { number: pan } } } }), 'data.card.number'],
    ] as const;
    for (const [answer, field] of refusals) {
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.fields, field).toEqual([expect.objectContaining({ field, code: 'card_data' })]);
      expect(JSON.stringify(answer.body)).not.toContain(pan);
    }
    expect(sandbox.records.promotions.list().map((kept) => kept.name)).toEqual(['Summer']);
    expect(JSON.stringify(sandbox.records.promotions.list())).not.toContain('cvc');
    expect(JSON.stringify(sandbox.records.promotionCodes.list())).not.toContain(pan);
  });
});

describe('promotion codes', () => {
  it('belong to an existing promotion, in its store; a code is unique in a store whatever its case (409 naming code)', async () => {
    const summer = await promotion();
    const created = await code({ code: 'SUMMER20', promotionId: summer.id, usageLimit: 100, expiresAt: '2030-08-31T23:59:59.000Z', description: 'Summer' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^pc_/),
      code: 'SUMMER20',
      promotionId: summer.id,
      storeId: shop,
      customerId: null,
      active: true,
      usageCount: 0,
      usageLimit: 100,
      firstTimeCustomersOnly: false,
      emailPattern: null,
      description: 'Summer',
      metadata: null,
      expiresAt: '2030-08-31T23:59:59.000Z',
      createdAt: '2030-06-01T00:00:00.000Z',
      updatedAt: '2030-06-01T00:00:00.000Z',
    });
    expect((await code({ code: 'X', promotionId: 'promo_none' })).status).toBe(404);
    const again = await code({ code: 'summer20', promotionId: (await promotion({ name: 'Other' })).id });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'duplicate_code', fields: [{ field: 'code', code: 'duplicate_code', message: expect.stringMatching(/choose another code/) }] });
    // Another store may have the same code.
    const gateway = (await c.api(routes.createPromotion, { body: { storeId: sandbox.defaults.storeId, name: 'Gateway' } })).body;
    expect((await code({ code: 'SUMMER20', promotionId: gateway.id })).body).toMatchObject({ storeId: sandbox.defaults.storeId });
    // Update: merged, `null` clears, a taken code is refused, an unknown id is a 404.
    const other = (await code({ code: 'OTHER', promotionId: summer.id })).body;
    const updated = await c.api(routes.updatePromotionCode, { body: { id: created.body.id, data: { code: 'WINTER30', usageLimit: null, active: false, usageCount: 7 } } });
    expect(updated.body).toMatchObject({ id: created.body.id, code: 'WINTER30', usageLimit: null, active: false, usageCount: 0, description: 'Summer' });
    const taken = await c.api(routes.updatePromotionCode, { body: { id: other.id, data: { code: 'winter30' } } });
    expect(taken.body.error).toMatchObject({ code: 'duplicate_code', fields: [{ field: 'data.code' }] });
    expect((await c.api(routes.updatePromotionCode, { body: { id: 'pc_none', data: { active: true } } })).status).toBe(404);
    expect((await c.api(routes.updatePromotionCode, { body: { id: other.id, data: { promotionId: gateway.id } } })).status).toBe(404);
    expect((await code({ promotionId: summer.id })).body.error.fields.map((field: { field: string }) => field.field)).toEqual(['code']);
  });

  it('list filters by promotion, store, code and customer, hides inactive codes unless asked, and pages by page and limit', async () => {
    const summer = await promotion();
    const winter = await promotion({ name: 'Winter' });
    for (const typed of ['S1', 'S2', 'S3']) await code({ code: typed, promotionId: summer.id });
    const off = (await code({ code: 'S4', promotionId: summer.id })).body;
    await c.api(routes.updatePromotionCode, { body: { id: off.id, data: { active: false } } });
    await code({ code: 'W1', promotionId: winter.id, customerId: 'cus_ada' });

    const summers = await list({ promotionId: summer.id });
    expect(summers.items.map((item: { code: string }) => item.code)).toEqual(['S3', 'S2', 'S1']);
    expect(summers.items[0].promotion).toEqual({ id: summer.id, name: 'Summer', storeId: shop });
    expect(summers.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect((await list({ promotionId: summer.id, includeInactive: true })).items.map((item: { code: string }) => item.code)).toEqual(['S4', 'S3', 'S2', 'S1']);
    expect((await list({ storeId: shop, code: 'w1' })).items.map((item: { code: string }) => item.code)).toEqual(['W1']);
    expect((await list({ customerId: 'cus_ada' })).items.map((item: { code: string }) => item.code)).toEqual(['W1']);
    expect((await list({ storeId: sandbox.defaults.storeId })).items).toEqual([]);

    const second = await list({ storeId: shop, page: 2, limit: 2 });
    expect(second.items.map((item: { code: string }) => item.code)).toEqual(['S2', 'S1']);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 4, totalPages: 2 });
    const bad = await c.api(routes.listPromotionCodes, { body: { page: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((field: { field: string }) => field.field)).toEqual(['page']);
  });
});

describe('a promotion code applied to a checkout (browser session)', () => {
  it('applies: success, recorded on the checkout and shown by v2; applying it again changes nothing; no amount is taken off', async () => {
    const summer = await promotion();
    const pc = (await code({ code: 'SUMMER20', promotionId: summer.id })).body;
    const { session, id, checkoutToken } = await checkout();
    const applied = await apply(session, id, 'summer20');
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ success: true, promotion: { id: summer.id, name: 'Summer' }, promotionCode: { id: pc.id, code: 'SUMMER20', promotionId: summer.id } });
    expect((await apply(session, id, 'SUMMER20')).body.success).toBe(true);
    const view = (await session.send('GET', `/api/v1/checkout-sessions/${checkoutToken}/v2`)).body;
    expect(view.checkoutSession).toMatchObject({ promotionIds: [summer.id], promotionCodes: [{ id: pc.id, code: 'SUMMER20', promotionId: summer.id }] });
    expect(view.availablePromotions).toEqual([expect.objectContaining({ id: summer.id, name: 'Summer', type: 'code', rules: [], actions: [] })]);
    expect(view.summary).toMatchObject({ totalAmount: 1500, totalAdjustedAmount: 1500, totalPromotionAmount: 0 });
    // Another session cannot apply a code to this checkout.
    const stranger = await openBrowserSession(c, sandbox);
    expect((await apply(stranger, id, 'SUMMER20')).status).toBe(404);
  });

  it('refuses an unknown code, an inactive one, a disabled or not yet started promotion, with success: false and the field', async () => {
    const summer = await promotion();
    const pc = (await code({ code: 'SUMMER20', promotionId: summer.id })).body;
    const { session, id } = await checkout();
    const unknown = await apply(session, id, 'NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'promotion_code_not_found', error: { fields: [{ field: 'code', code: 'promotion_code_not_found' }] } });
    await c.api(routes.updatePromotionCode, { body: { id: pc.id, data: { active: false } } });
    const inactive = await apply(session, id, 'SUMMER20');
    expect(inactive).toMatchObject({ status: 409, body: { success: false, code: 'promotion_code_inactive' } });
    await c.api(routes.updatePromotionCode, { body: { id: pc.id, data: { active: true } } });
    await c.api(routes.updatePromotion, { body: { id: summer.id, data: { enabled: false } } });
    expect((await apply(session, id, 'SUMMER20')).body).toMatchObject({ success: false, code: 'promotion_disabled' });
    await c.api(routes.updatePromotion, { body: { id: summer.id, data: { enabled: true, startDate: '2030-07-01T00:00:00.000Z' } } });
    expect((await apply(session, id, 'SUMMER20')).body).toMatchObject({ success: false, code: 'promotion_not_started' });
    await c.api(routes.updatePromotion, { body: { id: summer.id, data: { startDate: null, endDate: '2030-05-31T00:00:00.000Z' } } });
    expect((await apply(session, id, 'SUMMER20')).body).toMatchObject({ success: false, code: 'promotion_ended' });
    expect(sandbox.records.checkoutSessions.get(id)?.promotionCodeIds).toBeUndefined();
    expect((await apply(session, id, '')).status).toBe(400);
  });

  it('refuses an expired code once the sandbox clock passes expiresAt', async () => {
    const summer = await promotion();
    await code({ code: 'SOON', promotionId: summer.id, expiresAt: '2030-06-02T00:00:00.000Z' });
    const first = await checkout();
    expect((await apply(first.session, first.id, 'SOON')).body.success).toBe(true);
    expect((await c.send('POST', sandboxRoutes.advanceClock, { ms: 2 * DAY })).status).toBe(200);
    const later = await checkout();
    const expired = await apply(later.session, later.id, 'SOON');
    expect(expired).toMatchObject({ status: 409, body: { success: false, code: 'promotion_code_expired', message: expect.stringMatching(/expired: use another code/) } });
  });

  it('counts one use per paid checkout (code and promotion), once; a code at its usage limit is then refused', async () => {
    const summer = await promotion({ usageLimit: 5 });
    const pc = (await code({ code: 'ONCE', promotionId: summer.id, usageLimit: 1 })).body;
    const first = await checkout();
    const second = await checkout();
    expect((await apply(first.session, first.id, 'ONCE')).body.success).toBe(true);
    // Applied but not paid: no use yet, so another checkout may apply it too.
    expect((await apply(second.session, second.id, 'ONCE')).body.success).toBe(true);
    await pay(first.session, first.id);
    expect(sandbox.records.promotionCodes.get(pc.id)).toMatchObject({ usageCount: 1 });
    expect(sandbox.records.promotions.get(summer.id)).toMatchObject({ usageCount: 1 });
    // Paying again is refused (the checkout is completed); the use is not counted twice.
    const again = await first.session.pay({ checkoutSessionId: first.id, paymentInstrumentId: (await first.session.instrument()).id });
    expect(again.status).toBe(409);
    expect((await c.api(routes.retrievePromotion, { body: { id: summer.id, storeId: shop } })).body.usageCount).toBe(1);
    expect((await list({ promotionId: summer.id })).items[0]).toMatchObject({ id: pc.id, usageCount: 1 });
    // The second checkout applied it before the first was paid: paying it now is refused and nothing is charged.
    const charges = sandbox.countCharges();
    const secondPaid = await second.session.pay({ checkoutSessionId: second.id, paymentInstrumentId: (await second.session.instrument()).id });
    expect(secondPaid.status).toBe(409);
    expect(secondPaid.body).toMatchObject({ code: 'promotion_code_used_up', message: expect.stringMatching(/^Promotion code ONCE, applied to checkout session .*nothing was charged: start a new checkout without the code/) });
    expect(sandbox.countCharges()).toBe(charges);
    expect(sandbox.records.checkoutSessions.get(second.id)).toMatchObject({ status: 'open' });
    expect(sandbox.records.checkoutSessions.get(second.id)?.paymentId).toBeUndefined();
    expect(sandbox.records.promotionCodes.get(pc.id)).toMatchObject({ usageCount: 1 });
    // Used up: a new checkout cannot apply it; a paid checkout cannot either.
    const third = await checkout();
    expect(await apply(third.session, third.id, 'ONCE')).toMatchObject({ status: 409, body: { success: false, code: 'promotion_code_used_up' } });
    expect((await apply(first.session, first.id, 'ONCE')).body).toMatchObject({ success: false, code: 'invalid_state' });
  });

  it('the promotion\'s usage limit counts every code\'s uses; a code for another customer, or for first orders only, is refused', async () => {
    const summer = await promotion({ usageLimit: 1 });
    await code({ code: 'A', promotionId: summer.id });
    await code({ code: 'B', promotionId: summer.id });
    const first = await checkout();
    expect((await apply(first.session, first.id, 'A')).body.success).toBe(true);
    // One code of a promotion per checkout.
    expect((await apply(first.session, first.id, 'B')).body).toMatchObject({ success: false, code: 'promotion_already_applied' });
    await pay(first.session, first.id);
    const second = await checkout();
    expect((await apply(second.session, second.id, 'B')).body).toMatchObject({ success: false, code: 'promotion_code_used_up' });

    const welcome = await promotion({ name: 'Welcome' });
    await code({ code: 'ADA-ONLY', promotionId: welcome.id, customerId: 'cus_ada' });
    await code({ code: 'FIRST', promotionId: welcome.id, firstTimeCustomersOnly: true });
    // Another customer's code answers as a code that does not exist: a page learns nothing of it.
    const unknown = await apply(second.session, second.id, 'NO-SUCH-CODE');
    const adaOnly = await apply(second.session, second.id, 'ADA-ONLY');
    expect(unknown).toMatchObject({ status: 404, body: { success: false, code: 'promotion_code_not_found' } });
    expect(seen(adaOnly)).toEqual(seen(unknown));
    expect((await apply(second.session, second.id, 'FIRST')).body.success).toBe(true);
    // The first session's customer has a paid order now.
    const next = await first.session.checkout([{ variantId: 'var_shop_mug', quantity: 1 }]);
    expect((await apply(first.session, next.id, 'FIRST')).body).toMatchObject({ success: false, code: 'promotion_code_first_order_only' });
  });

  it('refuses a code while the checkout has a payment in progress (a 3DS challenge): 409 invalid_state, success: false', async () => {
    const summer = await promotion();
    await code({ code: 'LATE', promotionId: summer.id });
    const { session, id } = await checkout();
    const payment = await payChallenged(session, id);
    const late = await apply(session, id, 'LATE');
    expect(late).toMatchObject({ status: 409, body: { success: false, code: 'invalid_state', error: { fields: [{ field: 'code', code: 'invalid_state' }] } } });
    expect(late.body.message).toMatch(new RegExp(`payment ${payment.id} in progress .*apply the code, then pay again`));
    expect(sandbox.records.checkoutSessions.get(id)?.promotionCodeIds).toBeUndefined();
    // The challenge failed: the checkout may take the code, and be paid again.
    sandbox.challenges.fail(payment.id);
    expect((await apply(session, id, 'LATE')).body.success).toBe(true);
    await pay(session, id);
    expect(sandbox.records.promotions.get(summer.id)).toMatchObject({ usageCount: 1 });
  });

  it('a first-order code: paying refuses it while another checkout of the customer has a payment in progress, which may be that first order', async () => {
    const welcome = await promotion({ name: 'Welcome' });
    const pc = (await code({ code: 'FIRST', promotionId: welcome.id, firstTimeCustomersOnly: true })).body;
    const { session, id } = await checkout();
    const other = await session.checkout([{ variantId: 'var_shop_mug', quantity: 1 }]);
    expect((await apply(session, id, 'FIRST')).body.success).toBe(true);
    expect((await apply(session, other.id, 'FIRST')).body.success).toBe(true);
    const waiting = await payChallenged(session, id);
    const charges = sandbox.countCharges();
    const refused = await session.pay({ checkoutSessionId: other.id, paymentInstrumentId: (await session.instrument()).id });
    expect(refused).toMatchObject({ status: 409, body: { code: 'promotion_code_first_order_only' } });
    expect(sandbox.countCharges()).toBe(charges);
    // That payment failed: this checkout is the first order after all.
    sandbox.challenges.fail(waiting.id);
    await pay(session, other.id);
    expect(sandbox.records.promotionCodes.get(pc.id)).toMatchObject({ usageCount: 1 });
  });

  it('checks each applied code again when paying: the last use held by another checkout\'s payment in progress, an expired code, a disabled promotion', async () => {
    const summer = await promotion();
    const pc = (await code({ code: 'LAST', promotionId: summer.id, usageLimit: 1 })).body;
    const first = await checkout();
    const second = await checkout();
    expect((await apply(first.session, first.id, 'LAST')).body.success).toBe(true);
    expect((await apply(second.session, second.id, 'LAST')).body.success).toBe(true);
    const waiting = await payChallenged(first.session, first.id);
    const charges = sandbox.countCharges();
    const refused = await second.session.pay({ checkoutSessionId: second.id, paymentInstrumentId: (await second.session.instrument()).id });
    expect(refused).toMatchObject({ status: 409, body: { code: 'promotion_code_used_up' } });
    expect(sandbox.countCharges()).toBe(charges);
    sandbox.challenges.approve(waiting.id);
    expect(sandbox.records.promotionCodes.get(pc.id)).toMatchObject({ usageCount: 1 });

    const winter = await promotion({ name: 'Winter' });
    await code({ code: 'SOON', promotionId: winter.id, expiresAt: '2030-06-01T12:00:00.000Z' });
    const third = await checkout();
    expect((await apply(third.session, third.id, 'SOON')).body.success).toBe(true);
    const card = await third.session.instrument();
    // An hour past expiresAt (the session's token lives a day).
    await c.send('POST', sandboxRoutes.advanceClock, { ms: 13 * 60 * 60 * 1000 });
    expect((await third.session.pay({ checkoutSessionId: third.id, paymentInstrumentId: card.id })).body).toMatchObject({ code: 'promotion_code_expired' });

    const autumn = await promotion({ name: 'Autumn' });
    await code({ code: 'FALL', promotionId: autumn.id });
    const fourth = await checkout();
    expect((await apply(fourth.session, fourth.id, 'FALL')).body.success).toBe(true);
    await c.api(routes.updatePromotion, { body: { id: autumn.id, data: { enabled: false } } });
    expect((await fourth.session.pay({ checkoutSessionId: fourth.id, paymentInstrumentId: (await fourth.session.instrument()).id })).body).toMatchObject({ code: 'promotion_disabled' });
    expect(sandbox.countCharges()).toBe(charges + 1);
  });

  it('checks emailPattern (`*` any characters, whatever the case) against the customer\'s email when it is known: no match is the 404 of an unknown code', async () => {
    const staff = await promotion({ name: 'Staff' });
    await code({ code: 'STAFF', promotionId: staff.id, emailPattern: '*@company.com' });
    const { session, id, checkoutToken } = await checkout();
    const customerId = (await session.send('GET', `/api/v1/checkout-sessions/${checkoutToken}/v2`)).body.checkoutSession.customerId as string;
    const customer = sandbox.records.customers.get(customerId) as { email?: string };
    // No email known yet: the pattern cannot be checked, the code applies (and is checked again when paying).
    expect((await apply(session, id, 'STAFF')).body.success).toBe(true);
    const unknown = await apply(session, id, 'NO-SUCH-CODE');
    // The sandbox serves no route that sets a browser session customer's email: set it on the record.
    customer.email = 'ada@elsewhere.example';
    const elsewhere = await apply(session, id, 'STAFF');
    expect(seen(elsewhere)).toEqual(seen(unknown));
    customer.email = 'Ada@Company.com';
    expect((await apply(session, id, 'STAFF')).body.success).toBe(true);
    // The email changed after the code was applied: paying checks the pattern again.
    customer.email = 'ada@company.com.evil.example';
    expect((await session.pay({ checkoutSessionId: id, paymentInstrumentId: (await session.instrument()).id })).body).toMatchObject({ code: 'promotion_code_not_found' });
  });
});
