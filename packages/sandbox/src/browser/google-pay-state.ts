/// <reference types="googlepay" />
import type { openWalletSheet, WalletSheet, WalletSheetFrame } from './wallet-sheet-frame.js';
import type { WalletSheetAddress } from './wallet-sheet-messages.js';

// What the Google pay.js stand-in (`./google-pay-js.ts`) and its parts share (types only).

/** The global the stand-in defines, as `@types/googlepay` declares it (`google.payments.api.PaymentsClient`). */
export interface GooglePayJsGlobals {
  google?: { payments?: { api?: { PaymentsClient?: typeof google.payments.api.PaymentsClient } } };
}

/** What the token the sheet minted holds that the stand-in reads: pay.js's `PaymentData.paymentMethodData`. */
export type GooglePayMintedToken = Pick<google.payments.api.PaymentData, 'paymentMethodData'>;

/**
 * What the stand-in passes `onPaymentDataChanged`: `@types/googlepay`'s `IntermediatePaymentData` but its
 * `paymentMethodData`, which the stand-in does not give (pay.js gives the card's network and last digits there).
 */
export type GooglePayIntermediateData = Omit<google.payments.api.IntermediatePaymentData, 'paymentMethodData'>;

/** The stand-in on its page: where the sandbox is, the sheet's frame and how to open it, whether a sheet shows. */
export interface GooglePayStandIn {
  sandbox: string;
  frame: WalletSheetFrame;
  openSheet: typeof openWalletSheet;
  /** One sheet at a time. */
  showing: boolean;
}

/** One `loadPaymentData` while its sheet shows: the request, the merchant's callbacks, the customer's choices. */
export interface GooglePaySheetSession {
  standIn: GooglePayStandIn;
  request: google.payments.api.PaymentDataRequest;
  callbacks: google.payments.api.PaymentDataCallbacks;
  intents: google.payments.api.CallbackIntent[];
  /** Whether `onPaymentDataChanged` is called (a shipping intent asked for), and `onPaymentAuthorized`. */
  changes: boolean;
  authorizes: boolean;
  card: google.payments.api.PaymentMethodSpecification | null;
  sheet: WalletSheet;
  address: WalletSheetAddress | null;
  optionId: string | null;
  resolve: (data: google.payments.api.PaymentData) => void;
  reject: (error: google.payments.api.PaymentsError) => void;
}
