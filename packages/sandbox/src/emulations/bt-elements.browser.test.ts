import {
  basistheory,
  type BasisTheoryElements,
  type CardChangeEvent,
  type ChangeEvent,
  type ElementEventListener,
  type ICardElement,
  type Token,
} from '@basis-theory/web-elements';
import { SANDBOX_VAULT_KEY } from '@tessera/core/internal';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';
import { btElementPages } from './bt-elements-pages.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';

// The CONTRACT test of the Basis Theory Elements emulation: the unmodified `@basis-theory/web-elements` 2.17.0 loader,
// in Chromium, against the sandbox's client script and element pages on another origin (a sandbox server on
// 127.0.0.1). The client script is loaded first, as a page that points the loader at the sandbox does: the loader
// takes the pre-set `window.BasisTheoryElements` (its `customDomain` seam demands https without a port). Typing goes
// into the iframes through Playwright; the page only ever holds the element objects.
const sandboxUrl = inject('sandboxUrl');
const storeId = inject('sandboxStoreId');
const sandboxOrigin = new URL(sandboxUrl).origin;
const TEST_CARD = '4242424242424242';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

let bt: BasisTheoryElements;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    document.head.append(script);
  });
}

/** A container in the page for one element, found by `#id`. */
function container(id: string): string {
  const div = document.createElement('div');
  div.id = id;
  document.body.append(div);
  return `#${id}`;
}

/** Every event an element emits, in order. */
function recordEvents(element: { on: (type: never, listener: never) => unknown }): unknown[] {
  const events: unknown[] = [];
  for (const type of ['ready', 'change', 'focus', 'blur', 'keydown'] as const) {
    (element.on as (type: string, listener: ElementEventListener<unknown, string>) => unknown)(type, (event) => events.push(event));
  }
  return events;
}

const vaultRequests = async () => (await commands.recordVaultRequests()).filter((request) => request.method === 'POST');

async function typeCard(frame: string, number: string, expiry: string, cvc: string): Promise<void> {
  await commands.typeInFrame(frame, 'Card number', number);
  await commands.typeInFrame(frame, 'Expiration date (MM / YY)', expiry);
  await commands.typeInFrame(frame, 'Security code', cvc);
}

