import { type AbortOptions, TesseraAbortError, TesseraError } from '@tessera/core';
import { SERVICE_VAULT_TENANT_IDS } from '@tessera/core/internal';
import { TesseraWalletError } from '../errors/errors.js';
import type { TokenizerEnvironment } from '../vault/environment.js';
import type { Tokenizer } from '../vault/tokenizer.js';
import { walletAmount, type WalletLineItem } from './wallet-request.js';

/** Gateway name of the vault (Basis Theory) in Google Pay's `tokenizationSpecification`, as the service's own library sets it. */
export const GOOGLE_PAY_GATEWAY = 'basistheory';

/**
 * The service's Basis Theory tenant id for an environment, Google Pay's `gatewayMerchantId`: production's for
 * `production`, development's for `development` and `local` (the sandbox's vault is that tenant), as the service's
 * own library (`getGoogleTenantId`) picks it.
 */
export const googlePayGatewayMerchantId = (environment: TokenizerEnvironment): string => SERVICE_VAULT_TENANT_IDS[environment === 'production' ? 'production' : 'development'];

/** Google's `PaymentsClient` environment: `PRODUCTION` for `production`, `TEST` otherwise. */
export const googlePayEnvironment = (environment: TokenizerEnvironment): 'TEST' | 'PRODUCTION' => (environment === 'production' ? 'PRODUCTION' : 'TEST');

/** Options of {@link buildGooglePayPaymentDataRequest}. */
export interface GooglePayRequestOptions {
  /** The tokenizer's environment: picks the default `gatewayMerchantId`. */
  environment: TokenizerEnvironment;
  /** The service's Basis Theory tenant id. Default: the one of `environment` (leave it unset unless the service says). */
  gatewayMerchantId?: string;
  /** Merchant name shown on the sheet. */
  merchantName: string;
  /** Your Google merchant id (required in `PRODUCTION`). */
  merchantId?: string;
  /** Total in minor units (cents for USD). */
  amount: number;
  /** ISO 4217 currency code. */
  currency: string;
  /** ISO 3166-1 alpha-2 country of the merchant. */
  countryCode: string;
  /** The lines above the total, in minor units. */
  lineItems?: WalletLineItem[];
  /** Default `['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA']`. */
  allowedCardNetworks?: string[];
  /** Default `['PAN_ONLY', 'CRYPTOGRAM_3DS']`. */
  allowedAuthMethods?: string[];
}

/** Google Pay's `TransactionInfo`. */
export interface GooglePayTransactionInfo {
  totalPriceStatus: 'FINAL';
  totalPrice: string;
  currencyCode: string;
  countryCode: string;
  displayItems?: { label: string; type: 'LINE_ITEM'; price: string }[];
}

/** A Google Pay API `PaymentDataRequest` (version 2.0). */
export interface GooglePayPaymentDataRequest {
  apiVersion: 2;
  apiVersionMinor: 0;
  allowedPaymentMethods: GooglePayCardPaymentMethod[];
  merchantInfo: { merchantName: string; merchantId?: string };
  transactionInfo: GooglePayTransactionInfo;
  emailRequired?: boolean;
  shippingAddressRequired?: boolean;
  shippingAddressParameters?: { phoneNumberRequired?: boolean };
  shippingOptionRequired?: boolean;
  shippingOptionParameters?: { defaultSelectedOptionId: string; shippingOptions: { id: string; label: string; description: string }[] };
  callbackIntents?: ('SHIPPING_ADDRESS' | 'SHIPPING_OPTION')[];
}

/** The `CARD` payment method with the vault as gateway. */
export interface GooglePayCardPaymentMethod {
  type: 'CARD';
  parameters: { allowedAuthMethods: string[]; allowedCardNetworks: string[]; billingAddressRequired?: boolean; billingAddressParameters?: { format: 'FULL'; phoneNumberRequired?: boolean } };
  tokenizationSpecification: { type: 'PAYMENT_GATEWAY'; parameters: { gateway: string; gatewayMerchantId: string } };
}

/** Google Pay's `TransactionInfo` from minor units. */
export function toGooglePayTransactionInfo(amount: number, currency: string, countryCode: string, lineItems?: WalletLineItem[]): GooglePayTransactionInfo {
  return {
    totalPriceStatus: 'FINAL',
    totalPrice: walletAmount(amount, currency, 'amount'),
    currencyCode: currency,
    countryCode,
    ...(lineItems ? { displayItems: lineItems.map((item, index) => ({ label: item.label, type: 'LINE_ITEM' as const, price: walletAmount(item.amount, currency, `lineItems.${index}.amount`) })) } : {}),
  };
}

/**
 * Builds the Google Pay `PaymentDataRequest` with the Tessera vault as payment gateway, so the token Google
 * returns is encrypted for the vault: gateway `basistheory`, `gatewayMerchantId` the service's tenant of the
 * environment. The amount is given in minor units and rendered exactly (`1234` USD → `"12.34"`).
 */
export function buildGooglePayPaymentDataRequest(options: GooglePayRequestOptions): GooglePayPaymentDataRequest {
  const merchantInfo: GooglePayPaymentDataRequest['merchantInfo'] = { merchantName: options.merchantName };
  if (options.merchantId !== undefined) merchantInfo.merchantId = options.merchantId;
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: options.allowedAuthMethods ?? ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
          allowedCardNetworks: options.allowedCardNetworks ?? ['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA'],
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: GOOGLE_PAY_GATEWAY, gatewayMerchantId: options.gatewayMerchantId ?? googlePayGatewayMerchantId(options.environment) },
        },
      },
    ],
    merchantInfo,
    transactionInfo: toGooglePayTransactionInfo(options.amount, options.currency, options.countryCode, options.lineItems),
  };
}

