// The messages between a wallet stand-in (`apple-pay-js.ts`, `google-pay-js.ts`, through `wallet-sheet-frame.ts`)
// and its sheet (`wallet-sheet.ts`), declared once for both sides. Types only: nothing here is served.

/** The `tessera` field of every message between a stand-in and its sheet (`WALLET_SHEET_MESSAGE`). */
export type WalletSheetTag = 'wallet-sheet';

/** A message as it travels: tagged, so that each side ignores any other message. */
export type WalletSheetEnvelope<Message> = Message & { tessera: WalletSheetTag };

/** Which wallet a sheet stands in for (`?wallet=` of its page). */
export type WalletSheetWallet = 'apple_pay' | 'google_pay';

/**
 * One of the sheet's test addresses (`WALLET_SHEET_ADDRESSES`), for shipping and billing; each stand-in gives it in
 * its wallet's shape (Apple's `ApplePayPaymentContact`, Google's `Address`).
 */
export interface WalletSheetAddress {
  readonly id: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly lines: readonly string[];
  readonly locality: string;
  /** The administrative area (a state), `''` where the country has none. */
  readonly area: string;
  readonly postalCode: string;
  readonly countryCode: string;
  readonly country: string;
  readonly phone: string;
  readonly email: string;
}

/** A test wallet card as `GET /sandbox/wallet-cards` lists it: what the sheet reads of it. */
export interface WalletSheetCard {
  id: string;
  wallet: WalletSheetWallet | 'both';
  label: string;
  network: 'visa' | 'mastercard';
  description: string;
}

/** A line of the sheet's summary (the total or a line item), its amount as the page gave it. */
export interface WalletSheetLine {
  label: string;
  amount: string;
}

/** A shipping method (Apple) or option (Google) the sheet offers. */
export interface WalletSheetShippingMethod {
  id: string;
  label: string;
  amount: string;
  detail: string;
}

/** What the sheet sends the sandbox to mint a Google Pay token: the request's gateway and card parameters. */
export interface WalletSheetGoogleMint {
  gateway: string;
  gatewayMerchantId: string;
  allowedAuthMethods: string[];
  assuranceDetailsRequired: boolean;
}

/**
 * Stand-in → sheet: show the sheet (again, once Apple's merchant is validated). `busy` keeps Pay disabled while the
 * page has not answered; Apple's `merchantSession` and Google's `mint` are what the sheet mints the token with.
 */
export interface WalletSheetShow {
  type: 'show';
  currency: string;
  total: WalletSheetLine;
  lineItems: WalletSheetLine[];
  shippingMethods: WalletSheetShippingMethod[];
  /** Google: the option shown selected (`defaultSelectedOptionId`, else the first). */
  selectedShippingMethod?: string | null;
  /** Whether the sheet asks for a shipping address. */
  shipping: boolean;
  busy: boolean;
  /** Apple: the merchant session the page completed merchant validation with. */
  merchantSession?: unknown;
  /** Google: what the token is minted for. */
  mint?: WalletSheetGoogleMint;
}

/** Stand-in → sheet: the page's answer to a change (what it changed, an error to show), or only whether it is busy. */
export interface WalletSheetUpdate {
  type: 'update';
  busy: boolean;
  error?: string;
  total?: WalletSheetLine;
  lineItems?: WalletSheetLine[];
  shippingMethods?: WalletSheetShippingMethod[];
}

/** Stand-in → sheet: the page refused the payment; the customer may pick another card or cancel. */
export interface WalletSheetFailed {
  type: 'failed';
  error: string;
}

/** What a stand-in sends its sheet. */
export type WalletSheetToSheet = WalletSheetShow | WalletSheetUpdate | WalletSheetFailed;

/** Sheet → stand-in: the sheet listed its cards and takes messages (the frame sends what it queued). */
export interface WalletSheetReady {
  type: 'ready';
}

/** Sheet → stand-in: the card shown selected (at first, and on each change), with the address shown. */
export interface WalletSheetCardChosen {
  type: 'card';
  card: WalletSheetCard | null;
  address: WalletSheetAddress;
}

/** Sheet → stand-in: the customer picked another shipping address. */
export interface WalletSheetShippingContactChosen {
  type: 'shippingContact';
  address: WalletSheetAddress;
}

/** Sheet → stand-in: the customer picked another shipping method (its `id`). */
export interface WalletSheetShippingMethodChosen {
  type: 'shippingMethod';
  id: string;
}

/** Sheet → stand-in: the customer cancelled. */
export interface WalletSheetCancel {
  type: 'cancel';
}

/**
 * Sheet → stand-in: the customer paid; `token` is what the sandbox's mint route answered (`Token`: the wallet's
 * published token shape, as the stand-in reads it).
 */
export interface WalletSheetAuthorized<Token> {
  type: 'authorized';
  token: Token;
  card: WalletSheetCard;
  /** `null` when the sheet did not ask for a shipping address. */
  shippingAddress: WalletSheetAddress | null;
  billingAddress: WalletSheetAddress;
  methodId: string | null;
}

/** What a sheet sends its stand-in (but `ready`, which the frame takes). */
export type WalletSheetFromSheet<Token> =
  | WalletSheetCardChosen
  | WalletSheetShippingContactChosen
  | WalletSheetShippingMethodChosen
  | WalletSheetCancel
  | WalletSheetAuthorized<Token>;
