import type { Brand } from '@basis-theory/web-elements';
import type { CardBrand } from '@tessera/core';
import { cardBrandRanges, cardBrandRules, vaultCardBrandIds } from '@tessera/core/internal';
import { SandboxHttpError } from '../errors/http-error.js';
import { btElementFrame, type BtCardBrand } from '../browser/bt-element-frame.js';
import type { BtElementPage, BtElementType } from '../browser/bt-elements-messages.js';
import * as btFrameCard from '../browser/bt-frame-card.js';
import * as btFrameFormat from '../browser/bt-frame-format.js';
import * as btFrameInputs from '../browser/bt-frame-inputs.js';
import * as btFrameOptions from '../browser/bt-frame-options.js';
import * as btFrameParent from '../browser/bt-frame-parent.js';
import * as btFrameRender from '../browser/bt-frame-render.js';
import * as btFrameStyle from '../browser/bt-frame-style.js';
import * as btFrameTokenBody from '../browser/bt-frame-token-body.js';
import * as btFrameTokenize from '../browser/bt-frame-tokenize.js';
import * as btFrameValidation from '../browser/bt-frame-validation.js';
import * as btFrameValues from '../browser/bt-frame-values.js';
import { servedScript } from '../browser/served-source.js';
import type { RouteResult } from '../wire/answer.js';
import { escapeHtml } from './escape-html.js';

// The hosted element pages of the Basis Theory Elements emulation: what `@basis-theory/web-elements`' client puts in
// each iframe. One HTML page per element type, one shared script (`../browser/bt-element-frame.ts`, served as its
// source) and style sheet, no inline script or style: the pages run under `btElementPageCsp`. The frame takes
// configuration and commands only from its parent window and that window's origin, answers only to that origin, and
// never posts a card number or CVC to it. Values of sibling frames are gathered frame to frame over a BroadcastChannel
// of the sandbox's origin whose name the client draws at random.

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
// lengths and CVC sizes (cardBrandRules), so the vault agrees with the frame; ids in Basis Theory's CARD_BRANDS (core's
// vaultCardBrandIds, checked here against web-elements' Brand).
const btBrandIds: Readonly<Record<CardBrand, Brand>> = vaultCardBrandIds;
const brandTable: BtCardBrand[] = cardBrandRanges.map(([brand, ranges]) => {
  const rules = cardBrandRules[brand];
  // Amex groups 4-6-5, Diners 4-6-4; the rest by fours.
  const gaps = brand === 'amex' || brand === 'diners' ? [4, 10] : [4, 8, 12];
  return { id: btBrandIds[brand], ranges, lengths: rules.lengths, cvc: rules.cvcLength, gaps };
});
const unknownBrand: BtCardBrand = { id: btBrandIds.unknown, ranges: [], lengths: cardBrandRules.unknown.lengths, cvc: cardBrandRules.unknown.cvcLength, gaps: [4, 8, 12] };

/** The element frame's parts, served beside it: `../browser/bt-frame-*.ts`. */
const btFrameParts = [btFrameCard, btFrameFormat, btFrameInputs, btFrameOptions, btFrameParent, btFrameRender, btFrameStyle, btFrameTokenBody, btFrameTokenize, btFrameValidation, btFrameValues];

/** The script every element page runs (ES2020, no eval, no inline handler): see `../browser/bt-element-frame.ts`. */
export const btElementScript = `/* Tessera sandbox: Basis Theory Elements emulation, element frame. */\n${servedScript(btElementFrame, btFrameParts, brandTable, unknownBrand)}`;

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
