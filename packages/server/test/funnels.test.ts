import { API_PREFIX } from '@tessera/core/internal';
import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { Tessera, TesseraNotFoundError, TesseraValidationError } from '../src/index.js';
import { useMockServer } from './recorder.js';

// Funnels, funnel tracking and builder sessions through the client, against @tessera/sandbox's msw handlers: the
// preview session's `funnelId` fills the path and stays in the body (as published); a tracked step is listed with the
// app events; invalid input fails before anything is sent, naming the field.
const BASE_URL = 'http://127.0.0.1:4011';
const NOW = Date.UTC(2030, 0, 15, 12);
const sandbox: Sandbox = createSandbox({ now: NOW, clock: 'frozen' });
const server = setupServer(...sandbox.handlers);
const recorder = useMockServer(server);
const tessera = new Tessera({ apiKey: sandbox.apiKey, baseUrl: BASE_URL });
const storeId = sandbox.defaults.storeId;
const config = { name: 'Main', steps: [{ id: 'step_checkout', name: 'Checkout' }, { id: 'step_thankyou' }] };

describe('tessera.funnels', () => {
  it('creates a funnel, then a preview session of its step: funnelId in the path and the body', async () => {
    const { funnel } = await tessera.funnels.create({ storeId, config, isDefault: true });
    expect(funnel).toMatchObject({ id: expect.stringMatching(/^funnelv2_/), storeId, name: 'Main', isDefault: true });
    const session = await tessera.funnels.createPreviewSession({ funnelId: funnel!.id, storeId, stepId: 'step_thankyou' });
    expect(session).toMatchObject({ sessionId: expect.stringMatching(/^fs_/), funnelId: funnel!.id, stepId: 'step_thankyou', token: expect.any(String) });
    const sent = recorder.sent.at(-1)!;
    expect(sent.url.pathname).toBe(`${API_PREFIX}/funnels/${funnel!.id}/preview-session`);
    expect(await sent.body()).toEqual({ funnelId: funnel!.id, storeId, stepId: 'step_thankyou' });
  });

  it('refuses a preview session without funnelId or stepId before sending; an unknown funnel is a TesseraNotFoundError', async () => {
    const before = recorder.sent.length;
    const missing = await tessera.funnels.createPreviewSession({ storeId, stepId: 'step_thankyou' } as never).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(TesseraValidationError);
    expect((missing as TesseraValidationError).fields.map((field) => field.field)).toEqual(['funnelId']);
    const noStep = await tessera.funnels.createPreviewSession({ funnelId: 'funnelv2_1', storeId } as never).catch((error: unknown) => error);
    expect((noStep as TesseraValidationError).fields.map((field) => field.field)).toEqual(['stepId']);
    expect(recorder.sent.length).toBe(before);
    await expect(tessera.funnels.createPreviewSession({ funnelId: 'funnelv2_nope', storeId, stepId: 'step_thankyou' })).rejects.toBeInstanceOf(TesseraNotFoundError);
  });
});

describe('tessera.funnelTracking', () => {
  it('tracks a step, listed by tessera.events.list under funnel_step_<eventType>', async () => {
    const tracked = await tessera.funnelTracking.trackStep({ eventType: 'convert', storeId, stepId: 'step_thankyou', orderAmount: 2999, orderCurrency: 'USD' });
    expect(tracked).toEqual({ success: true, eventType: 'convert', stepId: 'step_thankyou' });
    const page = await tessera.events.list({ filters: { storeIds: [storeId], eventTypes: ['funnel_step_convert'] } });
    expect(page.data).toEqual([expect.objectContaining({ eventType: 'funnel_step_convert', properties: expect.objectContaining({ stepId: 'step_thankyou', orderAmount: 2999 }) })]);
  });

  it('refuses an unknown eventType and a decimal orderAmount before sending, naming each', async () => {
    const error = await tessera.funnelTracking.trackStep({ eventType: 'click' as never, storeId, stepId: 'step_a', orderAmount: 29.99 }).catch((caught: unknown) => caught);
    expect((error as TesseraValidationError).fields.map((field) => field.field).sort()).toEqual(['eventType', 'orderAmount']);
  });
});

describe('tessera.builderSessions', () => {
  it('creates a session token that expires after expiresIn, and refuses an unknown permission before sending', async () => {
    const session = await tessera.builderSessions.create({ pluginId: 'plg_1', deploymentId: 'dep_1', permissions: ['read:source'], expiresIn: '30m' });
    expect(session).toMatchObject({ token: expect.stringMatching(/^bst_/), expiresAt: new Date(NOW + 1_800_000).toISOString(), pluginId: 'plg_1', deploymentId: 'dep_1' });
    const error = await tessera.builderSessions.create({ pluginId: 'plg_1', deploymentId: 'dep_1', permissions: ['admin' as never] }).catch((caught: unknown) => caught);
    expect((error as TesseraValidationError).fields.map((field) => field.field)).toEqual(['permissions.0']);
  });
});
