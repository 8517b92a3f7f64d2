import { TesseraConnectionError, TesseraValidationError } from '@tessera/core';
import { mayHoldCardNumber } from '@tessera/core/internal';
import { TesseraVaultError } from '../errors/errors.js';
import { objectOr } from '../vault/basis-theory-token.js';
import { fieldError, inputNameOf } from './field-state.js';

/**
 * What an element's `tokens.create` threw, as a Tessera error. The classes come from BT's client script (its CDN's
 * or the sandbox's), not from the loader package, so they are told apart by name and shape: `BasisTheoryApiError`
 * (an HTTP status and BT's problem body) → `TesseraVaultError` with BT's `title` as `vaultCode`; `BasisTheoryValidationError` (the elements refused
 * their own content) → `TesseraValidationError`; anything else never reached the vault → `TesseraConnectionError`.
 * No text of BT's is kept: it could quote what was sent.
 */
export function fromElementsError(error: unknown): Error {
  const thrown = objectOr(error);
  if (typeof thrown?.status === 'number' && thrown.status > 0) {
    // BT's problem body names the error in `title` ("Unauthorized"); kept only if short and free of anything like a card number.
    const title = objectOr(thrown.data)?.title;
    return new TesseraVaultError(thrown.status, { vaultCode: typeof title === 'string' && title.length <= 100 && !mayHoldCardNumber(title) ? title : undefined });
  }
  if (thrown?.name === 'BasisTheoryValidationError') {
    const fields = Object.entries(objectOr(thrown.details) ?? {}).map(([target, detail]) => fieldError(inputNameOf('card', target), objectOr(detail)?.type === 'incomplete' ? 'incomplete' : 'invalid'));
    const named = fields.length > 0 ? fields : [fieldError('cardNumber', 'invalid')];
    return new TesseraValidationError(named, `Basis Theory refused the card fields: ${named.map((field) => field.message).join('; ')}`);
  }
  return new TesseraConnectionError(
    "The card fields could not reach the vault: check the network, and that the page's Content-Security-Policy allows Basis Theory's frames (frame-src)",
  );
}
