import type { BasisTheoryElements } from '@basis-theory/web-elements';
import { decodeServiceToken, TesseraAbortError, TesseraValidationError } from '@tessera/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TesseraConfigurationError, TesseraVaultError } from '../errors/errors.js';
import { createCardFieldsWith, type CardFieldsEvent } from './card-fields.js';
import { TesseraFieldsError } from './fields-error.js';

// A stand-in of BT's `BasisTheoryElements` (its published interface): elements that mount a placeholder node, emit
// what a test tells them to, and a `tokens.create` the test answers.
type Listener = (event: Record<string, unknown>) => void;
interface FakeElement {
  type: string;
  options: Record<string, unknown>;
  node: HTMLElement | undefined;
  listeners: Record<string, Listener[]>;
  metadata: { complete: boolean; valid: boolean; empty: boolean; errors: { targetId?: string; type: 'incomplete' | 'invalid' }[] };
  cardMetadata?: { cardBrand: string; cardBin?: string; cardLast4?: string };
  emit(event: Record<string, unknown>): void;
  [method: string]: unknown;
}

function fakeElements() {
  const created: FakeElement[] = [];
  const create = vi.fn((..._args: unknown[]): Promise<unknown> => new Promise(() => undefined));
  const elements = {
    createElement(type: string, options: Record<string, unknown> = {}) {
      const element: FakeElement = {
        type,
        options,
        node: undefined,
        listeners: {},
        metadata: { complete: false, valid: false, empty: true, errors: [] },
        ...(type === 'card' || type === 'cardNumber' ? { cardMetadata: { cardBrand: 'unknown' } } : {}),
        emit(event) {
          if (event.type === 'change') element.metadata = { complete: Boolean(event.complete), valid: Boolean(event.valid), empty: Boolean(event.empty), errors: (event.errors as never) ?? [] };
          for (const listener of element.listeners[event.type as string] ?? []) listener(event);
        },
        mount: vi.fn(async (container: Element) => {
          element.node = Object.assign(document.createElement('iframe'), { title: `fake ${type}` });
          container.append(element.node);
          await Promise.resolve();
          element.emit({ type: 'ready' });
        }),
        unmount: vi.fn(() => element.node?.remove()),
        on: (type: string, listener: Listener) => {
          (element.listeners[type] ??= []).push(listener);
          return { unsubscribe: () => element.listeners[type]?.splice(element.listeners[type].indexOf(listener), 1) };
        },
        clear: vi.fn(),
        focus: vi.fn(),
        validate: vi.fn(),
        update: vi.fn(() => Promise.resolve()),
        month: () => ({ element, method: 'month' }),
        year: () => ({ element, method: 'year' }),
      };
      created.push(element);
      return element;
    },
    tokens: { create },
  };
  return { elements: elements as unknown as BasisTheoryElements, created, create };
}

const complete = { type: 'change', complete: true, valid: true, empty: false, errors: [] };
// What BT's element SDK resolves with: camelCase, masked data, enrichments, no `card`.
const btToken = {
  id: 'c06d0789-0a38-40be-b7cc-c28a718f76f1',
  type: 'card',
  tenantId: 't',
  data: { number: '424242XXXXXX4242', expiration_month: 12, expiration_year: 2031 },
  enrichments: { cardDetails: { bin: '42424242', last4: '4242' } },
  createdAt: '2026-11-22T10:00:00.000Z',
};

function setup(options: { environment?: 'production' | 'local'; vaultUrl?: string } = {}) {
  const fake = fakeElements();
  const basistheory = vi.fn(() => Promise.resolve(fake.elements));
  const fields = createCardFieldsWith({ environment: options.environment ?? 'production', vaultUrl: options.vaultUrl, loadWebElements: () => Promise.resolve({ basistheory }), timeoutMs: 2000 } as never);
  for (const id of ['card', 'number', 'expiry', 'cvc', 'name']) document.body.append(Object.assign(document.createElement('div'), { id }));
  return { ...fake, basistheory, fields };
}

