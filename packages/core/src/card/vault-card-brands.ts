import type { CardBrand } from './card-brand.js';

// The two of Basis Theory's brand ids that are not core's names; separate constants, so a bundle that only turns ids
// back (the card fields) does not carry the table.
const VAULT_AMEX = 'american-express';
const VAULT_DINERS = 'diners-club';

/**
 * Basis Theory's card brand ids (web-elements' `Brand`, its `CARD_BRANDS`) of core's brands: the same names but two
 * (`american-express`, `diners-club`). The sandbox's element frames answer these; the card fields turn them back.
 */
export const vaultCardBrandIds = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: VAULT_AMEX,
  discover: 'discover',
  diners: VAULT_DINERS,
  jcb: 'jcb',
  unionpay: 'unionpay',
  maestro: 'maestro',
  elo: 'elo',
  mir: 'mir',
  hipercard: 'hipercard',
  unknown: 'unknown',
} as const satisfies Record<CardBrand, string>;

/**
 * The brand of a Basis Theory brand id: core's name where core knows it (`amex`, not `american-express`), Basis
 * Theory's own id for one core does not (`rupay`, …); `undefined` for none or `unknown`.
 */
export function cardBrandOfVaultId(id: string | undefined): Exclude<CardBrand, 'unknown'> | (string & {}) | undefined {
  if (id === undefined || id === '' || id === 'unknown') return undefined;
  return id === VAULT_AMEX ? 'amex' : id === VAULT_DINERS ? 'diners' : id;
}
