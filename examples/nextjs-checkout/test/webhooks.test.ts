import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from '@tessera/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as edgeRoute from '@/app/api/webhooks/edge/route';
import * as nodeRoute from '@/app/api/webhooks/route';

// Both webhook routes with web-standard Requests, as Next calls them. The edge one also runs in Next's edge runtime
// in the end-to-end test (`next build` bundles it for the edge, `next start` runs it there).
const SECRET = 'whsec_nextjs_starter_test';

beforeEach(() => {
  vi.stubEnv('TESSERA_API_KEY', 'sk_test_tessera_sandbox');
  vi.stubEnv('TESSERA_BASE_URL', 'http://127.0.0.1:4010');
  vi.stubEnv('TESSERA_WEBHOOK_SECRET', SECRET);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const body = JSON.stringify({ id: 'evt_1', type: 'payment/succeeded', data: { id: 'pay_1', amount: 1999 } });

async function deliver(route: { POST: (request: Request) => Promise<Response> }, payload: string, signature?: string) {
  const response = await route.POST(
    new Request('http://shop.test/api/webhooks', { method: 'POST', body: payload, headers: { 'content-type': 'application/json', ...(signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {}) } }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

it('the edge copy declares the edge runtime; the Node one leaves Next’s default (nodejs)', () => {
  expect(edgeRoute.runtime).toBe('edge');
  expect('runtime' in nodeRoute).toBe(false);
});

describe.each([
  ['Node', nodeRoute],
  ['edge', edgeRoute],
])('webhook route (%s runtime)', (_name, route) => {
  it('accepts a delivery signed with the endpoint’s secret, verified over the raw body', async () => {
    expect(await deliver(route, body, await signWebhookPayload(body, SECRET))).toEqual({ status: 200, body: { received: true, id: 'evt_1', type: 'payment/succeeded', runtime: 'nodejs' } });
    expect(console.log).toHaveBeenCalledWith('webhook payment/succeeded evt_1 (nodejs)');
  });

  it('refuses a tampered body, another secret, a replay and a missing signature with 400 and the code', async () => {
    const signature = await signWebhookPayload(body, SECRET);
    expect(await deliver(route, body.replace('1999', '1'), signature)).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
    // Re-serialised JSON is another body: the signature covers the bytes as sent.
    expect(await deliver(route, JSON.stringify(JSON.parse(body), null, 2), signature)).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
    expect(await deliver(route, body, await signWebhookPayload(body, 'whsec_someone_else'))).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
    expect(await deliver(route, body, await signWebhookPayload(body, SECRET, Math.floor(Date.now() / 1000) - 3600))).toMatchObject({ status: 400, body: { error: { code: 'timestamp_outside_tolerance' } } });
    expect(await deliver(route, body)).toMatchObject({ status: 400, body: { error: { code: 'missing_signature' } } });
    expect(console.log).not.toHaveBeenCalled();
  });

  it('answers 503 without a secret, so the service retries the delivery later', async () => {
    vi.stubEnv('TESSERA_WEBHOOK_SECRET', '');
    expect(await deliver(route, body, await signWebhookPayload(body, SECRET))).toMatchObject({ status: 503, body: { error: { code: 'webhook_secret_missing' } } });
  });
});
