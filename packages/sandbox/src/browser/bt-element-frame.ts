import type { Brand, CardElementStyle, FieldError, FieldErrorType, Token } from '@basis-theory/web-elements';
import type {
  BtChangeEvent,
  BtClientMessage,
  BtElementReference,
  BtFrameMessage,
  BtFrameOptions,
  BtTokenizeResult,
  BtTokenPayload,
} from './bt-elements-messages.js';

/**
 * A card brand as the element frame detects it: Basis Theory's id (`CARD_BRANDS`), its ranges by prefix (the longest
 * matching prefix wins), PAN lengths, CVC length, and where the number's groups break.
 */
export interface BtCardBrand {
  id: Brand;
  ranges: readonly (readonly [from: string, to?: string])[];
  lengths: readonly number[];
  cvc: number;
  gaps: readonly number[];
}

/** One input of the page, with its label and its error's description. */
interface Field {
  input: HTMLInputElement;
  id: string;
  error: HTMLElement;
  label: HTMLElement;
  blurred: boolean;
}

/** What the frame knows once the client's init came. */
interface FrameConfig {
  elementId: string;
  apiKey: string;
  options: BtFrameOptions;
}

/** The state of one input: empty, maskSatisfied, and its error. */
interface FieldState {
  empty: boolean;
  mask: boolean;
  error: FieldErrorType | null;
}

interface ExpiryValue {
  month: number;
  year: number;
}

/** One frame's value, as the vault's body wants it: a card, a number or CVC, an expiry, or a text. */
type ElementValue = string | ExpiryValue | { number: string; expiration_month: number; expiration_year: number; cvc: string };

/** One frame's answer when a tokenization gathers the values. */
interface ValueAnswer {
  elementId: string;
  value: ElementValue;
  errors: FieldError[];
}

/** Frame to frame, over the BroadcastChannel whose name the client drew: a request for a value, and the answer. */
type SiblingNote = { type: 'collect'; requestId: string; elementId: string } | ({ type: 'value'; requestId: string } & ValueAnswer);

/**
 * The script every element page of the Basis Theory Elements emulation runs (`hosted-elements/element.js`, served by
 * `../emulations/bt-elements-pages.ts`; no eval, no inline handler: the pages' CSP allows their own script and style
 * sheet only). It takes configuration and commands ({@link BtClientMessage}) only from its parent window and that
 * window's origin, answers ({@link BtFrameMessage}) only to that origin, and never posts a card number or CVC to it:
 * values of sibling frames are gathered frame to frame over a BroadcastChannel of the sandbox's origin whose name the
 * client draws at random, and only the vault's masked token goes back to the page. `brands` (and `unknownBrand`) are
 * core's brand ranges and rules, so the vault agrees with the frame.
 */
