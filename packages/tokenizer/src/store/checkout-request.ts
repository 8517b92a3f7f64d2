import { TesseraValidationError, type FieldError } from '@tessera/core';
import { priceKeys } from '@tessera/core/internal';
import { isObject } from '../client/is-object.js';
import { isSecureUrl } from '../vault/environment.js';

/** One line of a store checkout: a variant of the store's catalog and how many. Never a price: the store's catalog prices it. */
export interface StoreLineItem {
  /** The variant's id in the store's catalog (`products()` lists them). */
  variantId: string;
  /** A price of that variant (default: the variant's price in the checkout's currency). */
  priceId?: string;
  /** How many: an integer of at least 1. */
  quantity: number;
}

/** What `startCheckout()` takes: line items of the store's catalog, never an amount or a price. */
export interface StartCheckoutRequest {
  lineItems: StoreLineItem[];
  /** ISO 4217 code of one of the store's currencies (default: the store's). */
  currency?: string;
  /** The page the customer comes back to after a redirect (https; plain http only on localhost). */
  returnUrl?: string;
}


/** Checks a store id: `TesseraValidationError` (`storeId`) unless a non-empty string of at most 200 characters. */
export function checkStoreId(storeId: unknown): string {
  if (typeof storeId !== 'string' || storeId.trim() === '' || storeId.length > 200) {
    throw new TesseraValidationError([{ field: 'storeId', code: 'invalid', message: 'must be the store id (a non-empty string): the store whose catalog the page sells from' }]);
  }
  return storeId;
}

/**
 * Checks a checkout request before anything is sent, and throws one `TesseraValidationError` naming every bad field
 * (`lineItems`, `lineItems.N.variantId`, `lineItems.N.quantity`, `lineItems.N.amount`, `currency`, `returnUrl`);
 * returns the body's parts the service takes.
 */
export function checkStartCheckout(request: StartCheckoutRequest): StartCheckoutRequest {
  const fields: FieldError[] = [];
  const notAllowed = (where: Record<string, unknown>, prefix: string) => {
    // Keys that would set a price (core's `priceKeys`): the page never sends one (the service refuses them too).
    for (const key of priceKeys) {
      if (key in where) fields.push({ field: prefix + key, code: 'not_allowed', message: 'cannot be sent: prices come from the store’s catalog; remove it' });
    }
  };
  const given: unknown = request;
  if (!isObject(given)) throw new TesseraValidationError([{ field: 'lineItems', code: 'required', message: 'is required: pass { lineItems: [{ variantId, quantity }] }' }]);
  notAllowed(given, '');
  const lineItems: StoreLineItem[] = [];
  if (!Array.isArray(given.lineItems) || given.lineItems.length === 0) {
    fields.push({ field: 'lineItems', code: 'required', message: 'must list at least one { variantId, quantity } of the store’s catalog' });
  } else {
    given.lineItems.forEach((item: unknown, index) => {
      const at = `lineItems.${index}.`;
      if (!isObject(item)) {
        fields.push({ field: `lineItems.${index}`, code: 'invalid', message: 'must be { variantId, quantity }' });
        return;
      }
      notAllowed(item, at);
      const { variantId, priceId, quantity } = item;
      if (typeof variantId !== 'string' || variantId === '' || variantId.length > 200) fields.push({ field: `${at}variantId`, code: 'invalid', message: 'must be the id of a variant of the store’s catalog (see products())' });
      if (priceId !== undefined && (typeof priceId !== 'string' || priceId === '')) fields.push({ field: `${at}priceId`, code: 'invalid', message: 'must be the id of a price of that variant, or left out' });
      if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1) fields.push({ field: `${at}quantity`, code: 'invalid', message: 'must be a whole number of at least 1' });
      lineItems.push({ variantId: variantId as string, ...(priceId === undefined ? {} : { priceId: priceId as string }), quantity: quantity as number });
    });
  }
  if (given.currency !== undefined && (typeof given.currency !== 'string' || !/^[A-Z]{3}$/.test(given.currency))) {
    fields.push({ field: 'currency', code: 'invalid', message: 'must be an ISO 4217 code in capitals (USD), or left out for the store’s currency' });
  }
  if (given.returnUrl !== undefined && (typeof given.returnUrl !== 'string' || !/^https?:\/\//.test(given.returnUrl) || !isSecureUrl(given.returnUrl))) {
    fields.push({ field: 'returnUrl', code: 'invalid', message: 'must be an https URL of your page (plain http only on localhost), or left out' });
  }
  if (fields.length > 0) throw new TesseraValidationError(fields);
  return { lineItems, ...(given.currency === undefined ? {} : { currency: given.currency as string }), ...(given.returnUrl === undefined ? {} : { returnUrl: given.returnUrl as string }) };
}
