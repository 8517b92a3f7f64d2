/// <reference types="applepayjs" />
import type { ApplePayJsPaths } from './apple-pay-js.js';
import type { openWalletSheet, WalletSheet, WalletSheetFrame } from './wallet-sheet-frame.js';
import type { WalletSheetAddress, WalletSheetCard } from './wallet-sheet-messages.js';

// What the Apple Pay JS stand-in (`./apple-pay-js.ts`) and its parts share (types only).

/** The `on*` handlers of a session, each `null` until the page sets it (as in Safari). */
export type ApplePaySessionHandlers = { [K in keyof ApplePaySession as K extends `on${string}` ? K : never]: ApplePaySession[K] | null };

/** Any of the `complete*Selection` / `completeCouponCodeChange` updates (object or positional), as the stand-in reads it. */
export interface ApplePayAnyUpdate {
  status?: number | undefined;
  newTotal?: ApplePayJS.ApplePayLineItem | undefined;
  newLineItems?: ApplePayJS.ApplePayLineItem[] | undefined;
  newShippingMethods?: ApplePayJS.ApplePayShippingMethod[] | undefined;
  errors?: ApplePayJS.ApplePayError[] | undefined;
}

/**
 * The payment method the stand-in gives: `@types/applepayjs` requires `paymentPass`, which Safari gives only for a
 * card an issuer's app provisioned; the stand-in's test cards have none.
 */
export type ApplePayStandInPaymentMethod = Omit<ApplePayJS.ApplePayPaymentMethod, 'paymentPass'>;

/** The events the session fires while the sheet shows, each waiting for its `complete*`. */
export type ApplePaySelectionEvent = 'paymentmethodselected' | 'shippingcontactselected' | 'shippingmethodselected' | 'couponcodechanged';

/** The stand-in on its page: where the sandbox is, its paths, the sheet's frame and how to open it, the active session. */
export interface ApplePayStandIn {
  sandbox: string;
  paths: ApplePayJsPaths;
  frame: WalletSheetFrame;
  openSheet: typeof openWalletSheet;
  /** The page's one active session (Safari allows one at a time). */
  active: ApplePaySessionState | null;
}

/** One `ApplePaySession`'s state, kept beside it: the page sees the session's API and handlers only. */
export interface ApplePaySessionState {
  /** The session the page holds: its handlers, and where its events are dispatched. */
  target: EventTarget & ApplePaySessionHandlers;
  request: ApplePayJS.ApplePayPaymentRequest;
  state: 'created' | 'validating' | 'showing' | 'authorizing' | 'ended';
  /** The selection event the merchant has not completed yet, and those that wait after it. */
  waiting: ApplePaySelectionEvent | null;
  queue: ApplePaySelectionEvent[];
  sheet: WalletSheet | null;
  /** The customer's choices in the sheet. */
  card: WalletSheetCard | null;
  address: WalletSheetAddress | null;
  methods: ApplePayJS.ApplePayShippingMethod[];
  method: ApplePayJS.ApplePayShippingMethod | null;
  /** Whether the first selection events were fired (merchant validated, first card shown). */
  started: boolean;
  /** The event types the page listens to with `addEventListener`. */
  listened: Partial<Record<string, boolean>>;
}