export function btElementFrame(brands: readonly BtCardBrand[], unknownBrand: BtCardBrand): void {
  'use strict';
  const SAFE_CSS = ['backgroundColor', 'color', 'fontFamily', 'fontSize', 'fontSmooth', 'fontStyle', 'fontVariant', 'fontWeight', 'letterSpacing', 'lineHeight', 'padding', 'textAlign', 'textDecoration', 'textShadow', 'textTransform'];
  const PSEUDO = [':hover', ':focus', ':read-only', '::placeholder', '::selection', ':disabled'] as const;
  const parentWindow = window.parent;
  if (parentWindow === window) return;
  const parentOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || (document.referrer ? new URL(document.referrer).origin : '');
  if (!parentOrigin || parentOrigin === 'null') return;
  const prefix = location.pathname.slice(0, location.pathname.indexOf('/web-elements/'));
  const vaultUrl = location.origin + prefix + '/tokens';
  const kind = document.body.getAttribute('data-element');
  let config: FrameConfig | null = null;
  // Each input of the served pages has its label and description.
  const fields: Field[] = Array.from(document.querySelectorAll('input'), (input) => ({
    input,
    id: input.id,
    error: document.getElementById(input.id + '-error') as HTMLElement,
    label: document.getElementById(input.id + '-label') as HTMLElement,
    blurred: false,
  }));
  const firstField = fields[0];
  if (!firstField) return;
  const first: Field = firstField;
  const byId: Record<string, Field> = {};
  fields.forEach((field) => {
    byId[field.id] = field;
  });

  function post(message: BtFrameMessage): void {
    parentWindow.postMessage(message, parentOrigin);
  }
  function digits(text: string): string {
    return String(text).replace(/\D/g, '');
  }
  function options(): BtFrameOptions {
    return (config && config.options) || {};
  }
  /** `value[key]` of an object the merchant passed, if it is one. */
  function partOf(value: unknown, key: string): unknown {
    return ((value || {}) as Record<string, unknown>)[key];
  }

  function brandOf(number: string): BtCardBrand {
    let best = unknownBrand;
    let bestLength = 0;
    brands.forEach((brand) => {
      brand.ranges.forEach((range) => {
        const from = range[0];
        const to = range[1] || range[0];
        if (from.length <= bestLength || number.length < from.length) return;
        const head = number.slice(0, from.length);
        if (head >= from && head <= to) {
          best = brand;
          bestLength = from.length;
        }
      });
    });
    return best;
  }
  function luhn(number: string): boolean {
    let sum = 0;
    for (let i = 0; i < number.length; i++) {
      let d = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function numberText(number: string, brand: BtCardBrand): string {
    let out = '';
    for (let i = 0; i < number.length; i++) {
      if (brand.gaps.indexOf(i) >= 0) out += ' ';
      out += number.charAt(i);
    }
    return out;
  }
  function currentBrand(): BtCardBrand | null {
    if (byId.cardNumber) return brandOf(digits(byId.cardNumber.input.value));
    const given = options().cardBrand;
    for (const brand of brands) if (brand.id === given) return brand;
    return null;
  }
  function cvcLengths(): number[] {
    const brand = currentBrand();
    if (!brand || brand === unknownBrand) return [3, 4];
    return [brand.cvc];
  }

  function stateOf(field: Field): FieldState {
    const value = field.input.value;
    if (field.id === 'cardNumber') {
      const number = digits(value);
      if (!number) return { empty: true, mask: false, error: null };
      const brand = brandOf(number);
      const max = Math.max(...brand.lengths);
      const mask = brand.lengths.indexOf(number.length) >= 0;
      if (!mask) return { empty: false, mask: false, error: number.length >= max ? 'invalid' : 'incomplete' };
      return { empty: false, mask: true, error: options().skipLuhnValidation || luhn(number) ? null : 'invalid' };
    }
    if (field.id === 'cardExpirationDate') {
      const date = digits(value);
      if (!date) return { empty: true, mask: false, error: null };
      if (date.length < 4) return { empty: false, mask: false, error: Number(date.slice(0, 2)) > 12 ? 'invalid' : 'incomplete' };
      const month = Number(date.slice(0, 2));
      const year = 2000 + Number(date.slice(2, 4));
      const now = new Date();
      const past = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
      return { empty: false, mask: true, error: month < 1 || month > 12 || past ? 'invalid' : null };
    }
    if (field.id === 'cardSecurityCode') {
      const code = digits(value);
      if (!code) return { empty: true, mask: false, error: null };
      const lengths = cvcLengths();
      if (lengths.indexOf(code.length) >= 0) return { empty: false, mask: true, error: null };
      return { empty: false, mask: false, error: code.length > Math.max(...lengths) ? 'invalid' : 'incomplete' };
    }
    if (!value) return { empty: true, mask: false, error: null };
    const pattern = options().validation;
    return { empty: false, mask: true, error: pattern instanceof RegExp && !pattern.test(value) ? 'invalid' : null };
  }
  function targetIdOf(field: Field): string {
    return kind === 'card' ? field.id : options().targetId || field.id;
  }
  // ElementMetadata of the whole element; errors as FieldError[] (an empty field has none until submitted).
  function metadata(): Omit<BtChangeEvent, 'type' | 'cardBrand' | 'cardLast4' | 'cardBin'> {
    const errors: FieldError[] = [];
    let empty = true;
    let mask = true;
    let complete = true;
    let valid = true;
    fields.forEach((field) => {
      const state = stateOf(field);
      if (!state.empty) empty = false;
      if (!state.mask) mask = false;
      if (state.empty || state.error) complete = false;
      if (state.empty || state.error) valid = false;
      if (state.error) errors.push({ targetId: targetIdOf(field), type: state.error });
    });
    return { empty, complete, valid, maskSatisfied: mask, errors };
  }
  // What the page may know of the number: brand always; last 4 and BIN only once it is complete and valid.
  function cardFacts(): Pick<BtChangeEvent, 'cardBrand' | 'cardLast4' | 'cardBin'> | null {
    const field = byId.cardNumber;
    if (!field) return null;
    const number = digits(field.input.value);
    const facts: Pick<BtChangeEvent, 'cardBrand' | 'cardLast4' | 'cardBin'> = { cardBrand: number ? brandOf(number).id : 'unknown' };
    const state = stateOf(field);
    if (state.mask && !state.error) {
      facts.cardLast4 = number.slice(-4);
      facts.cardBin = number.slice(0, number.length >= 16 ? 8 : 6);
    }
    return facts;
  }
  // Errors for a submit: an empty field counts as incomplete.
  function submitErrors(): FieldError[] {
    const errors: FieldError[] = [];
    fields.forEach((field) => {
      const state = stateOf(field);
      const type = state.empty ? 'incomplete' : state.error;
      if (type) errors.push({ targetId: targetIdOf(field), type });
    });
    return errors;
  }

  function format(field: Field): void {
    const input = field.input;
    const value = input.value;
    if (field.id === 'cardNumber') {
      let number = digits(value).slice(0, 19);
      const brand = brandOf(number);
      number = number.slice(0, Math.max(...brand.lengths));
      input.value = numberText(number, brand);
      if (byId.cardSecurityCode) byId.cardSecurityCode.input.maxLength = Math.max(...cvcLengths());
    } else if (field.id === 'cardExpirationDate') {
      let date = digits(value).slice(0, 4);
      if (date.length === 1 && date > '1') date = '0' + date;
      input.value = date.length > 2 ? date.slice(0, 2) + ' / ' + date.slice(2) : date;
    } else if (field.id === 'cardSecurityCode') {
      input.value = digits(value).slice(0, Math.max(...cvcLengths()));
    } else {
      const maxLength = options().maxLength;
      if (maxLength !== undefined && maxLength > 0) input.value = value.slice(0, maxLength);
    }
  }
  const messages: Record<FieldErrorType, string> = { incomplete: ' is incomplete.', invalid: ' is invalid.' };
  function render(submitted: boolean): ReturnType<typeof metadata> {
    const meta = metadata();
    fields.forEach((field) => {
      const state = stateOf(field);
      const type = state.error || (submitted && state.empty ? 'incomplete' : null);
      const shown = type !== null && (type === 'invalid' || field.blurred || submitted);
      field.input.setAttribute('aria-invalid', shown ? 'true' : 'false');
      field.error.textContent = shown ? String(field.label.textContent) + messages[type] : '';
    });
    applyStyle(meta);
    return meta;
  }
  // As BT's frames: a keystroke that changes no state (valid/invalid, empty/filled, brand…) emits no change event;
  // validate() and clear() always emit one.
  let lastChange = '';
  function change(submitted: boolean, always?: boolean): void {
    const meta = render(submitted);
    const event: BtChangeEvent = { type: 'change', empty: meta.empty, complete: meta.complete, valid: meta.valid, maskSatisfied: meta.maskSatisfied, errors: meta.errors };
    const facts = cardFacts();
    if (facts) Object.assign(event, facts);
    const text = JSON.stringify(event);
    if (text === lastChange && !always) return;
    lastChange = text;
    post({ type: 'bt-emulation:event', event });
  }

  // Styling: Basis Theory's style option (base, complete, invalid, empty; SAFE_CSS_PROPERTIES and pseudo-classes).
  function safeValue(value: unknown): string | null {
    return (typeof value === 'string' || typeof value === 'number') && !/[;{}<>\\]|url\(|expression\(/i.test(String(value)) ? String(value) : null;
  }
  function kebab(name: string): string {
    return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  }
  function declarations(style: unknown): [string, string][] {
    const out: [string, string][] = [];
    SAFE_CSS.forEach((name) => {
      // A string of safeValue's; or, for a style (variant) given as '' or 0, that value itself for every property, as
      // the script always did.
      const value: unknown = style && safeValue((style as Record<string, unknown>)[name]);
      if (value !== null && value !== undefined && value !== false) out.push([kebab(name), `${value as string | number}`]);
    });
    return out;
  }
  let appliedInline: string[] = [];
  let sheet: CSSStyleSheet | null = null;
  function applyStyle(meta: ReturnType<typeof metadata>): void {
    const style: CardElementStyle = options().style || {};
    const variant = meta.empty ? style.empty : meta.complete ? style.complete : meta.errors.some((e) => e.type === 'invalid') ? style.invalid : null;
    const decls = declarations(style.base).concat(declarations(variant));
    fields.forEach((field) => {
      appliedInline.forEach((name) => field.input.style.removeProperty(name));
      decls.forEach((decl) => field.input.style.setProperty(decl[0], decl[1]));
    });
    appliedInline = decls.map((decl) => decl[0]);
  }
  function applyPseudoStyles(): void {
    const style: CardElementStyle = options().style || {};
    if (!sheet) sheet = document.styleSheets.item(document.styleSheets.length - 1);
    const styles = sheet;
    if (!styles) return;
    const lastIsOurs = (): boolean => {
      const rule = styles.cssRules[styles.cssRules.length - 1];
      return rule instanceof CSSStyleRule && rule.selectorText.indexOf('input.styled') === 0;
    };
    while (styles.cssRules.length > 0 && lastIsOurs()) styles.deleteRule(styles.cssRules.length - 1);
    PSEUDO.forEach((selector) => {
      const decls = declarations(style.base && style.base[selector]);
      if (!decls.length) return;
      styles.insertRule('input.styled' + selector + '{' + decls.map((d) => d[0] + ':' + d[1] + ' !important').join(';') + '}', styles.cssRules.length);
    });
    fields.forEach((field) => field.input.classList.add('styled'));
  }

  const AUTO_COMPLETE_PARTS: Readonly<Record<string, string>> = { cardNumber: 'number', cardExpirationDate: 'expirationDate', cardSecurityCode: 'csc' };
  function configure(): void {
    const given = options();
    fields.forEach((field) => {
      const input = field.input;
      const placeholder = kind === 'card' ? partOf(given.placeholder, field.id) : given.placeholder;
      if (typeof placeholder === 'string') input.placeholder = placeholder;
      let auto = kind === 'card' ? partOf(given.autoComplete, String(AUTO_COMPLETE_PARTS[field.id])) : given.autoComplete;
      if (kind === 'text' && !auto && /name/i.test(given.targetId || '')) {
        auto = 'cc-name';
        field.label.textContent = 'Cardholder name';
      }
      if (typeof auto === 'string' && /^[a-z0-9-]+$/.test(auto)) input.setAttribute('autocomplete', auto);
      const label = given['aria-label'] || given.ariaLabel || given.title;
      if (kind !== 'card' && typeof label === 'string' && label) input.setAttribute('aria-label', label);
      if (kind !== 'card' && typeof given.title === 'string' && given.title) input.title = given.title;
      if (kind === 'text') {
        input.type = given.password ? 'password' : 'text';
        if (given.inputMode) input.setAttribute('inputmode', given.inputMode);
      }
      input.disabled = given.disabled === true;
      input.readOnly = given.readOnly === true;
    });
    applyPseudoStyles();
    format(first);
    render(false);
  }

  // This frame's value, as the vault's body wants it (only ever sent to sibling frames and the vault).
  function valueOf(): ElementValue {
    function expiry(field: Field): ExpiryValue {
      const date = digits(field.input.value);
      return { month: Number(date.slice(0, 2)), year: 2000 + Number(date.slice(2, 4)) };
    }
    if (kind === 'card') {
      // The card page has all three inputs.
      const date = expiry(byId.cardExpirationDate as Field);
      return { number: digits((byId.cardNumber as Field).input.value), expiration_month: date.month, expiration_year: date.year, cvc: digits((byId.cardSecurityCode as Field).input.value) };
    }
    if (kind === 'cardNumber') return digits(first.input.value);
    if (kind === 'cardExpirationDate') return expiry(first);
    if (kind === 'cardVerificationCode') return digits(first.input.value);
    return first.input.value;
  }

  // Tokenizing: this frame gathers the values of the elements in the payload (its own and its siblings'), checks
  // them, and posts the body to the vault. Only the vault's masked token goes back to the page.
  const pending: Record<string, (answer: ValueAnswer) => void> = {};
  function collect(requestId: string, ids: string[], own: FrameConfig, channel: BroadcastChannel): Promise<Record<string, ValueAnswer>> {
    return new Promise((resolve, reject) => {
      const wanted: Record<string, boolean> = {};
      const got: Record<string, ValueAnswer> = {};
      let left = 0;
      ids.forEach((id) => {
        if (!wanted[id]) {
          wanted[id] = true;
          left++;
        }
      });
      const timer = setTimeout(() => {
        delete pending[requestId];
        reject(new Error('unmounted'));
      }, 3000);
      const take = (answer: ValueAnswer): void => {
        if (!wanted[answer.elementId] || got[answer.elementId]) return;
        got[answer.elementId] = answer;
        if (--left === 0) {
          clearTimeout(timer);
          delete pending[requestId];
          resolve(got);
        }
      };
      pending[requestId] = take;
      ids.forEach((id) => {
        if (id === own.elementId) take({ elementId: id, value: valueOf(), errors: submitErrors() });
        else channel.postMessage({ type: 'collect', requestId, elementId: id } satisfies SiblingNote);
      });
    });
  }
  function isReference(value: object): value is BtElementReference {
    return typeof (value as Partial<BtElementReference>).__btEmulationElement === 'string';
  }
  function placeholders(value: unknown, found: string[]): string[] {
    if (Array.isArray(value)) {
      value.forEach((item) => placeholders(item, found));
      return found;
    }
    if (value && typeof value === 'object') {
      if (isReference(value)) found.push(value.__btEmulationElement);
      else for (const key in value) placeholders((value as Record<string, unknown>)[key], found);
    }
    return found;
  }
  function resolveReferences(value: unknown, got: Record<string, ValueAnswer>): unknown {
    if (Array.isArray(value)) return value.map((item) => resolveReferences(item, got));
    if (value && typeof value === 'object') {
      if (isReference(value)) {
        const given = (got[value.__btEmulationElement] as ValueAnswer).value;
        if (value.method === 'month' || value.method === 'year') return partOf(given, value.method);
        if (value.method === 'format' && typeof value.format === 'string') return formatDate(given as ExpiryValue, value.format);
        return given;
      }
      const out: Record<string, unknown> = {};
      for (const key in value) out[key] = resolveReferences((value as Record<string, unknown>)[key], got);
      return out;
    }
    return value;
  }
  // cardExpirationDate's format(): Luxon's yyyy, yy, MM and M tokens (what BT documents), the rest as given.
  function formatDate(date: ExpiryValue, pattern: string): string {
    const pad = (n: number): string => (n < 10 ? '0' : '') + n;
    return pattern.replace(/yyyy|yy|MM|M/g, (token) => {
      if (token === 'yyyy') return String(date.year);
      if (token === 'yy') return pad(date.year % 100);
      if (token === 'MM') return pad(date.month);
      return String(date.month);
    });
  }
  function camel(value: unknown, raw: boolean): unknown {
    if (Array.isArray(value)) return value.map((item) => camel(item, raw));
    if (!value || typeof value !== 'object' || raw) return value;
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const name = key.replace(/_([a-z])/g, (_match: string, letter: string) => letter.toUpperCase());
      out[name] = camel((value as Record<string, unknown>)[key], key === 'data' || key === 'metadata');
    }
    return out;
  }
  function tokenize(requestId: string, payload: BtTokenPayload, own: FrameConfig, channel: BroadcastChannel): void {
    function answer(result: BtTokenizeResult): void {
      post(Object.assign(result, { type: 'bt-emulation:result' as const, requestId }));
    }
    // Element values go under `data` only, where the vault masks them: anywhere else (`metadata`) the vault's
    // answer would carry them back to the page.
    const outside: Record<string, unknown> = {};
    for (const key in payload) if (key !== 'data') outside[key] = payload[key];
    if (placeholders(outside, []).length > 0 || payload.type !== 'card') {
      answer({ error: 'misplaced' });
      return;
    }
    const ids = placeholders(payload.data, []);
    collect(requestId, ids, own, channel)
      .then((got) => {
        let errors: FieldError[] = [];
        ids.forEach((id) => {
          errors = errors.concat((got[id] as ValueAnswer).errors);
        });
        if (errors.length) {
          if (got[own.elementId]) render(true);
          answer({ validation: errors });
          return null;
        }
        return fetch(vaultUrl, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json', 'BT-API-KEY': own.apiKey },
          body: JSON.stringify(resolveReferences(payload, got)),
        }).then((response) =>
          response.text().then((text) => {
            let body: unknown;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              body = null;
            }
            if (!response.ok) {
              answer({ apiError: { status: response.status, data: body } });
              return;
            }
            // The vault's answer, camel-cased as web-elements answers it.
            const token = camel(body, false) as Token | null;
            const data: unknown = token && token.data;
            if (data && typeof data === 'object') delete (data as Record<string, unknown>).cvc;
            answer({ token });
          }),
        );
      })
      .catch((error: unknown) => {
        const reason = error as { message?: unknown } | null | undefined;
        answer({ error: reason && reason.message === 'unmounted' ? 'unmounted' : 'network' });
      });
  }

  function fill(value: string, target: string | undefined): void {
    const field = (target && byId[target]) || first;
    field.input.value = value;
    field.input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  fields.forEach((field) => {
    const input = field.input;
    input.addEventListener('input', () => {
      format(field);
      change(false);
    });
    input.addEventListener('focus', () => post({ type: 'bt-emulation:event', event: { type: 'focus', targetId: targetIdOf(field) } }));
    input.addEventListener('blur', () => {
      field.blurred = true;
      render(false);
      post({ type: 'bt-emulation:event', event: { type: 'blur', targetId: targetIdOf(field) } });
    });
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== 'Escape') return;
      post({ type: 'bt-emulation:event', event: { type: 'keydown', targetId: targetIdOf(field), key: event.key, altKey: event.altKey, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey, metaKey: event.metaKey } });
    });
  });

  let siblings: BroadcastChannel | null = null;
  window.addEventListener('message', (event: MessageEvent<BtClientMessage | null | undefined>) => {
    if (event.source !== parentWindow || event.origin !== parentOrigin) return;
    const data = event.data;
    if (!data || typeof data.type !== 'string') return;
    if (data.type === 'bt-emulation:init') {
      if (config || typeof data.elementId !== 'string' || typeof data.channel !== 'string' || typeof data.apiKey !== 'string') return;
      const own: FrameConfig = { elementId: data.elementId, apiKey: data.apiKey, options: data.options || {} };
      config = own;
      const channel = new BroadcastChannel(data.channel);
      siblings = channel;
      channel.onmessage = (message: MessageEvent<SiblingNote | null | undefined>) => {
        const note = message.data;
        if (note && note.type === 'collect' && note.elementId === own.elementId) {
          render(true);
          channel.postMessage({ type: 'value', requestId: note.requestId, elementId: own.elementId, value: valueOf(), errors: submitErrors() } satisfies SiblingNote);
        } else if (note && note.type === 'value' && pending[note.requestId]) {
          pending[note.requestId]?.(note);
        }
      };
      configure();
      post({ type: 'bt-emulation:event', event: { type: 'ready' } });
      return;
    }
    if (!config) return;
    if (data.type === 'bt-emulation:update') {
      config.options = Object.assign({}, config.options, data.options || {});
      configure();
      change(false);
    } else if (data.type === 'bt-emulation:validate') {
      change(true, true);
    } else if (data.type === 'bt-emulation:clear') {
      fields.forEach((field) => {
        field.input.value = '';
        field.blurred = false;
      });
      change(false, true);
    } else if (data.type === 'bt-emulation:focus') {
      first.input.focus();
    } else if (data.type === 'bt-emulation:blur') {
      const active = document.activeElement as HTMLElement | SVGElement | null;
      if (active && active.blur) active.blur();
    } else if (data.type === 'bt-emulation:tokenize' && typeof data.requestId === 'string' && siblings) {
      tokenize(data.requestId, data.payload, config, siblings);
    } else if (data.type === 'tessera-sandbox:fill' && typeof data.value === 'string') {
      fill(data.value, data.target);
    }
  });
  post({ type: 'bt-emulation:loaded' });
}
