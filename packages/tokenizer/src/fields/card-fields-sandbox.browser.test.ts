import type { Payment } from '@tessera/core';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { createThreeDS } from '../basis-theory.js';
import { confirmPayment, type ConfirmPaymentResult } from '../confirm/confirm-payment.js';
import { createCardFields, type CardFields, type CardFieldsEvent } from '../fields.js';

// Card fields on the unmodified @basis-theory/web-elements loader, against the sandbox's emulation of Basis Theory's
// CDN (its client script and element pages, on the sandbox's origin, not this page's): a card typed into the
// iframes pays, and this page never holds it.
const sandboxUrl = inject('sandboxUrl');
const threeds = createThreeDS({ environment: 'local', vaultUrl: sandboxUrl });
const continuePayment = vi.fn((paymentId: string) => commands.continueTestPayment(paymentId) as Promise<Payment>);
const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

let mounted: CardFields | undefined;
afterEach(() => {
  mounted?.unmount();
  document.querySelector('dialog')?.close();
  document.body.replaceChildren();
  vi.clearAllMocks();
});

/** A checkout form with the fields' containers, as a merchant page has it. */
async function mountCheckout(layout: 'combined' | 'split'): Promise<CardFields> {
  const form = document.createElement('form');
  form.id = 'checkout';
  const ids = layout === 'combined' ? ['card', 'name'] : ['number', 'expiry', 'cvc', 'name'];
  for (const id of ids) form.append(Object.assign(document.createElement('div'), { id }));
  document.body.append(form);
  const fields = createCardFields({ environment: 'local', vaultUrl: sandboxUrl });
  mounted = fields;
  await fields.mount(layout === 'combined' ? { card: '#card', name: '#name' } : { number: '#number', expiry: '#expiry', cvc: '#cvc', name: '#name' });
  return fields;
}

/** Runs confirmPayment from a click on a "Pay" button, as a checkout page does. */
async function payOnClick(payment: Payment): Promise<ConfirmPaymentResult> {
  const button = Object.assign(document.createElement('button'), { textContent: 'Pay', type: 'button' });
  document.body.append(button);
  const result = new Promise<ConfirmPaymentResult>((resolve, reject) => {
    button.addEventListener('click', () => void confirmPayment({ payment, threeds, continuePayment }).then(resolve, reject), { once: true });
  });
  await userEvent.click(page.getByRole('button', { name: 'Pay' }));
  return result;
}

