import { API_PREFIX } from '@tessera/core/internal';
import { createSandbox, type Sandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Tessera, TesseraBadRequestError, TesseraNotFoundError, TesseraResponseValidationError, TesseraValidationError } from '../src/index.js';
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

describe('the published error of create funnel', () => {
  it('{ message, code, issues } is a TesseraBadRequestError naming each issue with a path as a field', async () => {
    const issues = [{ code: 'invalid_type', message: 'Required', path: ['config', 'steps', 0, 'type'] }, { message: 'A funnel needs an entry step' }];
    const restore = sandbox.override('createFunnel', () => ({ status: 400, json: { message: 'Invalid funnel config', code: 'BAD_REQUEST', issues } }));
    try {
      const error = await tessera.funnels.create({ storeId, config }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraBadRequestError);
      expect(error).toMatchObject({ code: 'BAD_REQUEST', fields: [{ field: 'config.steps.0.type', code: 'invalid_type', message: 'Required' }] });
    } finally {
      restore();
    }
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

  it('sends a request with no field (the page marks none required) and expiresIn in seconds; refuses another form, naming those it takes', async () => {
    expect(await tessera.builderSessions.create({})).toMatchObject({ token: expect.stringMatching(/^bst_/), pluginId: null, deploymentId: null });
    expect(await tessera.builderSessions.create({ deploymentId: 'dep_1', expiresIn: '3600' })).toMatchObject({ expiresAt: new Date(NOW + 3_600_000).toISOString(), deploymentId: 'dep_1' });
    const before = recorder.sent.length;
    const error = (await tessera.builderSessions.create({ expiresIn: 'an hour' }).catch((caught: unknown) => caught)) as TesseraValidationError;
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect(error.fields).toEqual([expect.objectContaining({ field: 'expiresIn', message: expect.stringContaining("'3600'") })]);
    expect(error.message).toMatch(/'30m', '1h', '7d'/);
    expect(recorder.sent.length).toBe(before);
  });
});

describe('the session tokens at rest, through the client', () => {
  it('a sandbox data file holds neither token, though the client sent an Idempotency-Key with each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-session-tokens-'));
    const file = join(dir, 'sandbox.db');
    const onFile = createSandbox({ now: NOW, clock: 'frozen', dataFile: file });
    const tokens: string[] = [];
    try {
      server.use(...onFile.handlers);
      const client = new Tessera({ apiKey: onFile.apiKey, baseUrl: BASE_URL });
      const { funnel } = await client.funnels.create({ storeId: onFile.defaults.storeId, config });
      const session = await client.funnels.createPreviewSession({ funnelId: funnel!.id, storeId: onFile.defaults.storeId, stepId: 'step_thankyou' });
      const builder = await client.builderSessions.create({ pluginId: 'plg_1', deploymentId: 'dep_1' });
      tokens.push(session.token!, builder.token);
      expect(recorder.sent.slice(-2).map((sent) => sent.headers['idempotency-key'])).toEqual([expect.any(String), expect.any(String)]);
    } finally {
      onFile.close();
    }
    const bytes = [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path).toString('latin1')).join('');
    rmSync(dir, { recursive: true, force: true });
    expect(tokens.map((token) => token.slice(0, 4))).toEqual(['fpt_', 'bst_']);
    expect(bytes).toContain('idempotencyAnswers');
    for (const token of tokens) expect(bytes.includes(token.slice(4)), `${token.slice(0, 4)}… in the data file`).toBe(false);
  });
});

describe('a session token in an answer the client reads', () => {
  it('is read from a { data } wrapper: the preview session and the builder session', async () => {
    const preview = { sessionId: 'fs_wrapped', funnelId: 'funnelv2_1', stepId: 'step_thankyou', token: 'fpt_wrapped', customerId: 'cus_1' };
    const restorePreview = sandbox.override('createFunnelPreviewSession', () => ({ json: { data: preview } }));
    const builder = { token: 'bst_wrapped', expiresAt: '2030-01-15T13:00:00.000Z', accountId: 'acc_1', pluginId: 'plg_1', deploymentId: 'dep_1' };
    const restoreBuilder = sandbox.override('createBuilderSession', () => ({ json: { data: builder } }));
    try {
      expect(await tessera.funnels.createPreviewSession({ funnelId: 'funnelv2_1', storeId, stepId: 'step_thankyou' })).toMatchObject(preview);
      expect(await tessera.builderSessions.create({ pluginId: 'plg_1', deploymentId: 'dep_1' })).toMatchObject(builder);
    } finally {
      restorePreview();
      restoreBuilder();
    }
  });

  it('is masked in the body of a response validation error, for any operation', async () => {
    const secret = 'fpt_do_not_log_me';
    const restorePreview = sandbox.override('createFunnelPreviewSession', () => ({ json: { data: { token: secret, customerId: 'cus_1' } } }));
    const restoreOrder = sandbox.override('retrieveOrder', () => ({ json: { order: { status: 'paid', webhook: { signingSecret: 'whsec_do_not_log_me' } }, accessToken: 'at_do_not_log_me' } }));
    try {
      const error = await tessera.funnels.createPreviewSession({ funnelId: 'funnelv2_1', storeId, stepId: 'step_thankyou' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraResponseValidationError);
      const validation = error as TesseraResponseValidationError;
      expect(validation.body).toEqual({ data: { token: '[redacted]', customerId: 'cus_1' } });
      expect(JSON.stringify({ ...validation, body: validation.body, message: validation.message })).not.toContain(secret);
      const other = (await tessera.orders.retrieve('order_1').catch((caught: unknown) => caught)) as TesseraResponseValidationError;
      expect(other).toBeInstanceOf(TesseraResponseValidationError);
      expect(JSON.stringify(other.body)).not.toMatch(/do_not_log_me/);
      expect(other.body).toEqual({ order: { status: 'paid', webhook: { signingSecret: '[redacted]' } }, accessToken: '[redacted]' });
    } finally {
      restorePreview();
      restoreOrder();
    }
  });
});
