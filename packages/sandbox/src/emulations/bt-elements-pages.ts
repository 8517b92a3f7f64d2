import { cardBrandRanges, cardBrandRules } from '@tessera/core/internal';
import { SandboxHttpError } from '../errors/http-error.js';
import type { BtElementPage, BtElementType } from '../browser/bt-elements-messages.js';
import type { RouteResult } from '../http/answer.js';

// The hosted element pages of the Basis Theory Elements emulation: what `@basis-theory/web-elements`' client puts in
// each iframe. One HTML page per element type, one shared script and style sheet, no inline script or style: the
// pages run under `btElementPageCsp`. The frame takes configuration and commands only from its parent window and that
// window's origin, answers only to that origin, and never posts a card number or CVC to it. Values of sibling frames
// are gathered frame to frame over a BroadcastChannel of the sandbox's origin whose name the client draws at random.

/**
 * The element pages' Content-Security-Policy: their own script, style sheet and vault only. Styles the merchant
 * passes are applied through the CSSOM, which `style-src 'self'` allows.
 */
export const btElementPageCsp = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";

const pageHeaders = { 'content-security-policy': btElementPageCsp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };

/** One input of an element page: its id (the `targetId` of its errors), label, autocomplete and input mode. */
interface PageInput {
  id: string;
  label: string;
  autocomplete: string;
  numeric: boolean;
  placeholder: string;
}

