// Type-checked by run.mjs as .ts (node10, bundler), .cts and .mts (node16): one use of every public entry point.
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