beforeAll(async () => {
  await commands.recordVaultRequests();
  const clientPath = sandboxRoutes.btElementsClientScript.replace('{version}', '2.17.0');
  await loadScript(`${sandboxUrl}${clientPath}`);
  const elements = await basistheory(SANDBOX_VAULT_KEY, { disableTelemetry: true });
  if (!elements) throw new Error('basistheory() resolved nothing');
  bt = elements;
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('the unmodified web-elements loader against the sandbox emulation', () => {
  it('mounts a card element from the sandbox origin, reports ready/change with BT metadata, and tokenizes it into the vault', async () => {
    const selector = container('card');
    const card: ICardElement = bt.createElement('card', {
      style: { base: { color: 'rgb(10, 20, 30)', '::placeholder': { color: 'rgb(1, 2, 3)' } }, complete: { color: 'rgb(0, 128, 0)' } },
    });
    const events = recordEvents(card);
    // Every message the page receives: none may carry the number or the CVC.
    const messages: unknown[] = [];
    const onMessage = (message: MessageEvent): void => void messages.push(message.data);
    window.addEventListener('message', onMessage);
    expect(card.mounted).toBe(false);
    await card.mount(selector);
    expect(card.mounted).toBe(true);
    expect(events).toContainEqual({ type: 'ready' });
    const frame = document.querySelector<HTMLIFrameElement>(`${selector} iframe`);
    expect(frame?.title).toBe('Card details');
    expect(new URL(frame?.src ?? '').origin).toBe(sandboxOrigin);
    expect(card.metadata).toMatchObject({ empty: true, complete: false });
    expect(card.cardMetadata).toEqual({ cardBrand: 'unknown' });
    expect(await commands.inputInFrame(`${selector} iframe`, 'Card number')).toMatchObject({ color: 'rgb(10, 20, 30)', placeholderColor: 'rgb(1, 2, 3)' });
    card.focus();
    await expect.poll(() => events).toContainEqual({ type: 'focus', targetId: 'cardNumber' });

    await typeCard(`${selector} iframe`, TEST_CARD, `12${nextYear}`, '123');
    await expect.poll(() => card.metadata.complete).toBe(true);
    expect(card.metadata).toEqual({ empty: false, complete: true, valid: true, maskSatisfied: true, errors: [] });
    expect(card.cardMetadata).toEqual({ cardBrand: 'visa', cardLast4: '4242', cardBin: '42424242' });
    const changes = events.filter((event): event is CardChangeEvent => (event as ChangeEvent).type === 'change');
    // While the number was partial, no last4 or BIN; each change carries the brand.
    expect(changes[0]).toEqual({ type: 'change', empty: false, complete: false, valid: false, maskSatisfied: false, errors: [{ targetId: 'cardNumber', type: 'incomplete' }], cardBrand: 'visa' });
    // A keystroke that changes no state emits nothing: far fewer changes than the 16 + 4 + 3 keys typed.
    expect(changes.length).toBeLessThan(12);
    expect(changes.at(-1)).toMatchObject({ complete: true, cardBrand: 'visa', cardLast4: '4242', cardBin: '42424242' });
    expect(events).toContainEqual({ type: 'focus', targetId: 'cardNumber' });
    expect(events).toContainEqual({ type: 'blur', targetId: 'cardNumber' });
    expect(JSON.stringify(events)).not.toContain(TEST_CARD);
    // The `complete` variant over `base`, through the CSSOM (the frame's CSP has no 'unsafe-inline').
    expect(await commands.inputInFrame(`${selector} iframe`, 'Card number')).toMatchObject({ autocomplete: 'cc-number', inputmode: 'numeric', ariaInvalid: 'false', color: 'rgb(0, 128, 0)' });
    expect(await commands.inputInFrame(`${selector} iframe`, 'Expiration date (MM / YY)')).toMatchObject({ autocomplete: 'cc-exp', inputmode: 'numeric' });
    expect(await commands.inputInFrame(`${selector} iframe`, 'Security code')).toMatchObject({ autocomplete: 'cc-csc', inputmode: 'numeric' });
    // Natural tab order inside the combined frame.
    await commands.pressInFrame(`${selector} iframe`, 'Card number', 'Tab');
    expect(await commands.inputInFrame(`${selector} iframe`, 'Expiration date (MM / YY)')).toMatchObject({ focused: true });

    await commands.pressInFrame(`${selector} iframe`, 'Security code', 'Enter');
    await expect.poll(() => events).toContainEqual(expect.objectContaining({ type: 'keydown', key: 'Enter', targetId: 'cardSecurityCode' }));

    const before = (await vaultRequests()).length;
    const token: Token = await bt.tokens.create({ type: 'card', data: card, metadata: { order: 'o_1' } });
    expect(token).toMatchObject({ id: expect.any(String), type: 'card', tenantId: expect.any(String), metadata: { order: 'o_1' } });
    expect(token.data).toEqual({ number: '424242XXXXXX4242', expiration_month: 12, expiration_year: 2000 + Number(nextYear) });
    expect(JSON.stringify(token)).not.toContain(TEST_CARD);
    window.removeEventListener('message', onMessage);
    expect(messages.length).toBeGreaterThan(0);
    expect(JSON.stringify(messages)).not.toContain(TEST_CARD);
    expect(JSON.stringify(messages)).not.toContain('"123"');

    // The one request that carries the card: the element frame's, to the vault on the sandbox's origin.
    const sent = (await vaultRequests()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`${sandboxOrigin}/tokens`);
    expect(sent[0]?.frameUrl).toMatch(new RegExp(`^${sandboxOrigin}/web-elements/2\\.17\\.0/hosted-elements/card\\.html`));
    expect(sent[0]?.headers['bt-api-key']).toBe(SANDBOX_VAULT_KEY);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      type: 'card',
      data: { number: TEST_CARD, expiration_month: 12, expiration_year: 2000 + Number(nextYear), cvc: '123' },
      metadata: { order: 'o_1' },
    });

    // The sandbox's vault kept the card: an instrument made of the token has its facts.
    expect(await commands.instrumentOfToken(sandboxUrl, storeId, token.id)).toMatchObject({ last4: '4242', brand: 'visa', expMonth: 12 });
    // The element page ran under its CSP without a refusal (scripts, style sheet, CSSOM styles, the vault request).
    expect((await commands.readConsoleErrors()).filter((error) => error.includes('Content Security Policy'))).toEqual([]);
  });

  it('tokenizes a split set (number, expiry month()/year(), CVC) gathered frame to frame; a text element for the name', async () => {
    const number = bt.createElement('cardNumber', { targetId: 'number' });
    const expiry = bt.createElement('cardExpirationDate', { targetId: 'expiry' });
    const cvc = bt.createElement('cardVerificationCode', { targetId: 'cvc' });
    const name = bt.createElement('text', { targetId: 'cardholderName', 'aria-label': 'Name on card' });
    const numberEvents = recordEvents(number);
    await Promise.all([number.mount(container('number')), expiry.mount(container('expiry')), cvc.mount(container('cvc')), name.mount(container('name'))]);
    expect([...document.querySelectorAll('iframe')].map((frame) => frame.title)).toEqual(['Card number', 'Card expiration date', 'Card security code', 'Name on card']);

    await commands.typeInFrame('#number iframe', 'Card number', '5555555555554444');
    await commands.typeInFrame('#expiry iframe', 'Expiration date (MM / YY)', `3${nextYear}`);
    await commands.typeInFrame('#cvc iframe', 'Security code', '321');
    await commands.typeInFrame('#name iframe', 'Name on card', 'Ada Lovelace');
    await expect.poll(() => number.cardMetadata).toEqual({ cardBrand: 'mastercard', cardLast4: '4444', cardBin: '55555555' });
    await expect.poll(() => [expiry.metadata.complete, cvc.metadata.complete, name.metadata.complete]).toEqual([true, true, true]);
    expect(numberEvents.filter((event) => (event as ChangeEvent).type === 'change').every((event) => (event as ChangeEvent).errors?.every((error) => error.targetId === 'number'))).toBe(true);

    const before = (await vaultRequests()).length;
    const token = await bt.tokens.create({ type: 'card', data: { number, expiration_month: expiry.month(), expiration_year: expiry.year(), cvc, expiry: expiry.format('MM/yy') } });
    expect(token.data).toEqual({ number: '555555XXXXXX4444', expiration_month: 3, expiration_year: 2000 + Number(nextYear) });
    const sent = (await vaultRequests()).slice(before);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '').data).toEqual({ number: '5555555555554444', expiration_month: 3, expiration_year: 2000 + Number(nextYear), cvc: '321', expiry: `03/${nextYear}` });
    expect(await commands.instrumentOfToken(sandboxUrl, storeId, token.id)).toMatchObject({ last4: '4444', brand: 'mastercard', expMonth: 3 });
  });

  it('rejects an incomplete or invalid element with a BasisTheoryValidationError naming the fields, and sends nothing', async () => {
    const card = bt.createElement('card');
    await card.mount(container('card'));
    await commands.typeInFrame('#card iframe', 'Card number', '4242424242424241');
    await commands.typeInFrame('#card iframe', 'Expiration date (MM / YY)', `12${nextYear}`);
    await expect.poll(() => card.metadata.errors).toEqual([{ targetId: 'cardNumber', type: 'invalid' }]);
    expect(card.cardMetadata).toEqual({ cardBrand: 'visa' });

    const before = (await vaultRequests()).length;
    const rejection = await bt.tokens.create({ type: 'card', data: card }).catch((error: unknown) => error);
    // The frame shows its errors to assistive technology: aria-invalid and the text the input is described by.
    expect(await commands.inputInFrame('#card iframe', 'Card number')).toMatchObject({ ariaInvalid: 'true', errorText: 'Card number is invalid.' });
    expect(rejection).toMatchObject({
      name: 'BasisTheoryValidationError',
      details: { cardNumber: { type: 'invalid' }, cardSecurityCode: { type: 'incomplete' } },
      validation: [
        { targetId: 'cardNumber', type: 'invalid' },
        { targetId: 'cardSecurityCode', type: 'incomplete' },
      ],
    });
    expect(JSON.stringify(rejection)).not.toContain('4242424242424241');
    expect((rejection as Error).message).not.toContain('4242');
    expect((await vaultRequests()).length).toBe(before);
  });

  it('validate() marks an empty element invalid in its frame: aria-invalid and its description, not a second live region', async () => {
    const expiry = bt.createElement('cardExpirationDate', { targetId: 'expiryDate', 'aria-label': 'Expiry date (MM / YY)' });
    await expiry.mount(container('expiry'));
    const label = 'Expiry date (MM / YY)';
    expect(await commands.inputInFrame('#expiry iframe', label)).toMatchObject({ ariaInvalid: 'false', errorText: '', errorLive: null });
    const events = recordEvents(expiry);
    expiry.validate();
    await expect.poll(() => commands.inputInFrame('#expiry iframe', label)).toMatchObject({ ariaInvalid: 'true', errorText: 'Expiration date (MM / YY) is incomplete.', errorLive: null });
    expect(events).toContainEqual(expect.objectContaining({ type: 'change', empty: true, complete: false }));
  });

  it("rejects a vault error with a BasisTheoryApiError carrying the vault's status and body", async () => {
    await basistheory('key_not_the_sandbox', { disableTelemetry: true });
    try {
      const card = bt.createElement('card');
      await card.mount(container('card'));
      await typeCard('#card iframe', TEST_CARD, `12${nextYear}`, '123');
      await expect.poll(() => card.metadata.complete).toBe(true);
      const rejection = await bt.tokens.create({ type: 'card', data: card }).catch((error: unknown) => error);
      expect(rejection).toMatchObject({ name: 'BasisTheoryApiError', status: 401, data: expect.objectContaining({ status: 401 }) });
      expect(JSON.stringify(rejection)).not.toContain(TEST_CARD);
      // The frame's console is recorded (so the first test's "no CSP refusal" has teeth): Chromium logs the 401.
      await expect.poll(() => commands.readConsoleErrors()).toContainEqual(expect.stringMatching(/\/tokens: .*401/));
    } finally {
      await basistheory(SANDBOX_VAULT_KEY, { disableTelemetry: true });
    }
  });

  it('mount: a missing selector rejects, a second mount rejects, unmount leaves nothing, an unmounted element is not tokenized', async () => {
    const card = bt.createElement('card');
    await expect(card.mount('#nowhere')).rejects.toMatchObject({ name: 'BasisTheoryValidationError' });
    const selector = container('card');
    await card.mount(selector);
    await expect(card.mount(selector)).rejects.toMatchObject({ name: 'BasisTheoryValidationError' });
    card.unmount();
    expect(card.mounted).toBe(false);
    expect(document.querySelector(selector)?.childNodes.length).toBe(0);
    await expect(bt.tokens.create({ type: 'card', data: card })).rejects.toMatchObject({ name: 'BasisTheoryValidationError' });
    expect(() => bt.createElement('copyButton', { targetId: 'copy' })).toThrow(expect.objectContaining({ name: 'BasisTheoryValidationError', message: expect.stringContaining('copyButton') }));
    await expect(bt.tokens.retrieve('id')).rejects.toThrow('not emulated');
  });

  it('rejects a tokenization whose element is unmounted while it runs', async () => {
    const card = bt.createElement('card');
    await card.mount(container('card'));
    await typeCard('#card iframe', TEST_CARD, `12${nextYear}`, '123');
    await expect.poll(() => card.metadata.complete).toBe(true);
    const pending = bt.tokens.create({ type: 'card', data: card });
    card.unmount();
    await expect(pending).rejects.toMatchObject({ name: 'BasisTheoryValidationError' });
    expect(document.querySelector('#card')?.childNodes.length).toBe(0);
  });

  it('honours placeholder, disabled and the autoComplete option', async () => {
    const cvc = bt.createElement('cardVerificationCode', { targetId: 'cvc', placeholder: 'CVV', disabled: true, autoComplete: 'off' });
    await cvc.mount(container('cvc'));
    expect(await commands.inputInFrame('#cvc iframe', 'Security code')).toMatchObject({ placeholder: 'CVV', disabled: true, autocomplete: 'off' });
    await cvc.update({ disabled: false, placeholder: 'Code' });
    await expect.poll(() => commands.inputInFrame('#cvc iframe', 'Security code')).toMatchObject({ placeholder: 'Code', disabled: false });
  });

  it("fills a field through the sandbox-only test hook (a message from the frame's parent), and ignores it from any other window", async () => {
    const number = bt.createElement('cardNumber', { targetId: 'number' });
    await number.mount(container('number'));
    const frame = document.querySelector<HTMLIFrameElement>('#number iframe');
    // From another window of the page (a sibling frame: an ad, a widget), the hook does nothing.
    const sibling = document.createElement('iframe');
    document.body.append(sibling);
    // A function of the sibling's realm, so that the message's source is the sibling (same origin as the parent).
    const stray = (sibling.contentWindow as (Window & { eval(code: string): unknown }) | null)?.eval('(target, origin) => target.postMessage({ type: "tessera-sandbox:fill", value: "4242424242424242" }, origin)') as
      | ((target: Window, origin: string) => void)
      | undefined;
    expect(typeof stray).toBe('function');
    if (frame?.contentWindow) stray?.(frame.contentWindow, sandboxOrigin);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(number.metadata.empty).toBe(true);
    frame?.contentWindow?.postMessage({ type: 'tessera-sandbox:fill', value: TEST_CARD }, sandboxOrigin);
    await expect.poll(() => number.metadata.complete).toBe(true);
    expect(number.cardMetadata).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });

    // An element outside `data` (where the vault would echo it back, as in `metadata`) is refused, nothing sent.
    const before = (await vaultRequests()).length;
    const misplaced = await bt.tokens.create({ type: 'card', data: { number }, metadata: { leak: number } as never }).catch((error: unknown) => error);
    expect(misplaced).toMatchObject({ name: 'BasisTheoryValidationError', message: expect.stringContaining('under data only') });
    expect((await vaultRequests()).length).toBe(before);

    number.clear();
    await expect.poll(() => number.metadata.empty).toBe(true);
  });
});

