import { TesseraConnectionError, TesseraValidationError } from '@tessera/core';
import { vaultErrorOf } from '../vault-request.js';
import { fieldError, inputNameOf } from './field-state.js';

type ThrownByElements = { name?: unknown; status?: unknown; data?: unknown; details?: unknown } | undefined;

/**
 * What an element's `tokens.create` threw, as a Tessera error. The classes come from BT's client script (its CDN's
 * or the sandbox's), not from the loader package, so they are told apart by name and shape: `BasisTheoryApiError`
 * (an HTTP status and BT's problem body) → `TesseraVaultError`; `BasisTheoryValidationError` (the elements refused
 * their own content) → `TesseraValidationError`; anything else never reached the vault → `TesseraConnectionError`.
 * No text of BT's is kept: it could quote what was sent.
 */
export function fromElementsError(error: unknown): Error {
  const thrown = (typeof error === 'object' && error !== null ? error : undefined) as ThrownByElements;
  if (typeof thrown?.status === 'number' && thrown.status > 0) return vaultErrorOf(thrown.status, thrown.data, undefined);
  if (thrown?.name === 'BasisTheoryValidationError') {
    const details = typeof thrown.details === 'object' && thrown.details !== null ? (thrown.details as Record<string, { type?: unknown } | undefined>) : {};
    const fields = Object.entries(details).map(([target, detail]) => fieldError(inputNameOf('card', target), detail?.type === 'incomplete' ? 'incomplete' : 'invalid'));
    const named = fields.length > 0 ? fields : [fieldError('cardNumber', 'invalid')];
    return new TesseraValidationError(named, `Basis Theory refused the card fields: ${named.map((field) => field.message).join('; ')}`);
  }
  return new TesseraConnectionError(
    "The card fields could not reach the vault: check the network, and that the page's Content-Security-Policy allows Basis Theory's frames (frame-src)",
  );
}
