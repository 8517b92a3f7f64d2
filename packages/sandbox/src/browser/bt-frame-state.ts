import type { FieldError, FieldErrorType } from '@basis-theory/web-elements';
import type { BtChangeEvent, BtFrameOptions } from './bt-elements-messages.js';
import type { BtCardBrand } from './bt-element-frame.js';

// What one element frame of the Basis Theory Elements emulation (`./bt-element-frame.ts`) holds while it runs, the
// one state its parts share (types only).

/** One input of the page, with its label and its error's description. */
export interface Field {
  input: HTMLInputElement;
  id: string;
  error: HTMLElement;
  label: HTMLElement;
  blurred: boolean;
}

/** What the frame knows once the client's init came. */
export interface FrameConfig {
  elementId: string;
  apiKey: string;
  options: BtFrameOptions;
}

/** The state of one input: empty, maskSatisfied, and its error. */
export interface FieldState {
  empty: boolean;
  mask: boolean;
  error: FieldErrorType | null;
}

/** An expiry as the vault's body wants it. */
export interface ExpiryValue {
  month: number;
  year: number;
}

/** One frame's value, as the vault's body wants it: a card, a number or CVC, an expiry, or a text. */
export type ElementValue = string | ExpiryValue | { number: string; expiration_month: number; expiration_year: number; cvc: string };

/** One frame's answer when a tokenization gathers the values. */
export interface ValueAnswer {
  elementId: string;
  value: ElementValue;
  errors: FieldError[];
}

/** Frame to frame, over the BroadcastChannel whose name the client drew: a request for a value, and the answer. */
export type SiblingNote = { type: 'collect'; requestId: string; elementId: string } | ({ type: 'value'; requestId: string } & ValueAnswer);

/** ElementMetadata of the whole element, as a change event carries it. */
export type FrameMetadata = Omit<BtChangeEvent, 'type' | 'cardBrand' | 'cardLast4' | 'cardBin'>;

/** One element frame: its page, its parent, its inputs, and what it remembers between events. */
export interface BtFrame {
  /** Core's brands (and the brand of a number none matches). */
  brands: readonly BtCardBrand[];
  unknownBrand: BtCardBrand;
  /** The window the frame answers, and that window's origin. */
  parentWindow: Window;
  parentOrigin: string;
  /** The sandbox vault's tokens endpoint, on the frame's own origin. */
  vaultUrl: string;
  /** The page's element type (`data-element`). */
  kind: string | null;
  fields: Field[];
  byId: Record<string, Field>;
  first: Field;
  /** Set once by the client's init. */
  config: FrameConfig | null;
  /** The channel to the sibling frames, once init named it. */
  siblings: BroadcastChannel | null;
  /** The last change event posted (a keystroke that changes nothing posts none). */
  lastChange: string;
  /** The inline properties the style option set, removed before the next are set. */
  appliedInline: string[];
  /** The page's style sheet, where the style option's pseudo-class rules go. */
  sheet: CSSStyleSheet | null;
  /** The tokenizations waiting for sibling frames' values, by request id. */
  pending: Record<string, (answer: ValueAnswer) => void>;
}