describe('card fields against the sandbox (unmodified web-elements loader, emulated CDN)', () => {
  it('a card typed into the combined field (Playwright, fillCardFields) tokenizes and pays frictionless', async () => {
    const fields = await mountCheckout('combined');
    expect(document.querySelector<HTMLScriptElement>('script[src*="/web-elements/2.17.0/client/index.js"]')?.src).toBe(`${sandboxUrl}/web-elements/2.17.0/client/index.js`);
    await commands.fillCardFieldsWithPlaywright({ number: '4242 4242 4242 4242', expiry: `12/${year}`, cvc: '123', name: 'Ada Lovelace' }, '#checkout');
    await expect.poll(() => fields.getState()).toMatchObject({ complete: true, valid: true, brand: 'visa' });
    const { serviceToken, card } = await fields.tokenize();
    expect(card).toMatchObject({ type: 'card', card: { bin: expect.stringMatching(/^424242/), last4: '4242', expirationMonth: 12 }, brand: 'visa', scaRequired: false });
    const payment = (await commands.payWithServiceToken(serviceToken)) as unknown as Payment;
    expect(payment.status).toBe('succeeded');
  });

  it('a 3DS card typed into the split fields pays through the challenge with confirmPayment', async () => {
    const fields = await mountCheckout('split');
    await commands.fillCardFieldsWithPlaywright({ number: '4000 0000 0000 3220', expiry: `12/${year}`, cvc: '123', name: 'Ada Lovelace' }, '#checkout');
    await expect.poll(() => fields.getState().complete).toBe(true);
    const { serviceToken, card } = await fields.tokenize();
    expect(card).toMatchObject({ card: { last4: '3220' }, scaRequired: true });
    const payment = (await commands.payWithServiceToken(serviceToken)) as unknown as Payment;
    expect(payment.requireAction).toBe('threeds_auth');
    const result = payOnClick(payment);
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    await expect(result).resolves.toMatchObject({ status: 'succeeded', payment: { id: payment.id, status: 'succeeded' } });
  });

  it('refuses incomplete fields with a validation error naming them, and no request leaves the page or the frames', async () => {
    const fields = await mountCheckout('split');
    const before = (await commands.recordRequests()).length;
    await expect(fields.tokenize()).rejects.toMatchObject({ code: 'validation_error', fields: [{ field: 'cardNumber' }, { field: 'expiryDate' }, { field: 'cvc' }, { field: 'cardholderName' }] });
    expect((await commands.recordRequests()).slice(before).filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('refused fields are marked in their frames (aria-invalid, described), each named in its own container\'s alert, and the focus goes to the first', async () => {
    const fields = await mountCheckout('split');
    // Tessera's default label keeps the expiry's format: BT takes aria-label as the input's whole name.
    expect(await commands.cardFieldInput('#expiry iframe', 'cc-exp')).toMatchObject({ ariaLabel: 'Expiry date (MM / YY)', ariaInvalid: 'false', description: '' });
    await commands.fillCardFieldsWithPlaywright({ number: '4242 4242 4242 4242', expiry: '12/', cvc: '', name: 'Ada Lovelace' }, '#checkout');
    await expect.poll(() => fields.getState().fields.number?.complete).toBe(true);
    await expect(fields.tokenize()).rejects.toMatchObject({ fields: [{ field: 'expiryDate', code: 'incomplete' }, { field: 'cvc', code: 'required' }] });
    await expect.poll(() => commands.cardFieldInput('#expiry iframe', 'cc-exp')).toMatchObject({ ariaInvalid: 'true', description: expect.stringContaining('is incomplete'), focused: true });
    await expect.poll(() => commands.cardFieldInput('#cvc iframe', 'cc-csc')).toMatchObject({ ariaInvalid: 'true', focused: false });
    expect(await commands.cardFieldInput('#number iframe', 'cc-number')).toMatchObject({ ariaInvalid: 'false' });
    expect(['number', 'expiry', 'cvc', 'name'].map((id) => document.querySelector(`#${id} [role="alert"]`)?.textContent)).toEqual(['', 'Expiry date is incomplete', 'Security code is required', '']);
    expect(document.querySelector('#expiry')!.classList.contains('tessera-field--invalid')).toBe(true);
    expect(document.querySelector('#number')!.className).toBe('tessera-field tessera-field--complete');
  });

  it("the combined field names exactly its parts that block, as the split layout does, and no request leaves", async () => {
    const fields = await mountCheckout('combined');
    const before = (await commands.recordRequests()).length;
    await commands.fillCardFieldsWithPlaywright({ number: '4242 4242 4242 4242', expiry: '', cvc: '', name: 'Ada Lovelace' }, '#checkout');
    await expect.poll(() => fields.getState().fields.card).toMatchObject({ complete: false, empty: false });
    await expect(fields.tokenize()).rejects.toMatchObject({ code: 'validation_error', fields: [{ field: 'expiryDate', code: 'required' }, { field: 'cvc', code: 'required' }] });
    await commands.fillCardFieldsWithPlaywright({ number: '4242 4242 4242 4242', expiry: '12/', cvc: '', name: '' }, '#checkout');
    await expect.poll(() => fields.getState().errors).toEqual([expect.objectContaining({ field: 'expiryDate', code: 'incomplete' })]);
    await expect(fields.tokenize()).rejects.toMatchObject({
      fields: [{ field: 'expiryDate', code: 'incomplete' }, { field: 'cvc', code: 'required' }, { field: 'cardholderName', code: 'required' }],
    });
    expect((await commands.recordRequests()).slice(before).filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('proof: the page cannot read the frames, and no message, event or request but the frame\'s POST /tokens carries the number or CVC', async () => {
    const number = '4242424242424242';
    const cvc = '987';
    const messages: string[] = [];
    const recordMessage = (event: MessageEvent) => messages.push(JSON.stringify(event.data) ?? '');
    window.addEventListener('message', recordMessage);
    const before = (await commands.recordRequests()).length;
    const fields = await mountCheckout('combined');
    const events: CardFieldsEvent[] = [];
    for (const type of ['ready', 'change', 'focus', 'blur'] as const) fields.on(type, (event) => events.push(event));

    // The host page's script cannot reach the element's document: it is another origin.
    const frame = document.querySelector<HTMLIFrameElement>('#card iframe')!;
    expect(new URL(frame.src).origin).not.toBe(location.origin);
    expect(frame.contentDocument).toBeNull();
    expect(() => frame.contentWindow!.document).toThrow();

    await commands.fillCardFieldsWithPlaywright({ number: '4242 4242 4242 4242', expiry: `12/${year}`, cvc, name: 'Ada Lovelace' }, '#checkout');
    await expect.poll(() => fields.getState().complete).toBe(true);
    const { serviceToken } = await fields.tokenize();
    window.removeEventListener('message', recordMessage);

    const holdsCard = (text: string | null) => text !== null && (text.replace(/[\s-]/g, '').includes(number) || new RegExp(`(^|[^0-9a-z])${cvc}([^0-9a-z]|$)`, 'i').test(text));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter(holdsCard)).toEqual([]);
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((event) => JSON.stringify(event)).filter(holdsCard)).toEqual([]);
    expect(JSON.stringify(fields.getState())).not.toContain(number);
    expect(document.documentElement.outerHTML.replace(/\s/g, '')).not.toContain(number);
    expect(holdsCard(atob(serviceToken))).toBe(false);
    const requests = (await commands.recordRequests()).slice(before);
    const carrying = requests.filter((request) => holdsCard(`${request.url} ${request.body ?? ''}`));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toMatchObject({ method: 'POST', url: `${sandboxUrl}/tokens` });
    expect(carrying[0]!.frameUrl).toContain(`${sandboxUrl}/web-elements/2.17.0/hosted-elements/`);
  });

  it("unmount removes the sandbox's client <script> once no mounted fields use it, and a new mount adds it again", async () => {
    const script = () => document.querySelectorAll('script[src*="/web-elements/2.17.0/client/index.js"]');
    const first = await mountCheckout('combined');
    const other = Object.assign(document.createElement('div'), { id: 'other' });
    document.body.append(other);
    const second = createCardFields({ environment: 'local', vaultUrl: sandboxUrl });
    await second.mount({ card: other });
    expect(script()).toHaveLength(1);
    first.unmount();
    expect(script()).toHaveLength(1);
    second.unmount();
    expect(script()).toHaveLength(0);
    await first.mount({ card: '#card' });
    expect(script()).toHaveLength(1);
    await commands.fillCardFieldsWithPlaywright({ number: '4242 4242 4242 4242', expiry: `12/${year}`, cvc: '123' }, '#checkout');
    await expect.poll(() => first.getState().complete).toBe(true);
    await expect(first.tokenize()).resolves.toMatchObject({ card: { card: { last4: '4242' } } });
    first.unmount();
    expect(script()).toHaveLength(0);
  });

  it('unmount removes every frame, input and label it added', async () => {
    const fields = await mountCheckout('split');
    expect(document.querySelectorAll('#checkout iframe')).toHaveLength(3);
    fields.unmount();
    expect(document.querySelector('#checkout')!.innerHTML.replace(/<div id="\w+"><\/div>/g, '')).toBe('');
  });
});
