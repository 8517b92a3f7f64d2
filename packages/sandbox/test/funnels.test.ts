import { routes } from '@tessera/core/internal';
import published from '@tessera/test-support/vendor-examples.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/index.js';
import { purchase, storeBody } from './fixtures.js';
import { type Client, useMswSandbox } from './use-sandbox.js';

// Funnels (published `POST /funnels`, `POST /funnels/{funnelId}/preview-session`), funnel tracking (published
// `POST /funnel-tracking/step`: a funnel step is recorded and listed with the app events) and builder sessions
// (published `POST /builder/sessions`), each from its published example, then its behaviour and its bad input.

const BASE = 'https://funnels.sandbox.test';
const NOW = Date.UTC(2030, 0, 31, 9);
let sandbox: Sandbox;
let c: Client;
useMswSandbox(BASE, { now: NOW, clock: 'frozen' }, (next) => ({ sandbox, c } = next));

type Json = Record<string, any>;
/** The fields a 400 names. */
const fieldsOf = (answer: { body: Json }): string[] | undefined => answer.body.error?.fields?.map((field: { field: string }) => field.field);

const steps = [{ id: 'step_checkout', name: 'Checkout', type: 'checkout' }, { id: 'step_thankyou', name: 'Thank you', type: 'thankyou' }];
const createFunnel = async (body: Json) => c.api(routes.createFunnel, { body });
/** A funnel of the default store with {@link steps} (and a node `node_upsell`). */
async function funnel(extra: Json = {}, storeId = sandbox.defaults.storeId): Promise<Json> {
  const created = await createFunnel({ storeId, config: { name: 'Main', steps, nodes: [{ id: 'node_upsell', type: 'upsell' }], edges: [] }, ...extra });
  expect(created.status).toBe(200);
  return created.body.funnel;
}
const preview = async (funnelId: string, body: Json) => c.api(routes.createFunnelPreviewSession, { params: { id: funnelId }, body });
const track = async (body: Json) => c.api(routes.trackFunnelStep, { body });
const builder = async (body: Json, headers?: Record<string, string>) => c.api(routes.createBuilderSession, { body, ...(headers ? { headers } : {}) });

