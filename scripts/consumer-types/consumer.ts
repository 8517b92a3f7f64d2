// Type-checked by run.mjs as .ts in an ESM and a CommonJS project (nodenext, node16, bundler, node10) and as .cts: one use of every public entry point.
import { validateCard } from '@tessera/core';
import { Tessera, TesseraPaginationError, type Page, type Payment } from '@tessera/server';
import { createTokenizer } from '@tessera/tokenizer';
import { createThreeDS } from '@tessera/tokenizer/basis-theory';
import { createCardFields, TesseraFieldsError, type CardFieldsState } from '@tessera/tokenizer/fields';
import { CardFields, useTokenizer } from '@tessera/tokenizer/react';
import { fillCardFields } from '@tessera/tokenizer/testing';

const tessera = new Tessera({ apiKey: 'sk_test_types' });
const firstPage: PromiseLike<Page<Payment>> = tessera.payments.list({ useCursor: true });
void validateCard;
void firstPage;
void TesseraPaginationError;
void createTokenizer({ environment: 'local' });
void createThreeDS;
void useTokenizer;
const fields = createCardFields({ environment: 'local', style: { base: { color: '#1a1a1a', fontWeight: '500' } } });
const fieldsState: CardFieldsState = fields.getState();
void fieldsState;
void TesseraFieldsError;
void CardFields;
void fillCardFields;
// A payment's published fields, read without a cast; a typo in a list filter does not compile.
const describePayment = (payment: Payment): string =>
  [payment.createdAt, payment.customer?.email, payment.paymentInstrument?.card?.last4, payment.transactions?.[0]?.amount, payment.refundedAmount].join(' ');
void describePayment;
// @ts-expect-error `storeId` is not a filter of list payments (`storeIds` is)
void tessera.payments.list({ filters: { storeId: 'store_1' } });
void tessera.payments.list({ filters: { storeIds: ['store_1'], status: ['succeeded'], date: { condition: 'is-after-date', date: '2024-03-20' } } });
