import type { ApplePayPaymentRequest } from './apple-pay.js';
import { walletAmount, type WalletLineItem, type WalletPaymentRequest, type WalletRequestUpdate, type WalletShippingMethod } from './wallet-request.js';

/**
 * Apple's payment request from Tessera's: amounts from minor units, the contact fields asked for, the service's card
 * networks with 3DS (as the service's own library asks).
 */
export function toApplePayRequest(request: WalletPaymentRequest): ApplePayPaymentRequest {
  const address = ['postalAddress', 'name'];
  const shipping = [...(request.shippingAddressRequired ? address : []), ...(request.emailRequired ? ['email'] : []), ...(request.phoneNumberRequired ? ['phone'] : [])];
  const { total, lineItems, shippingMethods } = applePayAmounts(request, request, 'request.');
  return {
    countryCode: request.country,
    currencyCode: request.currency,
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    merchantCapabilities: ['supports3DS'],
    total,
    ...(request.lineItems ? { lineItems } : {}),
    ...(shipping.length > 0 ? { requiredShippingContactFields: shipping } : {}),
    ...(request.billingAddressRequired ? { requiredBillingContactFields: address } : {}),
    ...(shippingMethods ? { shippingMethods } : {}),
  };
}

/**
 * The total, lines and shipping methods of a request or a shipping update, as Apple spells them (amounts as decimal
 * strings; an amount not in minor units is a `TesseraValidationError` naming it, `field` its path's start).
 */
function applePayAmounts(amounts: { amount: number; lineItems?: WalletLineItem[] | undefined; shippingMethods?: WalletShippingMethod[] | undefined }, request: Pick<WalletPaymentRequest, 'currency' | 'label'>, field = '') {
  const amount = (minor: number, path: string): string => walletAmount(minor, request.currency, `${field}${path}`);
  return {
    total: { label: request.label, amount: amount(amounts.amount, 'amount'), type: 'final' as const },
    lineItems: (amounts.lineItems ?? []).map((item, index) => ({ label: item.label, amount: amount(item.amount, `lineItems.${index}.amount`), type: 'final' })),
    shippingMethods: amounts.shippingMethods?.map((method, index) => ({ identifier: method.id, label: method.label, detail: method.detail ?? '', amount: amount(method.amount, `shippingMethods.${index}.amount`) })),
  };
}

/** Apple's update objects (Apple Pay JS 3: `ApplePayShippingContactUpdate`, `ApplePayShippingMethodUpdate`) from Tessera's. */
export function toApplePayUpdate(answer: WalletRequestUpdate, request: Pick<WalletPaymentRequest, 'currency' | 'label'>): Record<string, unknown> {
  const ApplePayError = (globalThis as { ApplePayError?: new (code: string, field?: string, message?: string) => unknown }).ApplePayError;
  const { total, lineItems, shippingMethods } = applePayAmounts(answer, request);
  return {
    newTotal: total,
    newLineItems: lineItems,
    ...(shippingMethods ? { newShippingMethods: shippingMethods } : {}),
    ...(answer.error ? { errors: [ApplePayError ? new ApplePayError('addressUnserviceable', undefined, answer.error) : { code: 'addressUnserviceable', message: answer.error }] } : {}),
  };
}
