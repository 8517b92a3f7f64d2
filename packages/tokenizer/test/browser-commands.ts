// Node-side helpers the browser tests call through `commands` (vitest browser mode). They play the merchant server:
// they hold the secret sandbox API key, which must never reach the page.
import { Buffer } from 'node:buffer';
import { API_PREFIX, routePath, routes, SANDBOX_VAULT_KEY, vaultCardsPath, vaultKeyHeader } from '@tessera/core/internal';
import { approveWalletSheet, cancelWalletSheet, sandboxRoutes } from '@tessera/sandbox';
import type {} from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';
import { CHALLENGE_CARD, challengeOf, chargeTestCard, sandboxPost, type PendingChallenge } from '@tessera/test-support/charge-test-card';
import { fillCardFields, type TestCardInput } from '../src/testing.js';

const SECRET_KEY = 'sk_test_tessera_sandbox';

function sandboxUrl(): string {
  const url = process.env.TESSERA_SANDBOX_URL;
  if (!url) throw new Error('The sandbox is not running (globalSetup did not start it)');
  return url;
}

/** The sandbox's gateway store, which globalSetup made. */
const gatewayStoreId = (): string => process.env.TESSERA_SANDBOX_GATEWAY_STORE ?? '';

const post = (path: string, body: unknown, headers: Record<string, string>): Promise<Record<string, unknown>> => sandboxPost(sandboxUrl(), path, body, headers);

/**
 * Creates a payment that needs a 3DS challenge on the sandbox's gateway store (test card 4000 0000 0000 3220) and
 * returns the four values `startChallenge` takes.
 */
export const createPendingChallenge: BrowserCommand<[]> = async (): Promise<PendingChallenge> =>
  challengeOf(await chargeTestCard(sandboxUrl(), gatewayStoreId(), CHALLENGE_CARD, { metadata: { authentication: 'sca_required' } }));

