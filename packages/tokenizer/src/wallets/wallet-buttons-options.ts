import type { TokenizerOptions } from '../vault/tokenizer.js';
import type { TokenizedCard } from '../vault/tokenized-card.js';
import type { WalletContacts, WalletName, WalletPaymentRequest, WalletShippingCallbacks } from './wallet-request.js';

/** The card facts of a wallet's token: those of the card path, with the wallet's token type. */
export type TokenizedWalletCard = Omit<TokenizedCard, 'type'> & { type: WalletName };

/**
 * What a wallet button gives once the customer paid on the sheet: the same service token and card facts the card
 * path gives (`pay({ tokenized: result })` takes it, 3DS included), and what the customer gave on the sheet.
 */
export interface WalletPaymentResult {
  wallet: WalletName;
  /** The service token string for your server. */
  serviceToken: string;
  /** The card facts, ready for `createSession` (`scaRequired` says whether the issuer wants 3DS). */
  card: TokenizedWalletCard;
  contacts: WalletContacts;
}

/** Options of {@link createWalletButtons}: the vault connection (as `createTokenizer` takes it), the request, the callbacks. */
export interface WalletButtonsOptions extends TokenizerOptions, WalletShippingCallbacks {
  /** What the sheet shows and asks for. */
  request: WalletPaymentRequest;
  /** Which wallets to offer, in this order. Default both. */
  wallets?: WalletName[];
  /**
   * The customer paid and the vault tokenized it; the sheet has closed (as the service's own library closes Apple's,
   * so a 3DS challenge the payment asks for shows on the page). Pay with it: `tessera.pay({ tokenized: result, … })`.
   * A click on a button is ignored until the promise you return settles.
   */
  onToken: (result: WalletPaymentResult) => unknown;
  /** A sheet did not give a token: a `TesseraWalletError` (`reason`) or the vault's typed error; or your `onToken` threw. */
  onError?: (error: unknown) => void;
  /** Apple Pay: merchant name for the merchant validation (default `request.label`), the domain (default the page's). */
  applePay?: { displayName?: string; domainName?: string; buttonType?: string; buttonStyle?: 'black' | 'white' | 'white-outline' };
  /** Google Pay: your Google merchant id (required in production), the tenant id (default the service's), the button. */
  googlePay?: { merchantId?: string; gatewayMerchantId?: string; buttonType?: string; buttonColor?: 'default' | 'black' | 'white' };
  /** Time limit for loading Apple Pay JS or pay.js, in milliseconds. Default 10000. */
  scriptTimeoutMs?: number;
}

/** What `mount` shows: the wallets whose button is on the page, and why each other one is not. */
export interface WalletButtonsMountResult {
  shown: WalletName[];
  /** Per wallet not shown: `TesseraWalletError` (`not_available`, `script_failed`), or `TesseraAbortError` when unmounted while mounting. */
  notShown: Partial<Record<WalletName, Error>>;
}
