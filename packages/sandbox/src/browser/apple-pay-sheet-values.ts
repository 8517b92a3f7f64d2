/// <reference types="applepayjs" />
import type { ApplePayStandInPaymentMethod } from './apple-pay-session-state.js';
import type { WalletSheetAddress, WalletSheetCard, WalletSheetLine, WalletSheetShippingMethod } from './wallet-sheet-messages.js';

// Parts of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): Apple's values as the sandbox's sheet
// shows them, and the sheet's choices as Apple's.

/** Line items as the sheet shows them. */
export function items(list: readonly ApplePayJS.ApplePayLineItem[] | undefined): WalletSheetLine[] {
  return (list || []).map((item) => ({ label: item.label, amount: String(item.amount) }));
}

/** The total as the sheet shows it. */
export function total(item: ApplePayJS.ApplePayLineItem): WalletSheetLine {
  return { label: item.label, amount: String(item.amount) };
}

/** Shipping methods as the sheet shows them. */
export function methods(list: readonly ApplePayJS.ApplePayShippingMethod[] | undefined): WalletSheetShippingMethod[] {
  return (list || []).map((method) => ({ id: method.identifier, label: method.label, amount: String(method.amount), detail: method.detail || '' }));
}

/** The sheet's address as Apple's contact: redacted (as before authorization) unless `full`. */
export function contact(address: WalletSheetAddress, full: boolean): ApplePayJS.ApplePayPaymentContact {
  const redacted: ApplePayJS.ApplePayPaymentContact = { locality: address.locality, administrativeArea: address.area, postalCode: address.postalCode, countryCode: address.countryCode, country: address.country, subAdministrativeArea: '', subLocality: '' };
  if (!full) return redacted;
  return Object.assign(redacted, { givenName: address.givenName, familyName: address.familyName, addressLines: address.lines.slice(), emailAddress: address.email, phoneNumber: address.phone, phoneticGivenName: '', phoneticFamilyName: '' });
}

/** The sheet's card as Apple's payment method. */
export function paymentMethod(card: WalletSheetCard): ApplePayStandInPaymentMethod {
  const NETWORKS: Record<WalletSheetCard['network'], string> = { visa: 'Visa', mastercard: 'MasterCard' };
  return { displayName: NETWORKS[card.network] + ' ' + card.label.slice(-4), network: NETWORKS[card.network], type: 'credit' };
}

/** The merchant's errors as the sheet shows them (each message, else its code). */
export function errorText(errors: readonly (Partial<ApplePayJS.ApplePayError> | null | undefined)[] | undefined): string {
  return (errors || []).map((error) => (error && error.message ? error.message : String(error && error.code))).join(' ');
}
