import { fromMinorUnits, TesseraError } from '@tessera/core';
import { TesseraWalletError } from '../errors.js';
import type { Tokenizer } from '../vault/tokenizer.js';

/** Gateway name of the vault (Basis Theory) in Google Pay's `tokenizationSpecification`, as the service's own library sets it. */
export const GOOGLE_PAY_GATEWAY = 'basistheory';

/** Options of {@link buildGooglePayPaymentDataRequest}. */
export interface GooglePayRequestOptions {
  /** The service's Basis Theory tenant id (`gatewayMerchantId`). */
  gatewayMerchantId: string;
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
  /** Default `['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA']`. */
  allowedCardNetworks?: string[];
  /** Default `['PAN_ONLY', 'CRYPTOGRAM_3DS']`. */
  allowedAuthMethods?: string[];
}

/** A Google Pay API `PaymentDataRequest` (version 2.0). */
export interface GooglePayPaymentDataRequest {
  apiVersion: 2;
  apiVersionMinor: 0;
  allowedPaymentMethods: GooglePayCardPaymentMethod[];
  merchantInfo: { merchantName: string; merchantId?: string };
  transactionInfo: { totalPriceStatus: 'FINAL'; totalPrice: string; currencyCode: string; countryCode: string };
}

/** The `CARD` payment method with the vault as gateway. */
export interface GooglePayCardPaymentMethod {
  type: 'CARD';
  parameters: { allowedAuthMethods: string[]; allowedCardNetworks: string[] };
  tokenizationSpecification: { type: 'PAYMENT_GATEWAY'; parameters: { gateway: string; gatewayMerchantId: string } };
}

/**
 * Builds the Google Pay `PaymentDataRequest` with the Tessera vault as payment gateway, so the token Google
 * returns is encrypted for the vault. The amount is given in minor units and rendered exactly (`1234` USD → `"12.34"`).
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
        tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: GOOGLE_PAY_GATEWAY, gatewayMerchantId: options.gatewayMerchantId } },
      },
    ],
    merchantInfo,
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPrice: fromMinorUnits(options.amount, options.currency),
      currencyCode: options.currency,
      countryCode: options.countryCode,
    },
  };
}

/** The part of `google.payments.api.PaymentsClient` the helpers use. */
export interface GooglePaymentsClientLike {
  isReadyToPay(request: { apiVersion: number; apiVersionMinor: number; allowedPaymentMethods: unknown[] }): Promise<{ result: boolean }>;
  loadPaymentData(request: GooglePayPaymentDataRequest): Promise<{ paymentMethodData: { tokenizationData: { token: string } } }>;
}

interface GooglePayGlobal {
  google?: { payments?: { api?: { PaymentsClient?: new (options: { environment: 'TEST' | 'PRODUCTION' }) => GooglePaymentsClientLike } } };
}

/**
 * Creates a `google.payments.api.PaymentsClient` (the page must load `https://pay.google.com/gp/p/js/pay.js`).
 * Throws `TesseraWalletError('unavailable')` when the Google Pay script is not loaded.
 */
export function createGooglePaymentsClient(environment: 'TEST' | 'PRODUCTION'): GooglePaymentsClientLike {
  const PaymentsClient = (globalThis as GooglePayGlobal).google?.payments?.api?.PaymentsClient;
  if (!PaymentsClient) throw new TesseraWalletError('unavailable', 'Google Pay is not loaded on this page');
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
 * Shows the Google Pay sheet and returns the service token of type `google_pay`. Call it from a click handler.
 * Rejects with `TesseraWalletError('cancelled')` when the customer closes the sheet.
 */
export async function startGooglePay(tokenizer: Tokenizer, client: GooglePaymentsClientLike, request: GooglePayPaymentDataRequest): Promise<string> {
  let token: string;
  try {
    token = (await client.loadPaymentData(request)).paymentMethodData.tokenizationData.token;
  } catch (error) {
    if ((error as { statusCode?: unknown } | null)?.statusCode === 'CANCELED') {
      throw new TesseraWalletError('cancelled', 'The customer closed the Google Pay sheet');
    }
    throw TesseraError.isInstance(error) ? error : new TesseraWalletError('failed', 'Google Pay failed', { cause: error });
  }
  return tokenizer.tokenizeGooglePay(token);
}