describe('the element pages are accessible (axe-core, no serious or critical finding)', () => {
  const invalid: Record<keyof typeof btElementPages, [label: string, value: string]> = {
    card: ['Card number', '4242424242424241'],
    cardNumber: ['Card number', '1234'],
    cardExpirationDate: ['Expiration date (MM / YY)', '13'],
    cardVerificationCode: ['Security code', '1'],
    text: ['Cardholder name', 'x'],
  };
  for (const type of Object.keys(btElementPages) as (keyof typeof btElementPages)[]) {
    it(`${type}: empty, then with an invalid value`, async () => {
      const element = (bt.createElement as (type: string, options: Record<string, unknown>) => ICardElement)(type, type === 'card' ? {} : { targetId: type === 'text' ? 'cardholderName' : type });
      await element.mount(container('field'));
      const serious = (findings: { impact: string | null }[]) => findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
      expect(serious(await commands.axeInFrame('#field iframe'))).toEqual([]);
      const [label, value] = invalid[type];
      await commands.typeInFrame('#field iframe', label, value);
      await commands.pressInFrame('#field iframe', label, 'Tab');
      await expect.poll(() => element.metadata.empty).toBe(false);
      expect(serious(await commands.axeInFrame('#field iframe'))).toEqual([]);
    });
  }
});
