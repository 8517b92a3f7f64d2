import { afterAll, describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';
import { sandboxRoutes } from '../wire/sandbox-routes.js';

// The radar stand-ins loaded as the vendor's code loads the real scripts (a `<script async>` tag; Airwallex's with
// `id="airwallex-fraud-api"` and `data-order-session-id`), from a sandbox server on 127.0.0.1: another origin than
// this page's, so their calls back are cross-origin, as on a merchant's page.
const sandboxUrl = inject('sandboxUrl');

/** Stripe.js's published `RadarSessionPayload` (`@stripe/stripe-js`, `dist/stripe-js/stripe.d.ts`). */
type RadarSessionPayload = { radarSession: Record<string, unknown>; error?: undefined } | { radarSession?: undefined; error: { type: string; code?: string; message?: string } };
type StripeConstructor = (publishableKey: string) => { createRadarSession(): Promise<RadarSessionPayload> };

function loadScript(src: string, attributes: Record<string, string> = {}): Promise<HTMLScriptElement> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.async = true;
    script.src = src;
    script.addEventListener('load', () => resolve(script));
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    document.body.append(script);
  });
}

/** Waits until the sandbox recorded a device session with this id (the script's report is sent after its load). */
async function deviceSessionRecorded(id: string): Promise<{ id: string; provider: string }> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
    const found = (await commands.readRadarRecords(sandboxUrl)).deviceSessions.find((session) => session.id === id);
    if (found) return found;
  }
  throw new Error(`the sandbox never recorded ${id}`);
}

afterAll(() => {
  document.body.replaceChildren();
});

describe('the radar stand-ins in a page', () => {
  it("Airwallex's fingerprint reports its tag's data-order-session-id, then each new one set on the reused tag", async () => {
    const first = crypto.randomUUID();
    const script = await loadScript(`${sandboxUrl}${sandboxRoutes.airwallexFingerprintScript}`, { id: 'airwallex-fraud-api', 'data-order-session-id': first });
    expect(await deviceSessionRecorded(first)).toEqual({ id: first, provider: 'airwallex', createdAt: expect.any(String) });
    // A second check: the vendor's code finds the tag by id and changes only the attribute.
    const second = crypto.randomUUID();
    document.getElementById('airwallex-fraud-api')?.setAttribute('data-order-session-id', second);
    expect(script.isConnected).toBe(true);
    expect(await deviceSessionRecorded(second)).toMatchObject({ id: second, provider: 'airwallex' });
  });

  it('Stripe.js: Stripe(pk).createRadarSession() resolves as RadarSessionPayload; a secret key throws; an unknown key resolves an error', async () => {
    await loadScript(`${sandboxUrl}${sandboxRoutes.stripeJsScript}`);
    const Stripe = (window as unknown as { Stripe?: StripeConstructor }).Stripe;
    expect(typeof Stripe).toBe('function');
    const payload: RadarSessionPayload = await Stripe!('pk_test_tessera_sandbox').createRadarSession();
    expect(payload).toEqual({ radarSession: { id: expect.stringMatching(/^rse_/), object: 'radar.session', livemode: false } });
    const id = payload.radarSession?.id as string;
    expect(await deviceSessionRecorded(id)).toMatchObject({ id, provider: 'stripe' });

    expect(() => Stripe!('sk_test_tessera_sandbox')).toThrow(expect.objectContaining({ name: 'IntegrationError', message: expect.stringContaining('secret key') }));
    const refused: RadarSessionPayload = await Stripe!('pk_test_unknown').createRadarSession();
    expect(refused).toEqual({ error: { type: 'invalid_request_error', message: expect.any(String) } });
  });
});
