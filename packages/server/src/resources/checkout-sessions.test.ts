import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { API, API_KEY, BASE_URL } from '../../test/fixtures.js';
import { useMockServer } from '../../test/recorder.js';
import { Tessera, TesseraRedirectError, TesseraResponseValidationError } from '../index.js';

const server = setupServer();
const recorder = useMockServer(server);
const tessera = (): Tessera => new Tessera({ apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: 0 });
const init = { storeId: 'store_1', items: [{ variantId: 'var_1', quantity: 2 }], currency: 'USD' };

/** The checkout page the service redirects to: it must never be requested by the client. */
const CHECKOUT = 'https://checkout.example.com';

function redirectTo(location: string, status = 302) {
  return http.get(`${API}/checkout/init`, () => new HttpResponse(null, { status, headers: { location } }));
}

describe('checkoutSessions.init (GET /checkout/init)', () => {
  it('reads the Location of the redirect without following it, and sends no API key to the public route', async () => {
    let followed = 0;
    server.use(
      redirectTo(`${CHECKOUT}/checkout/ch_abc123/op?checkoutToken=cht_1`),
      http.all(`${CHECKOUT}/*`, () => {
        followed++;
        return HttpResponse.text('<html>checkout</html>');
      }),
    );
    const answer = await tessera().checkoutSessions.init({ ...init, customerEmail: 'a@b.co', utm_source: 'newsletter' });
    expect(answer).toEqual({ redirectUrl: `${CHECKOUT}/checkout/ch_abc123/op?checkoutToken=cht_1`, checkoutToken: 'cht_1' });
    expect(followed).toBe(0);
    expect(recorder.sent).toHaveLength(1);
    const [sent] = recorder.sent;
    expect(sent!.method).toBe('GET');
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({
      storeId: 'store_1',
      items: '[{"variantId":"var_1","quantity":2}]',
      currency: 'USD',
      customerEmail: 'a@b.co',
      utm_source: 'newsletter',
    });
    expect(sent!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(sent!.headers)).not.toContain(API_KEY);
  });

  it('reads the token under includeCheckoutToken, else checkoutToken, else the published example’s token', async () => {
    server.use(redirectTo(`${CHECKOUT}/c?ct=one&checkoutToken=two`));
    expect((await tessera().checkoutSessions.init({ ...init, includeCheckoutToken: 'ct' })).checkoutToken).toBe('one');
    server.use(redirectTo(`${CHECKOUT}/checkout/ch_abc123/op?token=cms_token_xyz`, 303));
    expect(await tessera().checkoutSessions.init(init)).toEqual({ redirectUrl: `${CHECKOUT}/checkout/ch_abc123/op?token=cms_token_xyz`, checkoutToken: 'cms_token_xyz' });
    // A relative Location is resolved against the API's URL; a URL without a token gives none.
    server.use(redirectTo('/checkout/ch_1'));
    expect(await tessera().checkoutSessions.init(init)).toEqual({ redirectUrl: `${BASE_URL}/checkout/ch_1` });
  });

  it('a 2xx where a redirect was expected is a response validation error; a 3xx without Location is refused', async () => {
    server.use(http.get(`${API}/checkout/init`, () => HttpResponse.json({ ok: true })));
    const error = await tessera().checkoutSessions.init(init).catch((caught: unknown) => caught);
    expect(TesseraResponseValidationError.isInstance(error)).toBe(true);
    server.use(http.get(`${API}/checkout/init`, () => new HttpResponse(null, { status: 302 })));
    expect(TesseraRedirectError.isInstance(await tessera().checkoutSessions.init(init).catch((caught: unknown) => caught))).toBe(true);
  });

  it('checks its input before sending anything', async () => {
    await expect(tessera().checkoutSessions.init({ ...init, items: [] })).rejects.toMatchObject({ code: 'validation_error' });
    expect(recorder.sent).toHaveLength(0);
  });

  it('other operations still refuse a redirect', async () => {
    server.use(http.post(`${API}/checkout/pay-v2`, () => new HttpResponse(null, { status: 302, headers: { location: `${CHECKOUT}/x` } })));
    const error = await tessera().checkoutSessions.pay({ checkoutSessionId: 'ch_1', paymentInstrumentId: 'pi_1' }).catch((caught: unknown) => caught);
    expect(TesseraRedirectError.isInstance(error)).toBe(true);
  });
});