afterEach(() => document.body.replaceChildren());

describe('card fields (against a stand-in of Basis Theory Elements)', () => {
  it('mounts the combined card and a labelled cc-name input, with telemetry off, and reports ready once every frame is', async () => {
    const { fields, created, basistheory } = setup();
    const events: CardFieldsEvent[] = [];
    fields.on('ready', (event) => events.push(event));
    await fields.mount({ card: '#card', name: document.querySelector('#name')! });
    expect(basistheory).toHaveBeenCalledWith('key_prod_us_pub_PNMB2AiaECJ463K6QAPNU6', { disableTelemetry: true });
    expect(created.map((element) => element.type)).toEqual(['card']);
    expect(document.querySelector('#card iframe')).not.toBeNull();
    const name = document.querySelector<HTMLInputElement>('#name input')!;
    expect(name.autocomplete).toBe('cc-name');
    expect(name.labels?.[0]?.textContent).toBe('Name on card');
    expect(fields.mounted).toBe(true);
    expect(events).toEqual([{ type: 'ready' }]);
    expect(fields.getState()).toMatchObject({ complete: false, empty: true, brand: undefined, fields: { card: { complete: false, empty: true }, name: { empty: true } } });
  });

  it('maps change events (brand, per-field errors named as validateCard names them) and stops a listener on unsubscribe', async () => {
    const { fields, created } = setup();
    await fields.mount({ number: '#number', expiry: '#expiry', cvc: '#cvc' });
    const changes: CardFieldsEvent[] = [];
    const stop = fields.on('change', (event) => changes.push(event));
    const [number, expiry, cvc] = created;
    number!.emit({ ...complete, cardBrand: 'visa', cardBin: '424242', cardLast4: '4242' });
    expiry!.emit({ type: 'change', complete: false, valid: false, empty: false, errors: [{ targetId: 'cardExpirationDate', type: 'incomplete' }] });
    expect(cvc!.update).toHaveBeenCalledWith({ cardBrand: 'visa' });
    const state = fields.getState();
    expect(state).toMatchObject({ complete: false, valid: false, empty: false, brand: 'visa', errors: [{ field: 'expiryDate', code: 'incomplete' }] });
    expect(state.fields.number).toEqual({ complete: true, valid: true, empty: false, errors: [] });
    expect(changes.map((event) => event.type === 'change' && event.field)).toEqual(['number', 'expiry']);
    // No event carries what BT's change event said about the number beyond the brand.
    expect(JSON.stringify(changes)).not.toMatch(/424242|4242"/);
    stop();
    cvc!.emit(complete);
    expect(changes).toHaveLength(2);
    // Basis Theory's `american-express` reaches the page as core names the brand; the CVC element keeps BT's id.
    number!.emit({ ...complete, cardBrand: 'american-express', cardBin: '378282', cardLast4: '0005' });
    expect(fields.getState().brand).toBe('amex');
    expect(cvc!.update).toHaveBeenLastCalledWith({ cardBrand: 'american-express' });
  });

  it('refuses to tokenize incomplete fields with a validation error naming each, and sends nothing', async () => {
    const { fields, created, create } = setup();
    await fields.mount({ number: '#number', expiry: '#expiry', cvc: '#cvc', name: '#name' });
    created[1]!.emit({ type: 'change', complete: false, valid: false, empty: false, errors: [] });
    created[2]!.emit({ type: 'change', complete: true, valid: false, empty: false, errors: [{ targetId: 'cardVerificationCode', type: 'invalid' }] });
    const error = await fields.tokenize().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect((error as TesseraValidationError).fields.map((field) => [field.field, field.code])).toEqual([
      ['cardNumber', 'required'],
      ['expiryDate', 'incomplete'],
      ['cvc', 'invalid'],
      ['cardholderName', 'required'],
    ]);
    expect(create).not.toHaveBeenCalled();
    expect(document.querySelector('#name [role="alert"]')?.textContent).toBe('Cardholder name is required');
  });

  it('marks each container with classes for CSS: tessera-field, --empty, --focus, --complete, and --invalid with its error once BT calls the value invalid (issue 38)', async () => {
    const { fields, created } = setup();
    await fields.mount({ number: '#number', expiry: '#expiry', cvc: '#cvc', name: '#name' });
    const classes = (id: string) => [...document.querySelector(`#${id}`)!.classList].sort();
    const errorOf = (id: string) => document.querySelector(`#${id} .tessera-field__error[role="alert"]`)?.textContent;
    for (const id of ['number', 'expiry', 'cvc', 'name']) expect(classes(id)).toEqual(['tessera-field', 'tessera-field--empty']);
    const [number, expiry, cvc] = created;
    // BT's focus and blur events carry the input's targetId (InputFocusEvent, InputBlurEvent).
    number!.emit({ type: 'focus', targetId: 'cardNumber' });
    expect(classes('number')).toContain('tessera-field--focus');
    number!.emit({ type: 'change', complete: true, valid: false, empty: false, errors: [{ targetId: 'cardNumber', type: 'invalid' }] });
    expect(classes('number')).toEqual(['tessera-field', 'tessera-field--focus', 'tessera-field--invalid']);
    expect(errorOf('number')).toBe('Card number is invalid');
    number!.emit({ type: 'blur', targetId: 'cardNumber' });
    expect(classes('number')).not.toContain('tessera-field--focus');
    // Half typed is not announced while typing: only a check (tokenize) or an invalid value is.
    expiry!.emit({ type: 'change', complete: false, valid: false, empty: false, errors: [{ targetId: 'cardExpirationDate', type: 'incomplete' }] });
    expect(classes('expiry')).toEqual(['tessera-field']);
    expect(errorOf('expiry')).toBe('');
    cvc!.emit(complete);
    expect(classes('cvc')).toEqual(['tessera-field', 'tessera-field--complete']);
    const name = document.querySelector<HTMLInputElement>('#name input')!;
    name.focus();
    name.value = 'Ada';
    name.dispatchEvent(new Event('input'));
    expect(classes('name')).toEqual(['tessera-field', 'tessera-field--complete', 'tessera-field--focus']);
    // The error lies after the frame, in the field's own container.
    expect(document.querySelector('#number')!.lastElementChild?.className).toBe('tessera-field__error');
    fields.unmount();
    for (const id of ['number', 'expiry', 'cvc', 'name']) expect(classes(id)).toEqual([]);
    expect(document.querySelectorAll('.tessera-field__error')).toHaveLength(0);
  });

  it('tokenize marks each blocking field with its own error, has its frame validate, and moves the focus to the first; focusInvalid: false leaves it (issue 38)', async () => {
    const { fields, created } = setup();
    await fields.mount({ number: '#number', expiry: '#expiry', cvc: '#cvc', name: '#name' });
    const [number, expiry, cvc] = created;
    expect(expiry!.options['aria-label']).toBe('Expiry date (MM / YY)');
    expiry!.emit({ type: 'change', complete: false, valid: false, empty: false, errors: [{ targetId: 'cardExpirationDate', type: 'incomplete' }] });
    cvc!.emit(complete);
    await expect(fields.tokenize()).rejects.toBeInstanceOf(TesseraValidationError);
    const errorOf = (id: string) => document.querySelector(`#${id} [role="alert"]`)?.textContent;
    expect(['number', 'expiry', 'cvc', 'name'].map(errorOf)).toEqual(['Card number is required', 'Expiry date is incomplete', '', 'Cardholder name is required']);
    expect(['number', 'expiry', 'cvc', 'name'].map((id) => document.querySelector(`#${id}`)!.classList.contains('tessera-field--invalid'))).toEqual([true, true, false, true]);
    expect([number, expiry, cvc].map((element) => (element!.validate as ReturnType<typeof vi.fn>).mock.calls.length)).toEqual([1, 1, 0]);
    expect(number!.focus).toHaveBeenCalledTimes(1);
    const name = document.querySelector<HTMLInputElement>('#name input')!;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Cardholder name is required');
    // Once checked, a field's error follows what it holds, and goes when it is complete.
    expiry!.emit({ type: 'change', complete: true, valid: false, empty: false, errors: [{ targetId: 'cardExpirationDate', type: 'invalid' }] });
    expect(errorOf('expiry')).toBe('Expiry date is invalid');
    expiry!.emit(complete);
    expect(errorOf('expiry')).toBe('');
    expect(document.querySelector('#expiry')!.className).toBe('tessera-field tessera-field--complete');
    await expect(fields.tokenize({ focusInvalid: false })).rejects.toBeInstanceOf(TesseraValidationError);
    expect(number!.focus).toHaveBeenCalledTimes(1);
    fields.clear();
    expect(errorOf('name')).toBe('');
  });

  it("names the combined card's parts as the split layout does: a complete number with an empty expiry and CVC names expiryDate and cvc (issue 34)", async () => {
    const { fields, created, create } = setup();
    await fields.mount({ card: '#card' });
    created[0]!.emit({ type: 'change', complete: false, valid: false, empty: false, errors: [], cardBrand: 'visa', cardBin: '42424242', cardLast4: '4242' });
    // BT's elements refuse in their frames, naming every part not complete (an empty one as incomplete), sending nothing.
    create.mockRejectedValueOnce(Object.assign(new Error('Validation error'), { name: 'BasisTheoryValidationError', details: { cardExpirationDate: { type: 'incomplete' }, cardSecurityCode: { type: 'incomplete' } } }));
    const error = (await fields.tokenize().catch((caught: unknown) => caught)) as TesseraValidationError;
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect(error.fields.map((field) => [field.field, field.code])).toEqual([
      ['expiryDate', 'required'],
      ['cvc', 'required'],
    ]);
    expect(error.message).toBe('The card is not complete: Expiry date is required; Security code is required');
    expect(create).toHaveBeenCalledTimes(1);
    // The card's container shows both parts' errors, and the card takes the focus (BT's own check was the refusal).
    expect(document.querySelector('#card [role="alert"]')?.textContent).toBe('Expiry date is required. Security code is required');
    expect(created[0]!.focus).toHaveBeenCalledTimes(1);
    expect(created[0]!.validate).not.toHaveBeenCalled();
  });

  it('tokenizes the split elements (expiry month and year wrappers) with the name as metadata, into the raw path\'s service token', async () => {
    const { fields, created, create } = setup();
    await fields.mount({ number: '#number', expiry: '#expiry', cvc: '#cvc', name: '#name' });
    for (const element of created) element.emit(complete);
    // BT's answer has no brand here: the number element's own (from its change event) fills it.
    created[0]!.emit({ ...complete, cardBrand: 'visa', cardBin: '424242', cardLast4: '4242' });
    const name = document.querySelector<HTMLInputElement>('#name input')!;
    name.value = ' Ada Lovelace ';
    name.dispatchEvent(new Event('input'));
    create.mockResolvedValueOnce(btToken);
    const result = await fields.tokenize();
    const [request] = create.mock.calls[0] as [{ type: string; data: Record<string, unknown>; metadata: unknown }];
    expect(request.type).toBe('card');
    expect(request.data.number).toBe(created[0]);
    expect(request.data.expiration_month).toEqual({ element: created[1], method: 'month' });
    expect(request.data.expiration_year).toEqual({ element: created[1], method: 'year' });
    expect(request.data.cvc).toBe(created[2]);
    expect(request.metadata).toEqual({ cardholder_name: 'Ada Lovelace' });
    expect(result.card).toEqual({ tokenId: btToken.id, type: 'card', card: { bin: '42424242', last4: '4242', expirationMonth: 12, expirationYear: 2031 }, brand: 'visa', scaRequired: false });
    expect(decodeServiceToken(result.serviceToken)).toMatchObject({ type: 'card', token: btToken.id, provider: 'basistheory', nonSensitiveMetadata: { bin: '42424242', last4: '4242', brand: 'visa' } });
  });

  it("maps BT's API error to TesseraVaultError, and the caller's abort to TesseraAbortError", async () => {
    const { fields, created, create } = setup();
    await fields.mount({ card: '#card' });
    created[0]!.emit(complete);
    create.mockRejectedValueOnce(Object.assign(new Error('refused'), { name: 'BasisTheoryApiError', status: 401, data: { title: 'Unauthorized' } }));
    await expect(fields.tokenize()).rejects.toSatisfy((error) => error instanceof TesseraVaultError && error.status === 401 && error.vaultCode === 'Unauthorized');
    const controller = new AbortController();
    const pending = fields.tokenize({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(TesseraAbortError);
  });

  it('rejects a tokenization in flight with `unmounted` when unmounted, and leaves nothing in the page', async () => {
    const { fields, created } = setup();
    await fields.mount({ card: '#card', name: '#name' });
    created[0]!.emit(complete);
    document.querySelector<HTMLInputElement>('#name input')!.value = 'Ada';
    const pending = fields.tokenize();
    fields.unmount();
    await expect(pending).rejects.toSatisfy((error) => error instanceof TesseraFieldsError && error.reason === 'unmounted');
    expect(document.querySelector('#card')!.childElementCount + document.querySelector('#name')!.childElementCount).toBe(0);
    await expect(fields.tokenize()).rejects.toMatchObject({ reason: 'not_mounted' });
    expect(fields.getState().fields).toEqual({});
  });

  it('refuses mounting twice, a container that matches nothing (adding nothing), and tokenize before mount', async () => {
    const { fields, basistheory } = setup();
    await expect(fields.tokenize()).rejects.toMatchObject({ reason: 'not_mounted' });
    await expect(fields.mount({ number: '#number', expiry: '#missing', cvc: '#cvc', name: '#name' })).rejects.toSatisfy(
      (error) => error instanceof TesseraFieldsError && error.reason === 'container_not_found' && error.message.includes('#missing'),
    );
    await expect(fields.mount({ card: '##not a selector' })).rejects.toMatchObject({ reason: 'container_not_found' });
    expect(basistheory).not.toHaveBeenCalled();
    expect(document.querySelectorAll('iframe, input')).toHaveLength(0);
    await fields.mount({ card: '#card' });
    await expect(fields.mount({ card: '#card' })).rejects.toMatchObject({ reason: 'already_mounted' });
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    // Unmounted while loading (React StrictMode runs effect, cleanup, effect): the first mount gives way, the second wins.
    fields.unmount();
    const first = fields.mount({ card: '#card' });
    fields.unmount();
    const second = fields.mount({ card: '#card' });
    await expect(first).rejects.toMatchObject({ reason: 'unmounted' });
    await second;
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('names @basis-theory/web-elements when it is not installed', async () => {
    const fields = createCardFieldsWith({ environment: 'production', loadWebElements: () => Promise.reject(new Error('Cannot find module')) });
    document.body.append(Object.assign(document.createElement('div'), { id: 'card' }));
    await expect(fields.mount({ card: '#card' })).rejects.toSatisfy(
      (error) => error instanceof TesseraConfigurationError && error.reason === 'missing_dependency' && error.message.includes('@basis-theory/web-elements'),
    );
    expect(document.querySelector('#card')!.childElementCount).toBe(0);
  });

  it('in local, loads the sandbox client script first; one that does not load is a typed error and nothing stays behind', async () => {
    const { fields, basistheory } = setup({ environment: 'local', vaultUrl: 'http://127.0.0.1:9' });
    await expect(fields.mount({ card: '#card' })).rejects.toSatisfy(
      (error) => error instanceof TesseraFieldsError && error.reason === 'load_failed' && error.message.includes('http://127.0.0.1:9/web-elements/2.17.0/client/index.js'),
    );
    expect(basistheory).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="web-elements"]')).toBeNull();
    expect(document.querySelector('#card')!.childElementCount).toBe(0);
  });
});
