import type { CardElementStyle } from '@basis-theory/web-elements';
import type * as options from './bt-frame-options.js';
import type { BtFrame, FrameMetadata } from './bt-frame-state.js';

// Parts of the element frame's script (`./bt-element-frame.ts`, served beside it): styling, Basis Theory's style
// option (base, complete, invalid, empty; SAFE_CSS_PROPERTIES and pseudo-classes).

declare const givenOptions: typeof options.givenOptions;

/** `value` as a CSS value, or null when it is no string or number or could escape its declaration. */
export function safeValue(value: unknown): string | null {
  return (typeof value === 'string' || typeof value === 'number') && !/[;{}<>\\]|url\(|expression\(/i.test(String(value)) ? String(value) : null;
}

/** `fontSize` as `font-size`. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** The declarations of one style (variant): its safe properties with safe values, as `[property, value]`. */
export function declarations(style: unknown): [string, string][] {
  const SAFE_CSS = ['backgroundColor', 'color', 'fontFamily', 'fontSize', 'fontSmooth', 'fontStyle', 'fontVariant', 'fontWeight', 'letterSpacing', 'lineHeight', 'padding', 'textAlign', 'textDecoration', 'textShadow', 'textTransform'];
  const out: [string, string][] = [];
  SAFE_CSS.forEach((name) => {
    // A string of safeValue's; or, for a style (variant) given as '' or 0, that value itself for every property, as
    // the script always did.
    const value: unknown = style && safeValue((style as Record<string, unknown>)[name]);
    if (value !== null && value !== undefined && value !== false) out.push([kebab(name), `${value as string | number}`]);
  });
  return out;
}

/** Sets the inputs' inline style: `base`, then the variant of the element's state (`empty`, `complete`, `invalid`). */
export function applyStyle(frame: BtFrame, meta: FrameMetadata): void {
  const style: CardElementStyle = givenOptions(frame).style || {};
  const variant = meta.empty ? style.empty : meta.complete ? style.complete : meta.errors.some((e) => e.type === 'invalid') ? style.invalid : null;
  const decls = declarations(style.base).concat(declarations(variant));
  frame.fields.forEach((field) => {
    frame.appliedInline.forEach((name) => field.input.style.removeProperty(name));
    decls.forEach((decl) => field.input.style.setProperty(decl[0], decl[1]));
  });
  frame.appliedInline = decls.map((decl) => decl[0]);
}

/** Replaces the style sheet's rules for `base`'s pseudo-classes (`:hover`, `::placeholder`, …) with the current ones. */
export function applyPseudoStyles(frame: BtFrame): void {
  const PSEUDO = [':hover', ':focus', ':read-only', '::placeholder', '::selection', ':disabled'] as const;
  const style: CardElementStyle = givenOptions(frame).style || {};
  if (!frame.sheet) frame.sheet = document.styleSheets.item(document.styleSheets.length - 1);
  const styles = frame.sheet;
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
  frame.fields.forEach((field) => field.input.classList.add('styled'));
}
