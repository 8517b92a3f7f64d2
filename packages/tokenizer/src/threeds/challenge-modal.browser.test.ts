import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { flushMessages, runInForeignFrame } from '@tessera/test-support/foreign-frame';
import type { ChallengeResult } from './challenge-modal.js';
import { createThreeDS } from '../basis-theory.js';
import { TesseraChallengeError } from '../errors/errors.js';

const sandboxUrl = inject('sandboxUrl');
// Basis Theory's 3DS session ids, and the sandbox's, are random UUIDs: no frame can guess the running one.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const artifacts = '../../../test-artifacts/tokenizer';
const threeds = () => createThreeDS({ environment: 'local', vaultUrl: sandboxUrl });

const dialogElement = (): HTMLDialogElement | null => document.querySelector('dialog');
const clickAcs = (label: 'Approve' | 'Fail authentication') => commands.clickAcsButton('Card issuer verification', label);
/** The modal opens once web-threeds is loaded (a dynamic import): wait for it. */
async function openedDialog(): Promise<HTMLDialogElement> {
  await expect.element(page.getByRole('dialog')).toBeVisible();
  return dialogElement()!;
}

let opener: HTMLButtonElement;
let bodyBefore: string;

beforeEach(async () => {
  await page.viewport(1280, 800);
  opener = document.createElement('button');
  opener.textContent = 'Pay now';
  document.body.append(opener);
  opener.focus();
  bodyBefore = document.body.innerHTML;
});

afterEach(() => {
  // A failed test must not leave its modal open for the next one (closing it settles the challenge).
  dialogElement()?.close();
  opener.remove();
});

/** Every trace of the modal is gone: DOM, scroll lock, focus back on the opener. */
function expectCleanedUp(): void {
  expect(dialogElement()).toBeNull();
  expect(document.body.innerHTML).toBe(bodyBefore);
  expect(document.querySelectorAll('iframe, form, dialog, style[data-tessera], .tessera-3ds')).toHaveLength(0);
  expect(document.documentElement.style.overflow).toBe('');
  expect(document.activeElement).toBe(opener);
}

