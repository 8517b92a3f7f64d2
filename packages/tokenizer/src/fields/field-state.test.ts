import { TesseraConnectionError, TesseraValidationError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { TesseraVaultError } from '../errors/errors.js';
import { fromElementsError } from './element-errors.js';
import { blockingErrors, cardPartErrors, combinedState, fieldError, inputNameOf } from './field-state.js';

describe('card field state', () => {
  it('names the parts of the combined card element as validateCard does', () => {
    expect(['cardNumber', 'cardExpirationDate', 'cardSecurityCode', 'cvc', undefined].map((target) => inputNameOf('card', target))).toEqual(['cardNumber', 'expiryDate', 'cvc', 'cvc', 'cardNumber']);
    expect(['number', 'expiry', 'cvc', 'name'].map((field) => inputNameOf(field as never))).toEqual(['cardNumber', 'expiryDate', 'cvc', 'cardholderName']);
  });

  it('blocks tokenizing on every field that is not complete and valid: required, incomplete or invalid', () => {
    const state = (complete: boolean, valid: boolean, empty: boolean) => ({ complete, valid, empty, errors: [] });
    expect(blockingErrors('number', state(true, true, false))).toEqual([]);
    expect(blockingErrors('number', state(false, false, true))).toEqual([{ field: 'cardNumber', code: 'required', message: 'Card number is required' }]);
    expect(blockingErrors('expiry', state(false, false, false))).toEqual([{ field: 'expiryDate', code: 'incomplete', message: 'Expiry date is incomplete' }]);
    expect(blockingErrors('cvc', state(true, false, false))).toEqual([{ field: 'cvc', code: 'invalid', message: 'Security code is invalid' }]);
    const reported = { complete: false, valid: false, empty: false, errors: [{ field: 'expiryDate', code: 'invalid', message: 'Expiry date is invalid' }] };
    expect(blockingErrors('card', reported)).toEqual(reported.errors);
  });

  it("names exactly the combined card's blocking parts: one BT's check calls incomplete that no change event named is empty, so required", () => {
    // A complete number, nothing in the expiry and the CVC: the change events named no part at all.
    expect(cardPartErrors([fieldError('expiryDate', 'incomplete'), fieldError('cvc', 'incomplete')], [])).toEqual([
      { field: 'expiryDate', code: 'required', message: 'Expiry date is required' },
      { field: 'cvc', code: 'required', message: 'Security code is required' },
    ]);
    // A half-typed expiry (its change event said incomplete), an invalid number, an empty CVC.
    const reported = [fieldError('cardNumber', 'invalid'), fieldError('expiryDate', 'incomplete')];
    expect(cardPartErrors([fieldError('cardNumber', 'invalid'), fieldError('expiryDate', 'incomplete'), fieldError('cvc', 'incomplete')], reported).map((error) => [error.field, error.code])).toEqual([
      ['cardNumber', 'invalid'],
      ['expiryDate', 'incomplete'],
      ['cvc', 'required'],
    ]);
  });

  it('is complete, valid and empty only when every field is', () => {
    const fields = { number: { complete: true, valid: true, empty: false, errors: [] }, cvc: { complete: false, valid: false, empty: true, errors: [] } };
    expect(combinedState(fields, 'visa')).toMatchObject({ complete: false, valid: false, empty: false, brand: 'visa', errors: [] });
    expect(combinedState({}, undefined)).toMatchObject({ complete: false, valid: false, empty: true });
  });
});

describe('fromElementsError', () => {
  it("maps BT's BasisTheoryApiError to TesseraVaultError with the vault's code, no text of BT's", () => {
    const thrown = Object.assign(new Error('4242424242424242 refused'), { name: 'BasisTheoryApiError', status: 400, data: { title: 'Bad Request', errors: { 'data.number': ['4242424242424242 is invalid'] } } });
    const error = fromElementsError(thrown) as TesseraVaultError;
    expect(error).toBeInstanceOf(TesseraVaultError);
    expect(error).toMatchObject({ status: 400, vaultCode: 'Bad Request' });
    expect(JSON.stringify(error) + error.message).not.toContain('4242424242424242');
    const echoing = fromElementsError(Object.assign(new Error('x'), { status: 400, data: { title: 'Card 4242424242424242 refused' } })) as TesseraVaultError;
    expect(echoing.vaultCode).toBeUndefined();
  });

  it("maps BT's BasisTheoryValidationError to TesseraValidationError naming the fields", () => {
    const thrown = Object.assign(new Error('Validation error'), { name: 'BasisTheoryValidationError', details: { cardNumber: { type: 'invalid' }, cardExpirationDate: { type: 'incomplete' } } });
    const error = fromElementsError(thrown) as TesseraValidationError;
    expect(error).toBeInstanceOf(TesseraValidationError);
    expect(error.fields.map((field) => [field.field, field.code])).toEqual([['cardNumber', 'invalid'], ['expiryDate', 'incomplete']]);
  });

  it('maps anything else (no status: the vault was not reached) to TesseraConnectionError', () => {
    expect(fromElementsError(new TypeError('Failed to fetch'))).toBeInstanceOf(TesseraConnectionError);
    expect(fromElementsError(Object.assign(new Error('x'), { name: 'BasisTheoryApiError', status: 0 }))).toBeInstanceOf(TesseraConnectionError);
  });
});