/** The payment's status, read by the "server" with the secret key. */
export const getPaymentStatus: BrowserCommand<[paymentId: string]> = async (_context, paymentId): Promise<string> => {
  const response = await fetch(`${sandboxUrl()}${API_PREFIX}${routePath(routes.retrievePayment, { id: paymentId })}`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
  const payment = (await response.json()) as { status: string };
  return payment.status;
};

/** The issuer page: inside web-threeds' challenge page (the modal's iframe), in that page's own iframe. */
const acsFrame = (context: Parameters<BrowserCommand<[]>>[0], iframeTitle: string) =>
  context.iframe.frameLocator(`iframe[title="${iframeTitle}"]`).frameLocator('iframe');

/**
 * Reads the issuer page inside the challenge iframe (cross-origin, so only the browser driver can look inside):
 * waits for it to show `text` and returns its visible text.
 */
export const readAcsPage: BrowserCommand<[iframeTitle: string, text: string]> = async (context, iframeTitle, text): Promise<string> => {
  const frame = acsFrame(context, iframeTitle);
  await frame.getByText(text).first().waitFor();
  return frame.locator('body').innerText();
};

/** Clicks a button of the issuer page (`Approve` or `Fail authentication`), as the customer does. */
export const clickAcsButton: BrowserCommand<[iframeTitle: string, label: string]> = async (context, iframeTitle, label): Promise<void> => {
  await acsFrame(context, iframeTitle).getByRole('button', { name: label }).click();
};

/** A 3DS card instrument as the page hands it to `createSession` (the merchant server created it). */
export interface ThreeDSCardInstrument {
  storeId: string;
  instrument: { id: string; tokenId: string; type: 'card'; card: { last4: string; bin: string; expirationMonth: number; expirationYear: number } };
}

/** Tokenizes the 3DS test card and makes an instrument of it on the gateway store. */
export const createThreeDSInstrument: BrowserCommand<[]> = async (): Promise<ThreeDSCardInstrument> => {
  const year = new Date().getFullYear() + 3;
  const token = await post(vaultCardsPath, { type: 'card', data: { number: '4000000000003220', expiration_month: 12, expiration_year: year, cvc: '123' } }, { [vaultKeyHeader]: SANDBOX_VAULT_KEY });
  const serviceToken = Buffer.from(JSON.stringify({ type: 'card', token: token.id, provider: 'basistheory' })).toString('base64');
  const storeId = gatewayStoreId();
  const created = await post(`${API_PREFIX}${routePath(routes.createPaymentInstrumentFromToken)}`, { serviceToken, storeId, customerData: { email: 'ada@example.com' } }, { authorization: `Bearer ${SECRET_KEY}` });
  const instrument = created.paymentInstrument as { id: string };
  return { storeId, instrument: { id: instrument.id, tokenId: String(token.id), type: 'card', card: { last4: '3220', bin: '400000', expirationMonth: 12, expirationYear: year } } };
};

/**
 * The merchant server's part after the page's `createSession`: `POST /threeds/create-session` with the body the page
 * got, then the purchase with that `threedsSessionId`; returns the pending payment's challenge.
 */
export const payWithThreeDSSession: BrowserCommand<[body: Record<string, unknown>]> = async (_context, body): Promise<PendingChallenge> => {
  const auth = { authorization: `Bearer ${SECRET_KEY}` };
  const session = await post(`${API_PREFIX}${routePath(routes.createThreeDSSession)}`, body, auth);
  const processed = await post(
    `${API_PREFIX}${routePath(routes.processPayment)}`,
    { amount: 1999, currency: 'USD', storeId: body.storeId, paymentInstrumentId: body.paymentInstrumentId, threedsSessionId: session.id, initiatedBy: 'customer', mode: 'purchase' },
    auth,
  );
  return challengeOf(processed);
};

/**
 * The merchant server's part when it authenticates the page's BT session itself, as basis-theory-js's
 * `threeds.authenticateSession` does (`POST /3ds/sessions/{id}/authenticate` with the secret key, no payment):
 * returns the challenge the page then runs.
 */
export const authenticateBtSession: BrowserCommand<[sessionId: string]> = async (_context, sessionId): Promise<PendingChallenge['challenge']> => {
  const authentication = await post(
    `/3ds/sessions/${encodeURIComponent(sessionId)}/authenticate`,
    { authentication_category: 'payment', authentication_type: 'payment-transaction', purchase_info: { amount: '1999', currency: '840', exponent: '2' } },
    { [vaultKeyHeader]: SECRET_KEY },
  );
  if (authentication.authentication_status !== 'challenge') throw new Error(`Basis Theory did not ask for a challenge: ${JSON.stringify(authentication)}`);
  return {
    sessionId,
    acsChallengeUrl: String(authentication.acs_challenge_url),
    acsTransactionId: String(authentication.acs_transaction_id),
    threeDSVersion: String(authentication.threeds_version),
  };
};

/** `GET /3ds/sessions/{id}/challenge-result` with the secret key (basis-theory-js's `getChallengeResult`): the status. */
export const btChallengeResult: BrowserCommand<[sessionId: string]> = async (_context, sessionId): Promise<string> => {
  const response = await fetch(`${sandboxUrl()}/3ds/sessions/${encodeURIComponent(sessionId)}/challenge-result`, { headers: { [vaultKeyHeader]: SECRET_KEY } });
  const result = (await response.json()) as { authentication_status: string };
  return result.authentication_status;
};

/**
 * Whether a page in the challenge iframe (`relay`: web-threeds' challenge page; `acs`: the issuer's page inside it) may
 * open a popup: `window.open` returns a window. Playwright turns Chromium's popup blocker off, so only an iframe
 * `sandbox` without `allow-popups` stops it.
 */
export const popupsAllowed: BrowserCommand<[iframeTitle: string]> = async (context, iframeTitle): Promise<{ relay: boolean; acs: boolean }> => {
  const relay = context.iframe.frameLocator(`iframe[title="${iframeTitle}"]`);
  const tryOpen = (): boolean => {
    const opened = window.open('about:blank', '_blank');
    opened?.close();
    return opened !== null;
  };
  return { relay: await relay.locator('body').evaluate(tryOpen), acs: await relay.frameLocator('iframe').locator('body').evaluate(tryOpen) };
};

/**
 * The merchant server's `payments.process` for a sandbox test card on the gateway store (a customer purchase of
 * $19.99, with `returnUrl` when given): the payment as it answered.
 */
export const processTestCard: BrowserCommand<[cardNumber: string, returnUrl?: string]> = async (_context, cardNumber, returnUrl): Promise<Record<string, unknown>> =>
  (await chargeTestCard(sandboxUrl(), gatewayStoreId(), cardNumber, { returnUrl })).payment as Record<string, unknown>;

/** The merchant server's `payments.continue({ paymentId })`: the payment as the sandbox answers it. */
export const continueTestPayment: BrowserCommand<[paymentId: string]> = async (_context, paymentId): Promise<Record<string, unknown>> => {
  const continued = await post(`${API_PREFIX}${routePath(routes.continuePayment)}`, { paymentId }, { authorization: `Bearer ${SECRET_KEY}` });
  return continued.payment as Record<string, unknown>;
};

/** The merchant server's `radarSessions.create(session)`: saves the session a radar check collected in the page. */
export const saveTestRadarSession: BrowserCommand<[session: object]> = async (_context, session): Promise<Record<string, unknown>> =>
  post(`${API_PREFIX}${routePath(routes.createRadarSession)}`, session, { authorization: `Bearer ${SECRET_KEY}` });

/** Clicks a button of the sandbox's redirect page in the popup the page opened, as the customer does. */
export const clickRedirectPopupButton: BrowserCommand<[label: string]> = async (context, label): Promise<void> => {
  const browserContext = context.page.context();
  const find = () => browserContext.pages().find((candidate) => candidate.url().includes('/redirect/'));
  let popup = find();
  for (const deadline = Date.now() + 10_000; !popup && Date.now() < deadline; popup = find()) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!popup) throw new Error(`The page opened no redirect popup: ${browserContext.pages().map((candidate) => candidate.url()).join(', ')}`);
  await popup.getByRole('button', { name: label }).click();
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    createPendingChallenge: () => Promise<PendingChallenge>;
    getPaymentStatus: (paymentId: string) => Promise<string>;
    readAcsPage: (iframeTitle: string, text: string) => Promise<string>;
    clickAcsButton: (iframeTitle: string, label: string) => Promise<void>;
    createThreeDSInstrument: () => Promise<ThreeDSCardInstrument>;
    payWithThreeDSSession: (body: Record<string, unknown>) => Promise<PendingChallenge>;
    authenticateBtSession: (sessionId: string) => Promise<PendingChallenge['challenge']>;
    btChallengeResult: (sessionId: string) => Promise<string>;
    popupsAllowed: (iframeTitle: string) => Promise<{ relay: boolean; acs: boolean }>;
    processTestCard: (cardNumber: string, returnUrl?: string) => Promise<Record<string, unknown>>;
    continueTestPayment: (paymentId: string) => Promise<Record<string, unknown>>;
    clickRedirectPopupButton: (label: string) => Promise<void>;
    saveTestRadarSession: (session: object) => Promise<Record<string, unknown>>;
    payWithServiceToken: (serviceToken: string) => Promise<Record<string, unknown>>;
    fillCardFieldsWithPlaywright: (card: TestCardInput, within: string) => Promise<void>;
    recordRequests: () => Promise<RecordedRequest[]>;
    actOnWalletSheet: (action: 'pay' | 'cancel', card?: string) => Promise<void>;
    mintWalletToken: (wallet: 'apple_pay' | 'google_pay', body: Record<string, unknown>) => Promise<Record<string, any>>;
    routeVendorHostsToSandbox: (sandboxUrl: string) => Promise<void>;
    cardFieldInput: (frameSelector: string, autocomplete: string) => Promise<CardFieldInput>;
  }
}