describe('POST /funnels', () => {
  it('takes the published example as is (placeholders included), keeps its config and answers { funnel }', async () => {
    const { request } = published.createFunnel;
    const created = await createFunnel({ ...request, storeId: sandbox.defaults.storeId });
    expect(created.status).toBe(200);
    expect(created.body.funnel).toEqual({
      id: expect.stringMatching(/^funnelv2_/),
      storeId: sandbox.defaults.storeId,
      name: '<string>',
      config: request.config,
      isDefault: true,
      createdAt: new Date(NOW).toISOString(),
    });
    expect(sandbox.records.funnels.get(created.body.funnel.id)?.config).toEqual(request.config);
  });

  it('keeps one default funnel per store: a new default replaces the earlier one, in its own store only', async () => {
    const other = (await c.api(routes.createStore, { body: storeBody() })).body.id as string;
    const first = await funnel({ isDefault: true });
    const elsewhere = await funnel({ isDefault: true }, other);
    const plain = await funnel();
    expect(plain.isDefault).toBe(false);
    const second = await funnel({ isDefault: true });
    const defaults = sandbox.records.funnels.list().filter((record) => record.isDefault).map((record) => record.id);
    expect(defaults.sort()).toEqual([second.id, elsewhere.id].sort());
    expect(sandbox.records.funnels.get(first.id)?.isDefault).toBe(false);
  });

  it('refuses a missing config, a step without an id and card data, naming the field; an unknown store is a 404', async () => {
    expect(fieldsOf(await createFunnel({ storeId: sandbox.defaults.storeId }))).toEqual(['config']);
    expect(fieldsOf(await createFunnel({ storeId: sandbox.defaults.storeId, config: { steps: [{ name: 'No id' }] } }))).toEqual(['config.steps.0.id']);
    expect(fieldsOf(await createFunnel({ storeId: sandbox.defaults.storeId, config: {}, isDefault: 'yes' }))).toEqual(['isDefault']);
    const withCard = await createFunnel({ storeId: sandbox.defaults.storeId, config: { metadata: { cardNumber: '4242424242424242' } } });
    expect(withCard.status).toBe(400);
    expect(JSON.stringify(withCard.body)).not.toContain('4242424242424242');
    const unknown = await createFunnel({ storeId: 'store_nope', config: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No store with id "store_nope"');
    expect(sandbox.records.funnels.list()).toEqual([]);
  });
});

describe('POST /funnels/{funnelId}/preview-session', () => {
  it('takes the published example (funnelId in the path and the body) and answers its keys, with a preview customer', async () => {
    const { id } = await funnel();
    const { request, response } = published.createFunnelPreviewSession;
    const opened = await preview(id, { ...request, storeId: sandbox.defaults.storeId, funnelId: id });
    expect(opened.status).toBe(200);
    expect(Object.keys(opened.body).sort()).toEqual(Object.keys(response).sort());
    expect(opened.body).toEqual({ sessionId: expect.stringMatching(/^fs_/), funnelId: id, stepId: 'step_thankyou', token: expect.any(String), customerId: expect.stringMatching(/^cus_/) });
    expect(sandbox.records.customers.get(opened.body.customerId)?.storeId).toBe(sandbox.defaults.storeId);
    // A random token each time, for a new customer each time.
    const again = await preview(id, { storeId: sandbox.defaults.storeId, stepId: 'step_thankyou' });
    expect(again.body.token).not.toBe(opened.body.token);
    expect(again.body.customerId).not.toBe(opened.body.customerId);
  });

  it('takes the funnelId from the path when the body leaves it out, and a step from the config’s nodes', async () => {
    const { id } = await funnel();
    const opened = await preview(id, { storeId: sandbox.defaults.storeId, stepId: 'node_upsell', environment: 'production' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ funnelId: id, stepId: 'node_upsell' });
  });

  it('refuses a step the funnel does not have, a body naming another funnel and bad fields, naming the field', async () => {
    const { id } = await funnel();
    const storeId = sandbox.defaults.storeId;
    const unknownStep = await preview(id, { storeId, stepId: 'step_nope' });
    expect(unknownStep.status).toBe(400);
    expect(unknownStep.body.error.fields).toEqual([expect.objectContaining({ field: 'stepId', code: 'unknown_step' })]);
    expect(unknownStep.body.message).toContain('step_checkout, step_thankyou, node_upsell');
    expect(fieldsOf(await preview(id, { storeId, stepId: 'step_checkout', funnelId: 'funnelv2_other' }))).toEqual(['funnelId']);
    expect(fieldsOf(await preview(id, { storeId }))).toEqual(['stepId']);
    expect(fieldsOf(await preview(id, { storeId, stepId: 'step_checkout', environment: 'live' }))).toEqual(['environment']);
  });

  it('is a 404 for an unknown funnel and for a funnel of another store, naming the funnel only', async () => {
    const { id } = await funnel();
    const other = (await c.api(routes.createStore, { body: storeBody() })).body.id as string;
    for (const [funnelId, storeId] of [['funnelv2_nope', sandbox.defaults.storeId], [id, other]] as const) {
      const missing = await preview(funnelId, { storeId, stepId: 'step_checkout' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(`No funnel with id "${funnelId}"`);
    }
  });
});

describe('POST /funnel-tracking/step', () => {
  it('records the published example and lists it with the app events, between the payments made before and after', async () => {
    const storeId = sandbox.defaults.storeId;
    const { id: funnelId } = await funnel();
    const { id: instrumentId, customerId } = await c.instrument(storeId);
    const before = await c.api(routes.processPayment, { body: purchase(storeId, instrumentId) });
    const { request, response } = published.trackFunnelStep;
    const tracked = await track({ ...request, storeId, funnelId, customerId });
    expect(tracked.status).toBe(200);
    expect(tracked.body).toEqual(response);
    const after = await c.api(routes.processPayment, { body: purchase(storeId, instrumentId) });

    const [recorded] = sandbox.records.funnelStepEvents.list();
    expect(recorded).toMatchObject({ eventType: 'funnel_step_view', storeId, customerId, properties: { stepId: 'step_checkout', stepName: 'Checkout', funnelId, funnelSessionId: request.funnelSessionId, isEntryStep: true } });

    const listed = (await c.api(routes.listEvents, { body: { filters: { storeIds: [storeId] } } })).body;
    const ids = listed.events.map((event: Json) => event.id);
    const at = ids.indexOf(recorded!.id);
    const paymentOf = (event: Json) => event.properties.paymentId;
    expect(ids.slice(0, at).every((id: string, index: number) => paymentOf(listed.events[index]) === after.body.payment.id)).toBe(true);
    expect(listed.events.slice(at + 1).some((event: Json) => paymentOf(event) === before.body.payment.id)).toBe(true);
    expect(listed.events[at]).toMatchObject({ eventType: 'funnel_step_view', customerId, customer: { id: customerId, email: 'ada@example.com' }, store: { id: storeId }, properties: { stepId: 'step_checkout' } });
    expect(listed.total).toBe(ids.length);
    expect(listed.options['appEvents.eventType']).toContain('funnel_step_view');

    const onlySteps = (await c.api(routes.listEvents, { body: { filters: { eventTypes: ['funnel_step_view'] } } })).body;
    expect(onlySteps).toMatchObject({ total: 1, events: [{ id: recorded!.id }] });
    const oldestFirst = (await c.api(routes.listEvents, { body: { filters: { storeIds: [storeId] }, sortBy: { direction: 'asc' } } })).body;
    expect(oldestFirst.events.map((event: Json) => event.id)).toEqual([...ids].reverse());
    expect((await c.api(routes.retrieveEvent, { params: { id: recorded!.id } })).body).toMatchObject({ id: recorded!.id, eventType: 'funnel_step_view' });
    const recent = (await c.api(routes.listRecentEvents, { body: { limit: 50 } })).body as Json[];
    expect(recent.map((event) => event.id)).toEqual(ids);
  });

  it('records each event type with its fields; without a funnel, and a custom event with its properties', async () => {
    const storeId = sandbox.defaults.storeId;
    for (const eventType of ['view', 'enter', 'convert'] as const) {
      expect((await track({ eventType, storeId, stepId: 'step_a', orderAmount: 2999, orderCurrency: 'USD', deviceType: 'mobile' })).body).toEqual({ success: true, eventType, stepId: 'step_a' });
    }
    await track({ eventType: 'custom', storeId, stepId: 'step_a', customEventName: 'video_played', customEventProperties: { seconds: 12 } });
    const recorded = sandbox.records.funnelStepEvents.list();
    expect(recorded.map((event) => event.eventType)).toEqual(['funnel_step_view', 'funnel_step_enter', 'funnel_step_convert', 'funnel_step_custom']);
    expect(recorded[2]).toMatchObject({ customerId: null, properties: { orderAmount: 2999, orderCurrency: 'USD', deviceType: 'mobile' } });
    expect(recorded[3]?.properties).toMatchObject({ customEventName: 'video_played', customEventProperties: { seconds: 12 } });
    const listed = (await c.api(routes.listEvents, { body: { filters: { eventTypes: ['funnel_step_convert', 'funnel_step_custom'] } } })).body;
    expect(listed.events.map((event: Json) => event.eventType)).toEqual(['funnel_step_custom', 'funnel_step_convert']);
  });

  it('refuses bad fields, naming each; an unknown store or a funnel of another store is a 404, and nothing is recorded', async () => {
    const storeId = sandbox.defaults.storeId;
    expect(fieldsOf(await track({ eventType: 'click', storeId, stepId: 'step_a' }))).toEqual(['eventType']);
    expect(fieldsOf(await track({ eventType: 'view', storeId }))).toEqual(['stepId']);
    expect(fieldsOf(await track({ eventType: 'view', storeId, stepId: 'step_a', deviceType: 'watch' }))).toEqual(['deviceType']);
    const decimal = await track({ eventType: 'convert', storeId, stepId: 'step_a', orderAmount: 29.99 });
    expect(decimal.body.error.fields).toEqual([expect.objectContaining({ field: 'orderAmount', message: expect.stringContaining('2999') })]);
    expect((await track({ eventType: 'view', storeId: 'store_nope', stepId: 'step_a' })).body.message).toBe('No store with id "store_nope"');
    const { id } = await funnel();
    const other = (await c.api(routes.createStore, { body: storeBody() })).body.id as string;
    const elsewhere = await track({ eventType: 'view', storeId: other, stepId: 'step_a', funnelId: id });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(`No funnel with id "${id}"`);
    expect(sandbox.records.funnelStepEvents.list()).toEqual([]);
  });
});

describe('POST /builder/sessions', () => {
  it('takes the published example and answers its keys: a random token, expiring an hour after the sandbox clock', async () => {
    const { request, response } = published.createBuilderSession;
    const created = await builder(request);
    expect(created.status).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(Object.keys(response).sort());
    expect(created.body).toEqual({ token: expect.stringMatching(/^bst_[\w-]{43}$/), expiresAt: new Date(NOW + 3_600_000).toISOString(), accountId: expect.any(String), pluginId: 'plg_abc123', deploymentId: 'dep_xyz789' });
    expect((await builder(request)).body.token).not.toBe(created.body.token);
  });

  it('reads expiresIn as seconds in digits or in seconds, minutes, hours or days, and takes the published permissions', async () => {
    const base = { pluginId: 'plg_1', deploymentId: 'dep_1', storeId: sandbox.defaults.storeId, permissions: ['read:source', 'write:deploy', 'read:manifest', 'write:manifest'] };
    for (const [expiresIn, ms] of [['3600', 3_600_000], ['30m', 1_800_000], ['45s', 45_000], ['1h', 3_600_000], ['7d', 604_800_000]] as const) {
      expect((await builder({ ...base, expiresIn })).body.expiresAt).toBe(new Date(NOW + ms).toISOString());
    }
  });

  it('takes a request with no field, as the page marks none required: answered with what it was given, null for the rest', async () => {
    for (const body of [{}, { deploymentId: 'dep_1' }, { storeId: sandbox.defaults.storeId, expiresIn: '3600' }]) {
      const created = await builder(body);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ token: expect.stringMatching(/^bst_/), pluginId: null, deploymentId: (body as Json).deploymentId ?? null });
    }
  });

  it('refuses bad fields, naming each (expiresIn with the forms it takes); an unknown store is a 404', async () => {
    const base = { pluginId: 'plg_1', deploymentId: 'dep_1' };
    expect(fieldsOf(await builder({ ...base, pluginId: '' }))).toEqual(['pluginId']);
    expect(fieldsOf(await builder({ ...base, permissions: ['read:source', 'admin'] }))).toEqual(['permissions.1']);
    const soon = await builder({ ...base, expiresIn: 'soon' });
    expect(fieldsOf(soon)).toEqual(['expiresIn']);
    expect(JSON.stringify(soon.body)).toMatch(/'3600'.*'30m', '1h', '7d'/);
    expect(fieldsOf(await builder({ ...base, expiresIn: '1.5h' }))).toEqual(['expiresIn']);
    expect(fieldsOf(await builder({ ...base, expiresIn: '0' }))).toEqual(['expiresIn']);
    expect(fieldsOf(await builder({ ...base, expiresIn: '0h' }))).toEqual(['expiresIn']);
    expect((await builder({ ...base, storeId: 'store_nope' })).status).toBe(404);
  });

  it('gives a token no route of the sandbox takes as an API key or a browser session token', async () => {
    const { token } = (await builder({ pluginId: 'plg_1', deploymentId: 'dep_1' })).body as { token: string };
    expect((await c.api(routes.testAuth, { body: {}, headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await builder({ pluginId: 'plg_1', deploymentId: 'dep_1' }, { authorization: `Bearer ${token}` })).status).toBe(401);
    const { id } = await funnel();
    const opened = (await preview(id, { storeId: sandbox.defaults.storeId, stepId: 'step_checkout' })).body as { token: string };
    for (const secret of [token, opened.token]) {
      const { id: instrumentId } = await c.instrument(sandbox.defaults.storeId);
      const asSession = await c.api(routes.payCheckout, { body: {}, headers: { authorization: '', 'x-cms-token': secret } });
      expect(asSession.status).toBe(401);
      expect((await c.api(routes.processPayment, { body: purchase(sandbox.defaults.storeId, instrumentId), headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
    }
  });
});