describe('startChallenge: the real @basis-theory/web-threeds against the sandbox', () => {
  it("opens an accessible modal, runs web-threeds' challenge in it, and succeeds when the customer approves", async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    const addListener = vi.spyOn(window, 'addEventListener');
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');

    const result = threeds().startChallenge(challenge, { windowSize: '03' });
    await expect.element(page.getByRole('dialog', { name: 'Confirm your payment' })).toBeVisible();
    const dialog = dialogElement()!;
    expect(dialog.open).toBe(true);
    expect(dialog.matches(':modal')).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Your bank asks you to confirm this payment.');
    expect(document.activeElement).toBe(page.getByRole('button', { name: 'Cancel verification' }).element());
    expect(document.documentElement.style.overflow).toBe('hidden');
    // web-threeds' iframe (its id), loading its challenge page from the sdkBaseUrl (the sandbox).
    const iframe = dialog.querySelector('iframe')!;
    expect(iframe.id).toBe('challengeIframe');
    expect(iframe.src).toBe(`${sandboxUrl}/pages/challenge.html`);
    expect(iframe.title).toBe('Card issuer verification');
    expect(iframe.getBoundingClientRect().width).toBe(500);
    expect(iframe.getBoundingClientRect().height).toBe(600);

    // The ACS decoded web-threeds' CReq and found the pending payment: it shows the amount and the approve button.
    const acsText = await commands.readAcsPage('Card issuer verification', 'Approve');
    expect(acsText).toContain('$19.99');
    expect(acsText).toContain('3220');
    await page.screenshot({ path: `${artifacts}/challenge-desktop.png` });

    await clickAcs('Approve');
    await expect(result).resolves.toEqual({ success: true, authenticationStatus: 'successful', reason: undefined } satisfies ChallengeResult);
    expectCleanedUp();
    expect(await commands.getPaymentStatus(paymentId)).toBe('succeeded');

    // Every message listener added while it ran (ours and web-threeds') is gone, and the observer too.
    const messageListeners = addListener.mock.calls.filter(([type]) => type === 'message').map(([, listener]) => listener);
    expect(messageListeners.length).toBeGreaterThanOrEqual(2);
    for (const listener of messageListeners) expect(removeListener).toHaveBeenCalledWith('message', listener);
    expect(disconnect).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('resolves failed when the customer fails authentication', async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge);
    await commands.readAcsPage('Card issuer verification', 'Fail authentication');
    await clickAcs('Fail authentication');
    await expect(result).resolves.toEqual({ success: false, authenticationStatus: 'failed', reason: 'failed' });
    expectCleanedUp();
    expect(await commands.getPaymentStatus(paymentId)).toBe('failed');
  });

  it('keeps keyboard focus inside the dialog (Tab and Shift+Tab wrap, through the issuer iframe)', async () => {
    const { challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge);
    const dialog = await openedDialog();
    const close = page.getByRole('button', { name: 'Cancel verification' }).element();
    await commands.readAcsPage('Card issuer verification', 'Approve');

    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(dialog.querySelector('iframe'));
    close.focus();
    for (let press = 0; press < 8; press++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
      expect(document.activeElement?.hasAttribute('data-focus-guard')).toBe(false);
    }
    // Tab from the close button enters the iframe (the issuer's buttons), then wraps back to the close button.
    close.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(dialog.querySelector('iframe'));
    let presses = 0;
    while (document.activeElement !== close && presses++ < 6) {
      expect(document.activeElement).toBe(dialog.querySelector('iframe'));
      await userEvent.tab();
    }
    expect(document.activeElement).toBe(close);

    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toMatchObject({ success: false, reason: 'cancelled' });
    expectCleanedUp();
  });

  it('ESC cancels', async () => {
    const { challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge);
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toEqual({ success: false, authenticationStatus: undefined, reason: 'cancelled' });
    expectCleanedUp();
  });

  it('the close button cancels', async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge);
    await page.getByRole('button', { name: 'Cancel verification' }).click();
    await expect(result).resolves.toEqual({ success: false, authenticationStatus: undefined, reason: 'cancelled' });
    expectCleanedUp();
    expect(await commands.getPaymentStatus(paymentId)).toBe('pending');
  });

  it('an abort signal cancels, and an already aborted signal opens nothing', async () => {
    const { challenge } = await commands.createPendingChallenge();
    const controller = new AbortController();
    const result = threeds().startChallenge(challenge, { signal: controller.signal });
    await expect.element(page.getByRole('dialog')).toBeVisible();
    controller.abort();
    await expect(result).resolves.toMatchObject({ success: false, reason: 'cancelled' });
    expectCleanedUp();
    await expect(threeds().startChallenge(challenge, { signal: AbortSignal.abort() })).resolves.toMatchObject({ reason: 'cancelled' });
    expect(dialogElement()).toBeNull();
  });

  it('treats the page removing the dialog (a re-render, a router) as a cancel and still cleans up', async () => {
    const { challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge);
    (await openedDialog()).remove();
    await expect(result).resolves.toEqual({ success: false, authenticationStatus: undefined, reason: 'cancelled' });
    expectCleanedUp();
  });

  it('times out', async () => {
    const { challenge } = await commands.createPendingChallenge();
    await expect(threeds().startChallenge(challenge, { timeoutMs: 50 })).resolves.toEqual({ success: false, authenticationStatus: undefined, reason: 'timeout' });
    expectCleanedUp();
  });

  it('ignores completion messages from a foreign origin and from other windows', async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    let outcome: ChallengeResult | undefined;
    const result = threeds().startChallenge(challenge).then((value) => (outcome = value));
    await commands.readAcsPage('Card issuer verification', 'Approve');
    const forged = { type: 'challenge', id: challenge.sessionId, isCompleted: true, authenticationStatus: 'successful' };

    // The page itself (its own origin is not the ACS's).
    window.postMessage(forged, '*');
    await flushMessages();
    // A frame with an opaque (foreign) origin.
    (await runInForeignFrame(`parent.postMessage(${JSON.stringify(forged)}, '*')`)).remove();

    expect(outcome).toBeUndefined();
    expect(dialogElement()?.open).toBe(true);
    expect(await commands.getPaymentStatus(paymentId)).toBe('pending');

    await clickAcs('Approve');
    await expect(result).resolves.toMatchObject({ success: true });
    expectCleanedUp();
  });

  it("drops a completion notification for another session, even from web-threeds' page in the modal (web-threeds would resolve on any id)", async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    let outcome: ChallengeResult | undefined;
    const result = threeds().startChallenge(challenge).then((value) => (outcome = value));
    const dialog = await openedDialog();
    await commands.readAcsPage('Card issuer verification', 'Approve');
    const frame = dialog.querySelector('iframe')!;
    // What Basis Theory's relay page passes on from any sender: a notification relayed by the page in our modal.
    const relayed = (data: Record<string, unknown>) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: new URL(sandboxUrl).origin, source: frame.contentWindow }));
    relayed({ type: 'challenge', id: crypto.randomUUID(), isCompleted: true, authenticationStatus: 'failed' });
    relayed({ type: 'challenge', id: crypto.randomUUID(), isCompleted: true, authenticationStatus: 'successful' });
    relayed({ type: 'challenge', id: challenge.sessionId, isCompleted: false });
    await flushMessages();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outcome).toBeUndefined();
    expect(dialogElement()?.open).toBe(true);

    await clickAcs('Approve');
    await expect(result).resolves.toMatchObject({ success: true, authenticationStatus: 'successful' });
    expectCleanedUp();
    expect(await commands.getPaymentStatus(paymentId)).toBe('succeeded');
  });

  it("sandboxes web-threeds' iframe before it navigates (no popups, no top navigation), and the challenge still completes", async () => {
    const { paymentId, challenge } = await commands.createPendingChallenge();
    // What the iframe's sandbox attribute was when its src was set (the flags that apply to that navigation).
    const descriptor = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src')!;
    const atNavigation: (string | null)[] = [];
    Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
      ...descriptor,
      set(this: HTMLIFrameElement, value: string) {
        atNavigation.push(this.getAttribute('sandbox'));
        descriptor.set!.call(this, value);
      },
    });
    let result: Promise<ChallengeResult>;
    try {
      result = threeds().startChallenge(challenge);
      await openedDialog();
    } finally {
      Object.defineProperty(HTMLIFrameElement.prototype, 'src', descriptor);
    }
    expect(atNavigation).toEqual(['allow-scripts allow-forms allow-same-origin']);
    expect([...dialogElement()!.querySelector('iframe')!.sandbox].sort()).toEqual(['allow-forms', 'allow-same-origin', 'allow-scripts']);
    await commands.readAcsPage('Card issuer verification', 'Approve');
    // Neither web-threeds' page nor the issuer's page inside it can open a window (that would keep its opener).
    expect(await commands.popupsAllowed('Card issuer verification')).toEqual({ relay: false, acs: false });
    await clickAcs('Approve');
    await expect(result).resolves.toEqual({ success: true, authenticationStatus: 'successful', reason: undefined });
    expectCleanedUp();
    expect(await commands.getPaymentStatus(paymentId)).toBe('succeeded');
  });

  // Basis Theory's relay page takes startChallenge from any frame.
  describe("with Basis Theory's relay page", () => {
    const btThreeds = () => createThreeDS({ environment: 'local', vaultUrl: sandboxUrl, sdkBaseUrl: inject('btPagesUrl') });

    it('runs and completes the challenge', async () => {
      const { paymentId, challenge } = await commands.createPendingChallenge();
      const result = btThreeds().startChallenge(challenge);
      await commands.readAcsPage('Card issuer verification', 'Approve');
      await clickAcs('Approve');
      await expect(result).resolves.toEqual({ success: true, authenticationStatus: 'successful', reason: undefined });
      expectCleanedUp();
      expect(await commands.getPaymentStatus(paymentId)).toBe('succeeded');
    });

    it('a second page put into the dialog by another frame ends the challenge', async () => {
      const { paymentId, challenge } = await commands.createPendingChallenge();
      const result = btThreeds().startChallenge(challenge);
      const dialog = await openedDialog();
      await commands.readAcsPage('Card issuer verification', 'Approve');
      const relay = dialog.querySelector('iframe')!.contentWindow!;
      const index = Array.from({ length: window.length }, (_, i) => i).find((i) => window.frames[i] === relay);
      expect(index).toBeDefined();
      // An ad frame on the checkout page posts its own "bank" page into BT's relay, which form-POSTs it in a new frame.
      const foreign = document.createElement('iframe');
      foreign.setAttribute('sandbox', 'allow-scripts');
      foreign.srcdoc = `<script>parent.frames[${index}].postMessage({ type: 'startChallenge', acsURL: ${JSON.stringify(`${sandboxUrl}/pages/method.html`)}, creq: 'x' }, '*');</script>`;
      document.body.append(foreign);
      await expect(result).resolves.toEqual({ success: false, authenticationStatus: undefined, reason: 'error' });
      foreign.remove();
      expectCleanedUp();
      expect(await commands.getPaymentStatus(paymentId)).toBe('pending');
    });
  });

  it('refuses a second challenge while one is open', async () => {
    const first = await commands.createPendingChallenge();
    const second = await commands.createPendingChallenge();
    const result = threeds().startChallenge(first.challenge);
    await openedDialog();
    const refused = await threeds()
      .startChallenge(second.challenge)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TesseraChallengeError);
    expect(refused).toMatchObject({ reason: 'challenge_in_progress' });
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toMatchObject({ reason: 'cancelled' });
    expectCleanedUp();
  });

  it('opens inside the given container and leaves it as it was', async () => {
    const container = document.createElement('section');
    document.body.append(container);
    const { challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge, { container });
    await expect.element(page.getByRole('dialog')).toBeVisible();
    expect(dialogElement()?.parentElement).toBe(container);
    await page.getByRole('button', { name: 'Cancel verification' }).click();
    await expect(result).resolves.toMatchObject({ success: false, reason: 'cancelled' });
    expect(container.childNodes).toHaveLength(0);
    container.remove();
    expectCleanedUp();
  });

  it('takes replacement texts and CSS custom properties', async () => {
    const { challenge } = await commands.createPendingChallenge();
    document.documentElement.style.setProperty('--tessera-3ds-background', 'rgb(1, 2, 3)');
    const result = threeds().startChallenge(challenge, { labels: { title: 'Bestätigen Sie die Zahlung', close: 'Abbrechen', iframeTitle: 'Bankprüfung' }, nonce: 'n0nce' });
    await expect.element(page.getByRole('dialog', { name: 'Bestätigen Sie die Zahlung' })).toBeVisible();
    expect(getComputedStyle(dialogElement()!).backgroundColor).toBe('rgb(1, 2, 3)');
    expect(dialogElement()!.querySelector('style')!.nonce).toBe('n0nce');
    expect(page.getByTitle('Bankprüfung').element()).toBeInstanceOf(HTMLIFrameElement);
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(result).resolves.toMatchObject({ reason: 'cancelled' });
    document.documentElement.style.removeProperty('--tessera-3ds-background');
    expectCleanedUp();
  });

  it('goes full screen on a phone-sized viewport', async () => {
    await page.viewport(390, 844);
    const { challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge, { windowSize: '02' });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    const box = dialogElement()!.getBoundingClientRect();
    expect(box.width).toBe(390);
    expect(box.height).toBe(844);
    expect(dialogElement()!.querySelector('iframe')!.getBoundingClientRect().width).toBe(390);
    await page.screenshot({ path: `${artifacts}/challenge-phone.png` });
    await clickAcs('Approve');
    await expect(result).resolves.toMatchObject({ success: true });
    expectCleanedUp();
  });

  describe('returns focus when it closes, whatever happened to the opener', () => {
    it('the Pay button disabled during the challenge: focus goes to the container the modal was given, not <body>', async () => {
      const container = document.createElement('section');
      document.body.append(container);
      const { challenge } = await commands.createPendingChallenge();
      const result = threeds().startChallenge(challenge, { container });
      await openedDialog();
      // What a checkout does while paying: its Pay button is disabled until the payment ends.
      opener.disabled = true;
      await userEvent.keyboard('{Escape}');
      await expect(result).resolves.toMatchObject({ reason: 'cancelled' });
      expect(document.activeElement).toBe(container);
      expect(container.getAttribute('tabindex')).toBe('-1');
      // Focusable only while it holds focus: leaving it takes the tabindex away again.
      opener.disabled = false;
      opener.focus();
      expect(container.hasAttribute('tabindex')).toBe(false);
      container.remove();
    });

    it('the opener removed during the challenge (a re-render): focus goes to the container', async () => {
      const container = document.createElement('div');
      container.tabIndex = -1;
      document.body.append(container);
      const { challenge } = await commands.createPendingChallenge();
      const result = threeds().startChallenge(challenge, { container });
      await openedDialog();
      opener.remove();
      await page.getByRole('button', { name: 'Cancel verification' }).click();
      await expect(result).resolves.toMatchObject({ reason: 'cancelled' });
      expect(document.activeElement).toBe(container);
      // The page's own tabindex is left as it was.
      expect(container.getAttribute('tabindex')).toBe('-1');
      container.remove();
    });

    it('a hidden opener is passed over too', async () => {
      const container = document.createElement('div');
      document.body.append(container);
      const { challenge } = await commands.createPendingChallenge();
      const result = threeds().startChallenge(challenge, { container, timeoutMs: 1500 });
      await openedDialog();
      opener.hidden = true;
      await expect(result).resolves.toMatchObject({ reason: 'timeout' });
      expect(document.activeElement).toBe(container);
      container.remove();
    });

    it('an explicit target wins over the opener, as an element or a function called at close; one that cannot take focus falls back to the opener', async () => {
      const heading = document.createElement('h2');
      heading.tabIndex = -1;
      heading.textContent = 'Payment result';
      document.body.append(heading);
      for (const returnFocus of [heading, () => heading]) {
        const { challenge } = await commands.createPendingChallenge();
        const result = threeds().startChallenge(challenge, { returnFocus });
        await openedDialog();
        await userEvent.keyboard('{Escape}');
        await expect(result).resolves.toMatchObject({ reason: 'cancelled' });
        expect(document.activeElement).toBe(heading);
        opener.focus();
      }
      const disabled = document.createElement('button');
      disabled.disabled = true;
      document.body.append(disabled);
      // A function that throws (the page's bug) is a target that cannot take focus: nothing escapes from the close.
      const throwing = () => {
        throw new Error('no result element yet');
      };
      for (const returnFocus of [disabled, () => null, throwing]) {
        const { challenge } = await commands.createPendingChallenge();
        const result = threeds().startChallenge(challenge, { returnFocus });
        await openedDialog();
        await userEvent.keyboard('{Escape}');
        await expect(result).resolves.toMatchObject({ reason: 'cancelled' });
        expect(document.activeElement).toBe(opener);
      }
      heading.remove();
      disabled.remove();
      expectCleanedUp();
    });

    it('a target that is not an element is refused before anything opens', async () => {
      const { challenge } = await commands.createPendingChallenge();
      await expect(threeds().startChallenge(challenge, { returnFocus: '#pay' as unknown as HTMLElement })).rejects.toMatchObject({
        name: 'TesseraValidationError',
        fields: [{ field: 'returnFocus', code: 'invalid_type' }],
      });
      expect(dialogElement()).toBeNull();
    });
  });

  it('titles every frame it shows: web-threeds\' frame and the issuer\'s frame nested in it (the sandbox\'s relay page)', async () => {
    const { challenge } = await commands.createPendingChallenge();
    const result = threeds().startChallenge(challenge);
    await commands.readAcsPage('Card issuer verification', 'Approve');
    const modalFrame = page.getByRole('dialog').getByTitle('Card issuer verification');
    expect(dialogElement()!.querySelectorAll('iframe:not([title])')).toHaveLength(0);
    // The issuer's page is found through both frames by their titles alone, and approved there.
    const issuerFrame = page.frameLocator(page.frameLocator(modalFrame).getByTitle('Your bank: verify this payment'));
    await issuerFrame.getByRole('button', { name: 'Approve' }).click();
    await expect(result).resolves.toMatchObject({ success: true });
    expectCleanedUp();
  });

  it('refuses bad input with a typed error before opening anything', async () => {
    await expect(
      threeds().startChallenge({ sessionId: '', acsChallengeUrl: 'http://acs.example.com/c', acsTransactionId: 'a', threeDSVersion: '2.2.0' }),
    ).rejects.toMatchObject({ name: 'TesseraValidationError', fields: [{ field: 'sessionId' }, { field: 'acsChallengeUrl' }] });
    expect(dialogElement()).toBeNull();
  });

  for (const outcome of ['approve', 'fail'] as const) {
    it(`the real web-threeds creates the BT session, the payment names it, and the challenge ${outcome === 'approve' ? 'succeeds' : 'fails'}`, async () => {
      const { storeId, instrument } = await commands.createThreeDSInstrument();
      const body = await threeds().createSession({ instrument, payment: { amount: 1999, currency: 'USD' }, storeId });
      expect(body).toEqual({ provider: 'basis_theory', storeId, paymentInstrumentId: instrument.id, sessionData: { id: body.sessionData.sessionId, sessionId: expect.stringMatching(uuid), cardBrand: 'Visa', metadata: { cardBrand: 'Visa' } } });
      // web-threeds' containers for its method and challenge frames are gone again.
      expect(document.body.innerHTML).toBe(bodyBefore);

      const { paymentId, challenge } = await commands.payWithThreeDSSession(body as unknown as Record<string, unknown>);
      expect(challenge.sessionId).toBe(body.sessionData.sessionId);
      const result = threeds().startChallenge(challenge);
      const label = outcome === 'approve' ? 'Approve' : 'Fail authentication';
      await commands.readAcsPage('Card issuer verification', label);
      await clickAcs(label);
      await expect(result).resolves.toEqual(
        outcome === 'approve' ? { success: true, authenticationStatus: 'successful', reason: undefined } : { success: false, authenticationStatus: 'failed', reason: 'failed' },
      );
      expectCleanedUp();
      expect(await commands.getPaymentStatus(paymentId)).toBe(outcome === 'approve' ? 'succeeded' : 'failed');
    });
  }

  it("one Basis Theory: a challenge from BT's server-side authenticate (no payment) runs in the modal, and challenge-result turns successful", async () => {
    const { storeId, instrument } = await commands.createThreeDSInstrument();
    const body = await threeds().createSession({ instrument, payment: { amount: 1999, currency: 'USD' }, storeId });
    const challenge = await commands.authenticateBtSession(body.sessionData.sessionId);
    expect(challenge).toMatchObject({ sessionId: body.sessionData.sessionId, acsChallengeUrl: `${sandboxUrl}/acs/challenge`, threeDSVersion: '2.2.0' });
    expect(await commands.btChallengeResult(challenge.sessionId)).toBe('challenge');
    const result = threeds().startChallenge(challenge);
    expect(await commands.readAcsPage('Card issuer verification', 'Approve')).toContain('3220');
    await clickAcs('Approve');
    await expect(result).resolves.toEqual({ success: true, authenticationStatus: 'successful', reason: undefined });
    expectCleanedUp();
    expect(await commands.btChallengeResult(challenge.sessionId)).toBe('successful');
  });

  it('a token Basis Theory does not know is a TesseraThreeDSError, and nothing is left behind', async () => {
    const { storeId, instrument } = await commands.createThreeDSInstrument();
    const error = await threeds()
      .createSession({ instrument: { ...instrument, tokenId: 'tok_unknown' }, payment: { amount: 1999, currency: 'USD' }, storeId })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TesseraThreeDSError', code: 'threeds_session_failed' });
    expect(document.body.innerHTML).toBe(bodyBefore);
  });

  it("releases web-threeds' listener and timer when its challenge ends on its error path (which leaves both behind)", async () => {
    const { challenge } = await commands.createPendingChallenge();
    const addListener = vi.spyOn(window, 'addEventListener');
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const setTimer = vi.spyOn(window, 'setTimeout');
    const clearTimer = vi.spyOn(window, 'clearTimeout');
    const result = threeds().startChallenge(challenge, { timeoutMs: 60_000 });
    const dialog = await openedDialog();
    await commands.readAcsPage('Card issuer verification', 'Approve');
    const frame = dialog.querySelector('iframe')!;
    // An error notification from web-threeds' page in the modal: web-threeds rejects, and on that path it keeps its
    // message listener and its 70 s timer (it clears the wrong variable).
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'error', id: challenge.sessionId, isCompleted: false, details: 'ACS unreachable' }, origin: new URL(sandboxUrl).origin, source: frame.contentWindow }),
    );
    await expect(result).resolves.toEqual({ success: false, authenticationStatus: undefined, reason: 'error' });
    expectCleanedUp();
    const messageListeners = addListener.mock.calls.filter(([type]) => type === 'message').map(([, listener]) => listener);
    expect(messageListeners.length).toBeGreaterThanOrEqual(2);
    for (const listener of messageListeners) expect(removeListener).toHaveBeenCalledWith('message', listener);
    const webThreedsTimer = setTimer.mock.calls.findIndex(([, delay]) => delay === 70_000);
    expect(webThreedsTimer).toBeGreaterThanOrEqual(0);
    expect(clearTimer).toHaveBeenCalledWith(setTimer.mock.results[webThreedsTimer]?.value);
    vi.restoreAllMocks();
  });
});