/** What assistive technology reads of an input in a card field's frame. */
export interface CardFieldInput {
  ariaLabel: string | null;
  ariaInvalid: string | null;
  /** The text of what its `aria-describedby` names, in the frame. */
  description: string;
  focused: boolean;
}

/** Reads the input with `autocomplete` in the frame `frameSelector` (another origin: only Playwright reaches into it). */
export const cardFieldInput: BrowserCommand<[frameSelector: string, autocomplete: string]> = async (context, frameSelector, autocomplete): Promise<CardFieldInput> =>
  context.iframe
    .frameLocator(frameSelector)
    .locator(`input[autocomplete="${autocomplete}"]`)
    .evaluate((input: HTMLInputElement) => ({
      ariaLabel: input.getAttribute('aria-label'),
      ariaInvalid: input.getAttribute('aria-invalid'),
      description: document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      focused: document.activeElement === input,
    }));

/**
 * The merchant server's part after the page tokenized: a payment instrument of the page's service token, then a
 * customer purchase of $19.99 on the gateway store. Returns the payment as the sandbox answered it.
 */
export const payWithServiceToken: BrowserCommand<[serviceToken: string]> = async (_context, serviceToken): Promise<Record<string, unknown>> => {
  const storeId = gatewayStoreId();
  const auth = { authorization: `Bearer ${SECRET_KEY}` };
  const created = await post(`${API_PREFIX}${routePath(routes.createPaymentInstrumentFromToken)}`, { serviceToken, storeId, customerData: { email: 'ada@example.com' } }, auth);
  const instrument = created.paymentInstrument as { id: string };
  const processed = await post(`${API_PREFIX}${routePath(routes.processPayment)}`, { amount: 1999, currency: 'USD', storeId, paymentInstrumentId: instrument.id, initiatedBy: 'customer', mode: 'purchase' }, auth);
  return processed.payment as Record<string, unknown>;
};

