/// <reference types="googlepay" />
import type { WalletSheetAddress, WalletSheetLine, WalletSheetShippingMethod } from './wallet-sheet-messages.js';

// Parts of the Google pay.js stand-in (`./google-pay-js.ts`, served beside it): Google's values as the sandbox's
// sheet shows them, and the sheet's addresses as Google's.

/** The transaction as the sheet shows it: currency, total and line items. */
export function transaction(info: google.payments.api.TransactionInfo): { currency: string; total: WalletSheetLine; lineItems: WalletSheetLine[] } {
  return {
    currency: info.currencyCode,
    total: { label: info.totalPriceLabel || 'Total', amount: String(info.totalPrice || '') },
    lineItems: (info.displayItems || []).map((item) => ({ label: item.label, amount: String(item.price) })),
  };
}

/** The shipping options as the sheet shows them. */
export function options(parameters: Partial<google.payments.api.ShippingOptionParameters> | undefined): WalletSheetShippingMethod[] {
  return parameters && Array.isArray(parameters.shippingOptions)
    ? parameters.shippingOptions.map((option) => ({ id: option.id, label: option.label, amount: '', detail: option.description || '' }))
    : [];
}

/** The sheet's address as Google gives it before authorization: area, country, locality and postal code. */
export function redacted(entry: WalletSheetAddress): google.payments.api.IntermediateAddress {
  return { administrativeArea: entry.area, countryCode: entry.countryCode, locality: entry.locality, postalCode: entry.postalCode };
}

/** The sheet's address in full, as Google gives it in the payment data. */
export function address(entry: WalletSheetAddress): google.payments.api.Address {
  return Object.assign(redacted(entry), { name: entry.givenName + ' ' + entry.familyName, address1: entry.lines[0] || '', address2: entry.lines[1] || '', address3: '', sortingCode: '', phoneNumber: entry.phone });
}
