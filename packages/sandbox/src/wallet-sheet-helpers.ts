import { WALLET_SHEET_FRAME_NAME } from './emulations/wallet-sheet-frame.js';

/** What the helpers need of a Playwright locator (a `Locator` fits). */
export interface WalletSheetLocator {
  /** Checks the radio button (a test wallet card). */
  check(): Promise<void>;
  /** Clicks it (Pay, Cancel). */
  click(): Promise<void>;
  /** The first match, to wait for (the sheet shown). */
  first(): { waitFor(): Promise<void> };
}

/**
 * Where the sandbox's wallet sheet is shown: a Playwright `Page`, `Frame` or `FrameLocator` (in vitest browser mode,
 * a command's `context.iframe`), whose `frameLocator` finds the sheet's iframe.
 */
export interface WalletSheetHost {
  /** Finds the sheet's iframe (Playwright's `frameLocator`). */
  frameLocator(selector: string): { locator(selector: string): WalletSheetLocator };
}

const sheet = (host: WalletSheetHost): { locator(selector: string): WalletSheetLocator } => host.frameLocator(`iframe[name="${WALLET_SHEET_FRAME_NAME}"]`);

/**
 * Approves the stand-in Apple Pay or Google Pay sheet showing in `host`: picks the test wallet card `card` (an id of
 * `GET /sandbox/wallet-cards`, default `visa_approved`) and presses Pay, once the sheet allows it (merchant validated,
 * the page's shipping updates answered). Playwright waits for the sheet; the page gets the wallet token as the real
 * APIs give it (`onpaymentauthorized`, `loadPaymentData`'s promise).
 */
export async function approveWalletSheet(host: WalletSheetHost, card = 'visa_approved'): Promise<void> {
  const frame = sheet(host);
  await frame.locator(`input[name="card"][value="${card.replace(/[^A-Za-z0-9_-]/g, '')}"]`).check();
  await frame.locator('button#pay').click();
}

/** Presses Cancel on the stand-in wallet sheet showing in `host` (Apple's `oncancel`; Google's `CANCELED`). */
export async function cancelWalletSheet(host: WalletSheetHost): Promise<void> {
  await sheet(host).locator('button#cancel').click();
}

/** Resolves once the stand-in wallet sheet showing in `host` lists its wallet cards (Playwright waits for it). */
export async function waitForWalletSheet(host: WalletSheetHost): Promise<void> {
  await sheet(host).locator('input[name="card"]').first().waitFor();
}