/**
 * Types a test card into the card fields inside `within` the way a merchant's Playwright test does: through
 * `@tessera/tokenizer/testing`'s `fillCardFields`, which reaches into the element frames with `frameLocator`.
 */
export const fillCardFieldsWithPlaywright: BrowserCommand<[card: TestCardInput, within: string]> = async (context, card, within): Promise<void> => {
  await fillCardFields(context.iframe, card, { within });
};

/** A request the page or one of its frames sent, as recorded by {@link recordRequests}. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** The URL of the frame that sent it. */
  frameUrl: string;
  /** The URL and body together, to search for card data. */
  body: string | null;
}

const recordedRequests: RecordedRequest[] = [];
const recordedPages = new WeakSet<object>();

/** Starts (once per page) recording every request the page and its frames send; answers those recorded so far. */
export const recordRequests: BrowserCommand<[]> = (context): RecordedRequest[] => {
  if (!recordedPages.has(context.page)) {
    recordedPages.add(context.page);
    context.page.on('request', (request) => {
      let frameUrl = '';
      try {
        frameUrl = request.frame().url();
      } catch {
        // A service worker's request has no frame.
      }
      recordedRequests.push({ method: request.method(), url: request.url(), frameUrl, body: request.postData() });
    });
  }
  return [...recordedRequests];
};

/**
 * What the sandbox's wallet sheet makes when the customer pays (its mint routes are same-origin only, so the test
 * page asks Node): an Apple `ApplePayPaymentToken` for `{ card, merchantSession }`, or Google's `PaymentData` for
 * `{ card, gateway, gatewayMerchantId, allowedAuthMethods }`.
 */
export const mintWalletToken: BrowserCommand<[wallet: 'apple_pay' | 'google_pay', body: Record<string, unknown>]> = async (_context, wallet, body): Promise<Record<string, unknown>> =>
  post(wallet === 'apple_pay' ? sandboxRoutes.mintApplePayToken : sandboxRoutes.mintGooglePayToken, body, {});

/**
 * Plays the customer on the sandbox's test wallet sheet, with the sandbox's own Playwright helpers: picks the wallet
 * card `card` (default `visa_approved`) and presses Pay, or presses Cancel.
 */
export const actOnWalletSheet: BrowserCommand<[action: 'pay' | 'cancel', card?: string]> = async (context, action, card): Promise<void> =>
  action === 'pay' ? approveWalletSheet(context.iframe, card) : cancelWalletSheet(context.iframe);

// The hosts the vendor's wallet code (@tagadapay/core-js 3.1.0, `dist/payments/*`) hard-codes, and the sandbox path
// each path of theirs is served at (Apple Pay JS under `/applepay`, pay.js and Basis Theory's API at the same path).
const vendorHosts: Record<string, (path: string) => string> = {
  'https://applepay.cdn-apple.com': (path) => (path.startsWith('/jsapi/') ? `/applepay${path}` : path),
  'https://pay.google.com': (path) => path,
  'https://api.basistheory.com': (path) => path,
};

/**
 * Serves Apple's, Google's and Basis Theory's hosts from the sandbox at `sandboxUrl` for the test's page (Playwright
 * `page.route`: each request fetched from the sandbox, its answer given back unchanged), so the vendor's unmodified
 * wallet code runs against the stand-ins and the sandbox's vault. A request the provider's own page (the sheet, served
 * as that host) sends to that same host keeps being same-origin: its `Origin` becomes the sandbox's.
 */
export const routeVendorHostsToSandbox: BrowserCommand<[sandboxUrl: string]> = async (context, sandboxUrl): Promise<void> => {
  const sandbox = new URL(sandboxUrl);
  for (const [host, pathOf] of Object.entries(vendorHosts)) {
    await context.page.route(`${host}/**`, async (route) => {
      const url = new URL(route.request().url());
      const headers = { ...route.request().headers() };
      if (headers.origin === host) headers.origin = sandbox.origin;
      const response = await route.fetch({ url: `${sandbox.origin}${pathOf(url.pathname)}${url.search}`, headers });
      await route.fulfill({ response });
    });
  }
};
