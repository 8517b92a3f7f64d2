import { TesseraValidationError } from '@tessera/core';
import { minorUnitsToDecimal } from '@tessera/core/internal';
import { TesseraWalletError } from '../errors/errors.js';
import { withoutUndefined } from '../platform/without-undefined.js';

/** Which wallet: Apple Pay or Google Pay (the service token's type). */
export type WalletName = 'apple_pay' | 'google_pay';

/** One line of the sheet's summary, its amount in minor units (cents for USD). */
export interface WalletLineItem {
  label: string;
  /** Minor units (an integer). */
  amount: number;
}

/** A shipping method the customer can pick on the sheet. */
export interface WalletShippingMethod {
  /** Your id of the method, given back in `onShippingMethodChange`. */
  id: string;
  label: string;
  /** A second line (e.g. `2-4 business days`). */
  detail?: string;
  /** Its price in minor units. */
  amount: number;
}

/**
 * What the sheet shows and asks for, the same for both wallets: amounts in minor units, as everywhere in Tessera
 * (`1999` USD is 19.99); the tokenizer renders them as each wallet wants.
 */
export interface WalletPaymentRequest {
  /** The total in minor units. */
  amount: number;
  /** ISO 4217 currency code (`USD`). */
  currency: string;
  /** ISO 3166-1 alpha-2 country of your business (`US`). */
  country: string;
  /** Your business name, shown on the total line. */
  label: string;
  /** The lines above the total (subtotal, tax, shipping). */
  lineItems?: WalletLineItem[];
  /** Ask for the customer's email. */
  emailRequired?: boolean;
  /** Ask for the customer's phone number. */
  phoneNumberRequired?: boolean;
  /** Ask for the name and shipping address. */
  shippingAddressRequired?: boolean;
  /** Ask for the name and billing address. */
  billingAddressRequired?: boolean;
  /** The shipping methods offered (with `shippingAddressRequired`), the first one selected. */
  shippingMethods?: WalletShippingMethod[];
}

/**
 * A postal address from the sheet. Before the customer pays, a shipping-change callback gets only what the wallet
 * reveals then (Apple: city, region, postal code and country).
 */
export interface WalletAddress {
  name?: string;
  /** Street lines. */
  lines?: string[];
  city?: string;
  /** State, province or region. */
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2 country. */
  country?: string;
}

/** What the customer gave on the sheet (only what the request asked for). */
export interface WalletContacts {
  email?: string;
  phone?: string;
  shippingAddress?: WalletAddress;
  billingAddress?: WalletAddress;
}

/**
 * What a shipping-change callback answers: the new total and lines (minor units) and the shipping methods for that
 * address; or `error` when you cannot ship there (the sheet shows it and the customer picks another address).
 */
export interface WalletRequestUpdate {
  amount: number;
  lineItems?: WalletLineItem[];
  shippingMethods?: WalletShippingMethod[];
  /** Why you cannot ship to this address, shown on the sheet. */
  error?: string;
}

/** The merchant's callbacks while the sheet is open. */
export interface WalletShippingCallbacks {
  /** The customer picked a shipping address: answer the total for it. */
  onShippingContactChange?: ((address: WalletAddress) => WalletRequestUpdate | Promise<WalletRequestUpdate>) | undefined;
  /** The customer picked a shipping method: answer the total with it. */
  onShippingMethodChange?: ((method: WalletShippingMethod) => WalletRequestUpdate | Promise<WalletRequestUpdate>) | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** An address of either wallet's spelling (Apple `ApplePayPaymentContact`, Google `Address`) in Tessera's; none when it has nothing. */
export function toWalletAddress(contact: Record<string, unknown> | undefined): WalletAddress | undefined {
  if (!contact) return undefined;
  const name = text(contact.name) ?? ([contact.givenName, contact.familyName].filter(text).join(' ') || undefined);
  const lines = (Array.isArray(contact.addressLines) ? contact.addressLines : [contact.address1, contact.address2, contact.address3]).filter(text) as string[];
  const address = withoutUndefined<WalletAddress>({ name, lines: lines.length > 0 ? lines : undefined, city: text(contact.locality), region: text(contact.administrativeArea), postalCode: text(contact.postalCode), country: text(contact.countryCode) });
  return Object.keys(address).length > 0 ? address : undefined;
}

/** The contacts of a sheet's answer, from either wallet's fields. */
export function toWalletContacts(email: unknown, phone: unknown, shipping: Record<string, unknown> | undefined, billing: Record<string, unknown> | undefined): WalletContacts {
  return withoutUndefined<WalletContacts>({ email: text(email), phone: text(phone), shippingAddress: toWalletAddress(shipping), billingAddress: toWalletAddress(billing) });
}

/**
 * An amount in minor units as the sheets want it, an exact decimal string (`1999` USD → `"19.99"`, `500` JPY →
 * `"500"`): a `TesseraValidationError` naming `field` for an amount that is not an integer in minor units, or naming
 * `currency` for a code that is not three capitals (the wallets refuse any other, so the ISO 4217 list stays out of
 * the page's bundle).
 */
export function walletAmount(amount: number, currency: string, field: string): string {
  if (!/^[A-Z]{3}$/.test(currency)) throw new TesseraValidationError([{ field: 'currency', code: 'invalid', message: 'must be an ISO 4217 code in capitals (USD)' }]);
  return minorUnitsToDecimal(amount, currency, field);
}

/** The wallet cannot pay here (`not_available`), and what to offer instead. */
export const walletUnavailable = (wallet: WalletName, why = 'in this browser'): TesseraWalletError =>
  new TesseraWalletError('not_available', `${wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay'} cannot pay ${why}: offer the card fields`);