/** Google Pay's `PaymentData`: the token and the contacts asked for. */
export interface GooglePayPaymentData {
  paymentMethodData: { tokenizationData: { token: string }; info?: { billingAddress?: Record<string, unknown> } };
  email?: string;
  shippingAddress?: Record<string, unknown>;
}

/** The part of `google.payments.api.PaymentsClient` the helpers use. */
export interface GooglePaymentsClientLike {
  isReadyToPay(request: { apiVersion: number; apiVersionMinor: number; allowedPaymentMethods: unknown[] }): Promise<{ result: boolean }>;
  loadPaymentData(request: GooglePayPaymentDataRequest): Promise<GooglePayPaymentData>;
  /** Google's own button (`createButton`), as its brand rules require. */
  createButton?(options: Record<string, unknown>): HTMLElement;
}

/** Google's `PaymentsClient` options: the environment and, for shipping changes, `paymentDataCallbacks`. */
export interface GooglePaymentsClientOptions {
  environment: 'TEST' | 'PRODUCTION';
  paymentDataCallbacks?: { onPaymentDataChanged(data: Record<string, unknown>): Promise<Record<string, unknown>> };
}

/** `google.payments.api.PaymentsClient`, when pay.js is loaded. */
export const googlePaymentsClientClass = (): (new (options: GooglePaymentsClientOptions) => GooglePaymentsClientLike) | undefined =>
  (globalThis as unknown as { google?: { payments?: { api?: { PaymentsClient?: new (options: GooglePaymentsClientOptions) => GooglePaymentsClientLike } } } }).google?.payments?.api?.PaymentsClient;

/**
 * Creates a `google.payments.api.PaymentsClient` (the page must load `https://pay.google.com/gp/p/js/pay.js`; the
 * wallet buttons load it themselves). Throws `TesseraWalletError('not_available')` when the Google Pay script is not loaded.
 */
export function createGooglePaymentsClient(environment: 'TEST' | 'PRODUCTION'): GooglePaymentsClientLike {
  const PaymentsClient = googlePaymentsClientClass();
  if (!PaymentsClient) throw new TesseraWalletError('not_available', "Google Pay's pay.js is not loaded on this page: load it, or use the wallet buttons, which load it");
  return new PaymentsClient({ environment });
}

/** True when Google Pay can be offered for this request (call on page load, not in the click handler). */
export async function isGooglePayReady(client: GooglePaymentsClientLike, request: GooglePayPaymentDataRequest): Promise<boolean> {
  try {
    const answer = await client.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: request.allowedPaymentMethods });
    return answer.result === true;
  } catch {
    return false;
  }
}

/**
 * Opens the Google Pay sheet synchronously (call it in the click) and tokenizes what it gives. Google has no way to
 * close its sheet: after `signal` aborts, the run rejects at once and a late answer of the sheet is ignored (never
 * sent to the vault).
 */
export function runGooglePay<R>(
  client: GooglePaymentsClientLike,
  request: GooglePayPaymentDataRequest,
  tokenize: (token: string, paymentData: GooglePayPaymentData, options: AbortOptions) => Promise<R>,
  signal?: AbortSignal,
): Promise<R> {
  if (signal?.aborted) return Promise.reject(new TesseraAbortError());
  let sheet: Promise<GooglePayPaymentData>;
  try {
    sheet = client.loadPaymentData(request);
  } catch (error) {
    return Promise.reject(new TesseraWalletError('session_refused', 'Google Pay refused to open its sheet: check the payment request', { cause: error }));
  }
  const aborted = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(new TesseraAbortError(undefined, { cause: signal.reason })), { once: true }));
  const run = sheet.then(
    (paymentData) => {
      if (signal?.aborted) return aborted;
      const token = paymentData?.paymentMethodData?.tokenizationData?.token;
      if (typeof token !== 'string' || token === '') throw new TesseraWalletError('token_failed', 'Google Pay gave no payment token: try again or pay by card');
      return tokenize(token, paymentData, signal ? { signal } : {}).catch((error: unknown) => {
        throw TesseraError.isInstance(error) ? error : new TesseraWalletError('token_failed', 'The vault could not take the Google Pay token: try again or pay by card', { cause: error });
      });
    },
    (error: unknown) => {
      // Google rejects with `{ statusCode, statusMessage }`; only its code is kept (the message is Google's developer text).
      const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
      if (statusCode === 'CANCELED') throw new TesseraWalletError('cancelled', 'The customer closed the Google Pay sheet');
      throw new TesseraWalletError('session_refused', `Google Pay refused the payment (${typeof statusCode === 'string' ? statusCode : 'no status code'}): check the payment request and your Google merchant id`, { cause: error });
    },
  );
  return signal ? Promise.race([run, aborted]) : run;
}

/**
 * Shows the Google Pay sheet and returns the service token of type `google_pay`. Call it from a click handler.
 * Rejects with `TesseraWalletError` (`cancelled`, `session_refused`, `token_failed`), the vault's typed error, or
 * `TesseraAbortError` (`signal`).
 */
export function startGooglePay(tokenizer: Tokenizer, client: GooglePaymentsClientLike, request: GooglePayPaymentDataRequest, options: AbortOptions = {}): Promise<string> {
  return runGooglePay(client, request, (token, _paymentData, requestOptions) => tokenizer.tokenizeGooglePay(token, requestOptions), options.signal);
}
