// Node-side helpers the sandbox's browser tests call through `commands` (vitest browser mode). They play the merchant
// server: they hold the secret sandbox API key, which never reaches the page.
import { encodeServiceToken } from '@tessera/core';
import { API_PREFIX, SANDBOX_API_KEY, routes } from '@tessera/core/internal';
import axe from 'axe-core';
import type { Request } from 'playwright';
import type { BrowserCommand } from 'vitest/node';
import { sandboxRoutes } from '../src/wire/sandbox-routes.js';
import { approveWalletSheet, cancelWalletSheet, waitForWalletSheet } from '../src/wallet-sheet-helpers.js';
import { CHALLENGE_CARD, challengeOf, chargeTestCard, type PendingChallenge } from '@tessera/test-support/charge-test-card';

/** What `GET /sandbox/radar-sessions` answers: the saved sessions and what the stand-in scripts collected. */
export interface RadarRecords {
  radarSessions: { id: string; provider: string; providerSessionId: string; collected: boolean }[];
  deviceSessions: { id: string; provider: string }[];
}

/**
 * The radar records of the sandbox at `url` (the page's `inject('sandboxUrl')`), read over HTTP with the secret key.
 * The URL is passed, not read from the environment: every browser project's globalSetup runs in one process, and
 * another project's sandbox must not answer for this one.
 */
export const readRadarRecords: BrowserCommand<[url: string]> = async (_context, url): Promise<RadarRecords> => {
  const response = await fetch(`${url}${sandboxRoutes.listRadarSessions}`, { headers: { authorization: `Bearer ${SANDBOX_API_KEY}` } });
  if (!response.ok) throw new Error(`${sandboxRoutes.listRadarSessions} answered ${response.status}`);
  return (await response.json()) as RadarRecords;
};

/** A request the page or one of its frames sent to a vault path, as recorded by {@link recordVaultRequests}. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** The URL of the frame that sent it. */
  frameUrl: string;
  headers: Record<string, string>;
  body: string | null;
}

const recorded: RecordedRequest[] = [];
const consoleErrors: string[] = [];
const watched = new WeakSet<object>();

/** Starts (once per page) recording every request to a path ending in `/tokens`; answers those recorded so far. */
export const recordVaultRequests: BrowserCommand<[]> = (context): RecordedRequest[] => {
  if (!watched.has(context.page)) {
    watched.add(context.page);
    context.page.on('request', (request: Request) => {
      if (!/\/tokens\/?$/.test(new URL(request.url()).pathname)) return;
      recorded.push({ method: request.method(), url: request.url(), frameUrl: request.frame().url(), headers: request.headers(), body: request.postData() });
    });
    context.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.location().url}: ${message.text()}`);
    });
  }
  return [...recorded];
};

/** The console errors of the page and its frames since {@link recordVaultRequests} started (CSP reports among them). */
export const readConsoleErrors: BrowserCommand<[]> = (): string[] => [...consoleErrors];

/** Types `text` key by key into the input labelled `label` of the iframe `frameSelector` finds in the test's page. */
export const typeInFrame: BrowserCommand<[frameSelector: string, label: string, text: string]> = async (context, frameSelector, label, text) => {
  const input = context.iframe.frameLocator(frameSelector).getByLabel(label, { exact: true });
  await input.pressSequentially(text);
};

/** Presses a key (`Tab`, `Enter`…) in the input labelled `label` of the iframe `frameSelector` finds. */
export const pressInFrame: BrowserCommand<[frameSelector: string, label: string, key: string]> = async (context, frameSelector, label, key) => {
  await context.iframe.frameLocator(frameSelector).getByLabel(label, { exact: true }).press(key);
};

/** What a merchant's test (and its helper) sees of one input of an element frame: its attributes and computed colour. */
export interface FrameInput {
  autocomplete: string | null;
  inputmode: string | null;
  placeholder: string | null;
  ariaInvalid: string | null;
  errorText: string;
  /** The `aria-live` of what the input is described by (null: not a live region). */
  errorLive: string | null;
  disabled: boolean;
  color: string;
  placeholderColor: string;
  focused: boolean;
}

/** The input labelled `label` in the iframe `frameSelector` finds: see {@link FrameInput}. */
export const inputInFrame: BrowserCommand<[frameSelector: string, label: string]> = async (context, frameSelector, label): Promise<FrameInput> =>
  context.iframe
    .frameLocator(frameSelector)
    .getByLabel(label, { exact: true })
    .evaluate((input: HTMLInputElement) => ({
      autocomplete: input.getAttribute('autocomplete'),
      inputmode: input.getAttribute('inputmode'),
      placeholder: input.getAttribute('placeholder'),
      ariaInvalid: input.getAttribute('aria-invalid'),
      errorText: document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      errorLive: document.getElementById(input.getAttribute('aria-describedby') ?? '')?.getAttribute('aria-live') ?? null,
      disabled: input.disabled,
      color: getComputedStyle(input).color,
      placeholderColor: getComputedStyle(input, '::placeholder').color,
      focused: document.activeElement === input,
    }));

/** One axe-core finding: the rule and its impact. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  nodes: number;
}

/** Runs axe-core in the iframe `frameSelector` finds (injected through the debugger, so the page's CSP allows it). */
export const axeInFrame: BrowserCommand<[frameSelector: string]> = async (context, frameSelector): Promise<AxeFinding[]> => {
  const handle = await context.iframe.locator(frameSelector).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame at ${frameSelector}`);
  await frame.evaluate(axe.source);
  const violations = await frame.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact ?? null, nodes: violation.nodes.length }));
  });
  return violations;
};