const numberInput: PageInput = { id: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', numeric: true, placeholder: '1234 1234 1234 1234' };
const expiryInput: PageInput = { id: 'cardExpirationDate', label: 'Expiration date (MM / YY)', autocomplete: 'cc-exp', numeric: true, placeholder: 'MM / YY' };
const cvcInput: PageInput = { id: 'cardSecurityCode', label: 'Security code', autocomplete: 'cc-csc', numeric: true, placeholder: 'CVC' };
const textInput: PageInput = { id: 'text', label: 'Text', autocomplete: 'off', numeric: false, placeholder: '' };

/** The element types the emulation serves, each with its page's file name and inputs. */
export const btElementPages = {
  card: { file: 'card.html', title: 'Card details', inputs: [numberInput, expiryInput, cvcInput] },
  cardNumber: { file: 'card-number.html', title: 'Card number', inputs: [numberInput] },
  cardExpirationDate: { file: 'card-expiration-date.html', title: 'Card expiration date', inputs: [expiryInput] },
  cardVerificationCode: { file: 'card-verification-code.html', title: 'Card security code', inputs: [cvcInput] },
  text: { file: 'text.html', title: 'Text', inputs: [textInput] },
} as const satisfies Record<BtElementType, BtElementPage & { inputs: readonly PageInput[] }>;

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

function pageHtml(type: BtElementType): string {
  const { title, inputs } = btElementPages[type];
  const fields = inputs
    .map(
      (input) => `<div class="field"><label class="visually-hidden" for="${input.id}" id="${input.id}-label">${escapeHtml(input.label)}</label>` +
        `<input id="${input.id}" name="${input.id}" type="text" autocomplete="${input.autocomplete}"${input.numeric ? ' inputmode="numeric"' : ''} spellcheck="false" autocorrect="off" autocapitalize="off"` +
        ` placeholder="${escapeHtml(input.placeholder)}" aria-invalid="false" aria-describedby="${input.id}-error">` +
        // The input's description, not a live region: the page announces the error (Tessera's role="alert" beside the
        // frame), and two live regions would say it twice.
        `<span class="visually-hidden" id="${input.id}-error"></span></div>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="element.css"><script src="element.js" defer></script></head>
<body data-element="${type}"><main class="element">${fields}</main></body></html>`;
}

const elementCss = `html,body{margin:0;padding:0;background:transparent;font:16px/1.4 system-ui,sans-serif;color:#1a1a1a}
.element{display:flex;gap:8px;align-items:center;padding:2px}
.field{flex:1 1 auto;min-width:0}
.field:first-child{flex:3 1 auto}
input{box-sizing:border-box;width:100%;border:0;outline:0;padding:8px 4px;background:transparent;font:inherit;color:inherit}
input::placeholder{color:#6b6b6b}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

// Brand ranges by prefix (the longest matching prefix wins): core's, as its detectCardBrand reads them, with its
// lengths and CVC sizes (cardBrandRules), so the vault agrees with the frame; ids in Basis Theory's CARD_BRANDS.
const btBrandIds: Record<string, string> = { amex: 'american-express', diners: 'diners-club' };
const brandTable = cardBrandRanges.map(([brand, ranges]) => {
  const rules = cardBrandRules[brand];
  // Amex groups 4-6-5, Diners 4-6-4; the rest by fours.
  const gaps = brand === 'amex' || brand === 'diners' ? [4, 10] : [4, 8, 12];
  return { id: btBrandIds[brand] ?? brand, ranges, lengths: rules.lengths, cvc: rules.cvcLength, gaps };
});
const unknownBrand = { id: 'unknown', ranges: [], lengths: cardBrandRules.unknown.lengths, cvc: cardBrandRules.unknown.cvcLength, gaps: [4, 8, 12] };

/** The script every element page runs (ES2017, no eval, no inline handler). */
export const btElementScript = `/* Tessera sandbox: Basis Theory Elements emulation, element frame. */
(function () {
  'use strict';
  var BRANDS = ${JSON.stringify(brandTable)};
  var UNKNOWN = ${JSON.stringify(unknownBrand)};
  var SAFE_CSS = ['backgroundColor', 'color', 'fontFamily', 'fontSize', 'fontSmooth', 'fontStyle', 'fontVariant', 'fontWeight', 'letterSpacing', 'lineHeight', 'padding', 'textAlign', 'textDecoration', 'textShadow', 'textTransform'];
  var PSEUDO = [':hover', ':focus', ':read-only', '::placeholder', '::selection', ':disabled'];
  var parentWindow = window.parent;
  if (parentWindow === window) return;
  var parentOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || (document.referrer ? new URL(document.referrer).origin : '');
  if (!parentOrigin || parentOrigin === 'null') return;
  var prefix = location.pathname.slice(0, location.pathname.indexOf('/web-elements/'));
  var vaultUrl = location.origin + prefix + '/tokens';
  var kind = document.body.getAttribute('data-element');
  var config = null;
  var channel = null;
  var fields = Array.prototype.map.call(document.querySelectorAll('input'), function (input) {
    return { input: input, id: input.id, error: document.getElementById(input.id + '-error'), label: document.getElementById(input.id + '-label'), blurred: false };
  });
  var byId = {};
  fields.forEach(function (field) { byId[field.id] = field; });

  function post(message) { parentWindow.postMessage(message, parentOrigin); }
  function digits(text) { return String(text).replace(/\\D/g, ''); }
  function options() { return (config && config.options) || {}; }

  function brandOf(number) {
    var best = UNKNOWN, bestLength = 0;
    BRANDS.forEach(function (brand) {
      brand.ranges.forEach(function (range) {
        var from = range[0], to = range[1] || range[0];
        if (from.length <= bestLength || number.length < from.length) return;
        var head = number.slice(0, from.length);
        if (head >= from && head <= to) { best = brand; bestLength = from.length; }
      });
    });
    return best;
  }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function numberText(number, brand) {
    var out = '';
    for (var i = 0; i < number.length; i++) {
      if (brand.gaps.indexOf(i) >= 0) out += ' ';
      out += number.charAt(i);
    }
    return out;
  }
  function currentBrand() {
    if (byId.cardNumber) return brandOf(digits(byId.cardNumber.input.value));
    var given = options().cardBrand;
    for (var i = 0; i < BRANDS.length; i++) if (BRANDS[i].id === given) return BRANDS[i];
    return null;
  }
  function cvcLengths() {
    var brand = currentBrand();
    if (!brand || brand === UNKNOWN) return [3, 4];
    return [brand.cvc];
  }

  // The state of one input: empty, maskSatisfied, and its error ('incomplete' | 'invalid' | null).
  function stateOf(field) {
    var value = field.input.value;
    if (field.id === 'cardNumber') {
      var number = digits(value);
      if (!number) return { empty: true, mask: false, error: null };
      var brand = brandOf(number);
      var max = Math.max.apply(null, brand.lengths);
      var mask = brand.lengths.indexOf(number.length) >= 0;
      if (!mask) return { empty: false, mask: false, error: number.length >= max ? 'invalid' : 'incomplete' };
      return { empty: false, mask: true, error: options().skipLuhnValidation || luhn(number) ? null : 'invalid' };
    }
    if (field.id === 'cardExpirationDate') {
      var date = digits(value);
      if (!date) return { empty: true, mask: false, error: null };
      if (date.length < 4) return { empty: false, mask: false, error: Number(date.slice(0, 2)) > 12 ? 'invalid' : 'incomplete' };
      var month = Number(date.slice(0, 2)), year = 2000 + Number(date.slice(2, 4)), now = new Date();
      var past = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
      return { empty: false, mask: true, error: month < 1 || month > 12 || past ? 'invalid' : null };
    }
    if (field.id === 'cardSecurityCode') {
      var code = digits(value);
      if (!code) return { empty: true, mask: false, error: null };
      var lengths = cvcLengths();
      if (lengths.indexOf(code.length) >= 0) return { empty: false, mask: true, error: null };
      return { empty: false, mask: false, error: code.length > Math.max.apply(null, lengths) ? 'invalid' : 'incomplete' };
    }
    if (!value) return { empty: true, mask: false, error: null };
    var pattern = options().validation;
    return { empty: false, mask: true, error: pattern instanceof RegExp && !pattern.test(value) ? 'invalid' : null };
  }
  function targetIdOf(field) { return kind === 'card' ? field.id : (options().targetId || field.id); }
  // ElementMetadata of the whole element; errors as FieldError[] (an empty field has none until submitted).
  function metadata() {
    var errors = [], empty = true, mask = true, complete = true, valid = true;
    fields.forEach(function (field) {
      var state = stateOf(field);
      if (!state.empty) empty = false;
      if (!state.mask) mask = false;
      if (state.empty || state.error) complete = false;
      if (state.empty || state.error) valid = false;
      if (state.error) errors.push({ targetId: targetIdOf(field), type: state.error });
    });
    return { empty: empty, complete: complete, valid: valid, maskSatisfied: mask, errors: errors };
  }
  // What the page may know of the number: brand always; last 4 and BIN only once it is complete and valid.
  function cardFacts() {
    var field = byId.cardNumber;
    if (!field) return null;
    var number = digits(field.input.value);
    var facts = { cardBrand: number ? brandOf(number).id : 'unknown' };
    var state = stateOf(field);
    if (state.mask && !state.error) {
      facts.cardLast4 = number.slice(-4);
      facts.cardBin = number.slice(0, number.length >= 16 ? 8 : 6);
    }
    return facts;
  }
  // Errors for a submit: an empty field counts as incomplete.
  function submitErrors() {
    var errors = [];
    fields.forEach(function (field) {
      var state = stateOf(field);
      var type = state.empty ? 'incomplete' : state.error;
      if (type) errors.push({ targetId: targetIdOf(field), type: type });
    });
    return errors;
  }

  function format(field) {
    var input = field.input, value = input.value;
    if (field.id === 'cardNumber') {
      var number = digits(value).slice(0, 19);
      var brand = brandOf(number);
      number = number.slice(0, Math.max.apply(null, brand.lengths));
      input.value = numberText(number, brand);
      if (byId.cardSecurityCode) byId.cardSecurityCode.input.maxLength = Math.max.apply(null, cvcLengths());
    } else if (field.id === 'cardExpirationDate') {
      var date = digits(value).slice(0, 4);
      if (date.length === 1 && date > '1') date = '0' + date;
      input.value = date.length > 2 ? date.slice(0, 2) + ' / ' + date.slice(2) : date;
    } else if (field.id === 'cardSecurityCode') {
      input.value = digits(value).slice(0, Math.max.apply(null, cvcLengths()));
    } else if (options().maxLength > 0) {
      input.value = value.slice(0, options().maxLength);
    }
  }
  var messages = { incomplete: ' is incomplete.', invalid: ' is invalid.' };
  function render(submitted) {
    var meta = metadata();
    fields.forEach(function (field) {
      var state = stateOf(field);
      var type = state.error || (submitted && state.empty ? 'incomplete' : null);
      var shown = type === 'invalid' || (type && (field.blurred || submitted));
      field.input.setAttribute('aria-invalid', shown ? 'true' : 'false');
      field.error.textContent = shown ? field.label.textContent + messages[type] : '';
    });
    applyStyle(meta);
    return meta;
  }
  // As BT's frames: a keystroke that changes no state (valid/invalid, empty/filled, brand…) emits no change event;
  // validate() and clear() always emit one.
  var lastChange = '';
  function change(submitted, always) {
    var meta = render(submitted);
    var event = { type: 'change', empty: meta.empty, complete: meta.complete, valid: meta.valid, maskSatisfied: meta.maskSatisfied, errors: meta.errors };
    var facts = cardFacts();
    if (facts) for (var key in facts) event[key] = facts[key];
    var text = JSON.stringify(event);
    if (text === lastChange && !always) return;
    lastChange = text;
    post({ type: 'bt-emulation:event', event: event });
  }

  // Styling: Basis Theory's style option (base, complete, invalid, empty; SAFE_CSS_PROPERTIES and pseudo-classes).
  function safeValue(value) { return (typeof value === 'string' || typeof value === 'number') && !/[;{}<>\\\\]|url\\(|expression\\(/i.test(String(value)) ? String(value) : null; }
  function kebab(name) { return name.replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); }); }
  function declarations(style) {
    var out = [];
    SAFE_CSS.forEach(function (name) {
      var value = style && safeValue(style[name]);
      if (value !== null && value !== undefined && value !== false) out.push([kebab(name), value]);
    });
    return out;
  }
  var appliedInline = [];
  var sheet = null;
  function applyStyle(meta) {
    var style = options().style || {};
    var variant = meta.empty ? style.empty : meta.complete ? style.complete : meta.errors.some(function (e) { return e.type === 'invalid'; }) ? style.invalid : null;
    var decls = declarations(style.base).concat(declarations(variant));
    fields.forEach(function (field) {
      appliedInline.forEach(function (name) { field.input.style.removeProperty(name); });
      decls.forEach(function (decl) { field.input.style.setProperty(decl[0], decl[1]); });
    });
    appliedInline = decls.map(function (decl) { return decl[0]; });
  }
  function applyPseudoStyles() {
    var style = options().style || {};
    if (!sheet) for (var i = 0; i < document.styleSheets.length; i++) sheet = document.styleSheets[i];
    if (!sheet) return;
    while (sheet.cssRules.length > 0 && sheet.cssRules[sheet.cssRules.length - 1].selectorText && sheet.cssRules[sheet.cssRules.length - 1].selectorText.indexOf('input.styled') === 0) sheet.deleteRule(sheet.cssRules.length - 1);
    PSEUDO.forEach(function (selector) {
      var decls = declarations(style.base && style.base[selector]);
      if (!decls.length) return;
      sheet.insertRule('input.styled' + selector + '{' + decls.map(function (d) { return d[0] + ':' + d[1] + ' !important'; }).join(';') + '}', sheet.cssRules.length);
    });
    fields.forEach(function (field) { field.input.classList.add('styled'); });
  }

  function configure() {
    var given = options();
    fields.forEach(function (field) {
      var input = field.input;
      var placeholder = kind === 'card' ? (given.placeholder || {})[field.id] : given.placeholder;
      if (typeof placeholder === 'string') input.placeholder = placeholder;
      var auto = kind === 'card' ? (given.autoComplete || {})[{ cardNumber: 'number', cardExpirationDate: 'expirationDate', cardSecurityCode: 'csc' }[field.id]] : given.autoComplete;
      if (kind === 'text' && !auto && /name/i.test(given.targetId || '')) {
        auto = 'cc-name';
        field.label.textContent = 'Cardholder name';
      }
      if (typeof auto === 'string' && /^[a-z0-9-]+$/.test(auto)) input.setAttribute('autocomplete', auto);
      var label = given['aria-label'] || given.ariaLabel || given.title;
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
    format(fields[0]);
    render(false);
  }

  // This frame's value, as the vault's body wants it (only ever sent to sibling frames and the vault).
  function valueOf() {
    function expiry(field) {
      var date = digits(field.input.value);
      return { month: Number(date.slice(0, 2)), year: 2000 + Number(date.slice(2, 4)) };
    }
    if (kind === 'card') {
      var date = expiry(byId.cardExpirationDate);
      return { number: digits(byId.cardNumber.input.value), expiration_month: date.month, expiration_year: date.year, cvc: digits(byId.cardSecurityCode.input.value) };
    }
    if (kind === 'cardNumber') return digits(fields[0].input.value);
    if (kind === 'cardExpirationDate') return expiry(fields[0]);
    if (kind === 'cardVerificationCode') return digits(fields[0].input.value);
    return fields[0].input.value;
  }

  // Tokenizing: this frame gathers the values of the elements in the payload (its own and its siblings'), checks
  // them, and posts the body to the vault. Only the vault's masked token goes back to the page.
  var pending = {};
  function collect(requestId, ids) {
    return new Promise(function (resolve, reject) {
      var wanted = {}, got = {}, left = 0;
      ids.forEach(function (id) { if (!wanted[id]) { wanted[id] = true; left++; } });
      var timer = setTimeout(function () { delete pending[requestId]; reject(new Error('unmounted')); }, 3000);
      pending[requestId] = function (answer) {
        if (!wanted[answer.elementId] || got[answer.elementId]) return;
        got[answer.elementId] = answer;
        if (--left === 0) { clearTimeout(timer); delete pending[requestId]; resolve(got); }
      };
      ids.forEach(function (id) {
        if (id === config.elementId) pending[requestId]({ elementId: id, value: valueOf(), errors: submitErrors() });
        else channel.postMessage({ type: 'collect', requestId: requestId, elementId: id });
      });
    });
  }
  function placeholders(value, found) {
    if (Array.isArray(value)) { value.forEach(function (item) { placeholders(item, found); }); return found; }
    if (value && typeof value === 'object') {
      if (typeof value.__btEmulationElement === 'string') found.push(value.__btEmulationElement);
      else for (var key in value) placeholders(value[key], found);
    }
    return found;
  }
  function resolve(value, got) {
    if (Array.isArray(value)) return value.map(function (item) { return resolve(item, got); });
    if (value && typeof value === 'object') {
      if (typeof value.__btEmulationElement === 'string') {
        var given = got[value.__btEmulationElement].value;
        if (value.method === 'month' || value.method === 'year') return given[value.method];
        if (value.method === 'format' && typeof value.format === 'string') return formatDate(given, value.format);
        return given;
      }
      var out = {};
      for (var key in value) out[key] = resolve(value[key], got);
      return out;
    }
    return value;
  }
  // cardExpirationDate's format(): Luxon's yyyy, yy, MM and M tokens (what BT documents), the rest as given.
  function formatDate(date, pattern) {
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    return pattern.replace(/yyyy|yy|MM|M/g, function (token) {
      if (token === 'yyyy') return String(date.year);
      if (token === 'yy') return pad(date.year % 100);
      if (token === 'MM') return pad(date.month);
      return String(date.month);
    });
  }
  function camel(value, raw) {
    if (Array.isArray(value)) return value.map(function (item) { return camel(item, raw); });
    if (!value || typeof value !== 'object' || raw) return value;
    var out = {};
    for (var key in value) {
      var name = key.replace(/_([a-z])/g, function (m, c) { return c.toUpperCase(); });
      out[name] = camel(value[key], key === 'data' || key === 'metadata');
    }
    return out;
  }
  function tokenize(requestId, payload) {
    function answer(result) { result.type = 'bt-emulation:result'; result.requestId = requestId; post(result); }
    // Element values go under \`data\` only, where the vault masks them: anywhere else (\`metadata\`) the vault's
    // answer would carry them back to the page.
    var outside = {};
    for (var key in payload) if (key !== 'data') outside[key] = payload[key];
    if (placeholders(outside, []).length > 0 || payload.type !== 'card') { answer({ error: 'misplaced' }); return; }
    var ids = placeholders(payload.data, []);
    collect(requestId, ids).then(function (got) {
      var errors = [];
      ids.forEach(function (id) { errors = errors.concat(got[id].errors); });
      if (errors.length) {
        if (got[config.elementId]) render(true);
        answer({ validation: errors });
        return null;
      }
      return fetch(vaultUrl, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', 'BT-API-KEY': config.apiKey },
        body: JSON.stringify(resolve(payload, got))
      }).then(function (response) {
        return response.text().then(function (text) {
          var body = null;
          try { body = text ? JSON.parse(text) : null; } catch (error) { body = null; }
          if (!response.ok) { answer({ apiError: { status: response.status, data: body } }); return; }
          var token = camel(body, false);
          if (token && token.data && typeof token.data === 'object') delete token.data.cvc;
          answer({ token: token });
        });
      });
    }).catch(function (error) {
      answer({ error: error && error.message === 'unmounted' ? 'unmounted' : 'network' });
    });
  }

  function fill(value, target) {
    var field = (target && byId[target]) || fields[0];
    field.input.value = value;
    field.input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  fields.forEach(function (field) {
    var input = field.input;
    input.addEventListener('input', function () { format(field); change(false); });
    input.addEventListener('focus', function () { post({ type: 'bt-emulation:event', event: { type: 'focus', targetId: targetIdOf(field) } }); });
    input.addEventListener('blur', function () {
      field.blurred = true;
      render(false);
      post({ type: 'bt-emulation:event', event: { type: 'blur', targetId: targetIdOf(field) } });
    });
    input.addEventListener('keydown', function (event) {
      if (event.key !== 'Enter' && event.key !== 'Escape') return;
      post({ type: 'bt-emulation:event', event: { type: 'keydown', targetId: targetIdOf(field), key: event.key, altKey: event.altKey, ctrlKey: event.ctrlKey, shiftKey: event.shiftKey, metaKey: event.metaKey } });
    });
  });

  window.addEventListener('message', function (event) {
    if (event.source !== parentWindow || event.origin !== parentOrigin) return;
    var data = event.data;
    if (!data || typeof data.type !== 'string') return;
    if (data.type === 'bt-emulation:init') {
      if (config || typeof data.elementId !== 'string' || typeof data.channel !== 'string' || typeof data.apiKey !== 'string') return;
      config = { elementId: data.elementId, apiKey: data.apiKey, options: data.options || {} };
      channel = new BroadcastChannel(data.channel);
      channel.onmessage = function (message) {
        var note = message.data || {};
        if (note.type === 'collect' && note.elementId === config.elementId) {
          render(true);
          channel.postMessage({ type: 'value', requestId: note.requestId, elementId: config.elementId, value: valueOf(), errors: submitErrors() });
        } else if (note.type === 'value' && pending[note.requestId]) {
          pending[note.requestId](note);
        }
      };
      configure();
      post({ type: 'bt-emulation:event', event: { type: 'ready' } });
      return;
    }
    if (!config) return;
    if (data.type === 'bt-emulation:update') {
      var merged = {};
      for (var key in config.options) merged[key] = config.options[key];
      for (var name in data.options || {}) merged[name] = data.options[name];
      config.options = merged;
      configure();
      change(false);
    } else if (data.type === 'bt-emulation:validate') {
      change(true, true);
    } else if (data.type === 'bt-emulation:clear') {
      fields.forEach(function (field) { field.input.value = ''; field.blurred = false; });
      change(false, true);
    } else if (data.type === 'bt-emulation:focus') {
      fields[0].input.focus();
    } else if (data.type === 'bt-emulation:blur') {
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    } else if (data.type === 'bt-emulation:tokenize' && typeof data.requestId === 'string') {
      tokenize(data.requestId, data.payload);
    } else if (data.type === 'tessera-sandbox:fill' && typeof data.value === 'string') {
      fill(data.value, data.target);
    }
  });
  post({ type: 'bt-emulation:loaded' });
})();
`;

/**
 * `GET /web-elements/{version}/hosted-elements/{file}`: an element page (`card.html`, `card-number.html`,
 * `card-expiration-date.html`, `card-verification-code.html`, `text.html`, under {@link btElementPageCsp}), or
 * their script (`element.js`) and style sheet (`element.css`). Any other file is a 404.
 */
export function btElementFile(file: string): RouteResult {
  if (file === 'element.js') return { script: btElementScript };
  if (file === 'element.css') return { css: elementCss };
  const type = (Object.keys(btElementPages) as BtElementType[]).find((candidate) => btElementPages[candidate].file === file);
  if (type === undefined) throw new SandboxHttpError(404, 'not_found', 'No Basis Theory Elements hosted file of that name');
  return { html: pageHtml(type), headers: pageHeaders };
}