/**
 * Plays the merchant's server: makes a payment instrument of a Basis Theory token id with the secret key (what
 * `tessera.paymentInstruments.createFromToken` sends) and answers the instrument's card facts, which the sandbox
 * reads from its vault.
 */
export const instrumentOfToken: BrowserCommand<[url: string, storeId: string, tokenId: string]> = async (_context, url, storeId, tokenId) => {
  const serviceToken = encodeServiceToken({ type: 'card', token: tokenId, provider: 'basistheory', nonSensitiveMetadata: {} });
  const response = await fetch(`${url}${API_PREFIX}${routes.createPaymentInstrumentFromToken.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ serviceToken, storeId, customerData: { email: 'ada@example.com' } }),
  });
  if (!response.ok) throw new Error(`createPaymentInstrumentFromToken answered ${response.status}`);
  const body = (await response.json()) as { paymentInstrument: { card: Record<string, unknown> } };
  return body.paymentInstrument.card;
};

/**
 * Plays the merchant's server for the 3DS test card 4000 0000 0000 3220 on `storeId` (the gateway store) of the
 * sandbox at `url` (see `chargeTestCard`): a customer purchase of $19.99, which asks for a challenge. Answers the
 * values a relay page's `startChallenge` is built from.
 */
export const pendingChallenge: BrowserCommand<[url: string, storeId: string]> = async (_context, url, storeId): Promise<PendingChallenge['challenge']> =>
  challengeOf(await chargeTestCard(url, storeId, CHALLENGE_CARD, { metadata: { authentication: 'sca_required' } })).challenge;

declare module 'vitest/browser' {
  interface BrowserCommands {
    readRadarRecords: (url: string) => Promise<RadarRecords>;
    recordVaultRequests: () => Promise<RecordedRequest[]>;
    readConsoleErrors: () => Promise<string[]>;
    typeInFrame: (frameSelector: string, label: string, text: string) => Promise<void>;
    pressInFrame: (frameSelector: string, label: string, key: string) => Promise<void>;
    axeInFrame: (frameSelector: string) => Promise<AxeFinding[]>;
    inputInFrame: (frameSelector: string, label: string) => Promise<FrameInput>;
    instrumentOfToken: (url: string, storeId: string, tokenId: string) => Promise<Record<string, unknown>>;
    pendingChallenge: (url: string, storeId: string) => Promise<PendingChallenge['challenge']>;
    approveWalletSheet: (card?: string) => Promise<void>;
    cancelWalletSheet: () => Promise<void>;
    chooseWalletSheetShipping: (field: 'address' | 'method', value: string) => Promise<void>;
    waitForWalletSheet: () => Promise<void>;
  }
}

/** Approves the stand-in wallet sheet showing in the test's page with the test wallet card `card` ({@link approveWalletSheet}). */
export const approveWalletSheetCommand: BrowserCommand<[card?: string]> = async (context, card) => {
  await approveWalletSheet(context.iframe, card);
};

/** Presses Cancel on the stand-in wallet sheet showing in the test's page ({@link cancelWalletSheet}). */
export const cancelWalletSheetCommand: BrowserCommand<[]> = async (context) => {
  await cancelWalletSheet(context.iframe);
};

/** Picks a shipping address (`address`: `paris`, `new_york`) or method (`method`: its id) on the stand-in wallet sheet. */
export const chooseWalletSheetShipping: BrowserCommand<[field: 'address' | 'method', value: string]> = async (context, field, value) => {
  await context.iframe.frameLocator('iframe[name="tessera-wallet-sheet"]').locator(`select#${field}`).selectOption(value);
};

/** Resolves once the stand-in wallet sheet showing in the test's page lists its cards ({@link waitForWalletSheet}). */
export const waitForWalletSheetCommand: BrowserCommand<[]> = async (context) => {
  await waitForWalletSheet(context.iframe);
};
