// The runtime smoke: one payment journey through the built packages, with nothing but fetch, against the sandbox
// HTTP server. Runs unchanged on Node, Bun, Deno and workerd (see run.mjs).
import { decodeServiceToken } from '@tessera/core';
import { approveChallenge, createBasisTheorySession } from './approve-challenge.mjs';
import { getThreeDSChallenge, Tessera, TesseraAbortError, TesseraNotFoundError } from '@tessera/server';
import { createThreeDS, createTokenizer } from '@tessera/tokenizer';

// Sandbox test cards (see the sandbox README): approved, and 3DS required.
const SANDBOX_SUCCESS_CARD = '4242424242424242';
const SANDBOX_THREEDS_CARD = '4000000000003220';

/** @param {unknown} condition @param {string} message */
function check(condition, message) {
  if (!condition) throw new Error(`smoke: ${message}`);
}

/**
 * Runs the journey and returns one line per step.
 * @param {{ sandboxUrl: string, apiKey: string, gatewayStoreId: string }} target
 * @returns {Promise<string[]>}
 */
export async function runSmoke({ sandboxUrl, apiKey, gatewayStoreId }) {
  const steps = [];
  const tokenizer = createTokenizer({ environment: 'local', vaultUrl: sandboxUrl });
  // The 3DS helper is created (no DOM needed until a challenge starts); its session step needs a browser (below).
  check(typeof createThreeDS({ environment: 'local', vaultUrl: sandboxUrl }).startChallenge === 'function', 'createThreeDS works without a DOM');
  const tessera = new Tessera({ apiKey, baseUrl: sandboxUrl });
  const storeId = gatewayStoreId;
  const customerData = { email: 'smoke@example.com', firstName: 'Smoke' };

  // 1. An approved card: tokenize → instrument → purchase → refund.
  const serviceToken = await tokenizer.tokenizeCard({ cardNumber: SANDBOX_SUCCESS_CARD, expiryDate: '12/34', cvc: '123', cardholderName: 'Smoke Test' });
  check(typeof serviceToken === 'string' && !serviceToken.includes(SANDBOX_SUCCESS_CARD), 'tokenizeCard returns a service token without the card number');
  steps.push('tokenizeCard');
  const { paymentInstrument } = await tessera.paymentInstruments.createFromToken({ serviceToken, storeId, customerData });
  check(paymentInstrument.card?.last4 === '4242', 'the instrument carries last4');
  steps.push('paymentInstruments.createFromToken');
  const paid = await tessera.payments.purchase({ amount: 1999, currency: 'USD', storeId, paymentInstrumentId: paymentInstrument.id, initiatedBy: 'customer' });
  check(paid.status === 'succeeded', `purchase succeeded (got ${paid.status})`);
  steps.push('payments.purchase → succeeded');
  // The document does not show refund's answer: the payment when the body is one (or wraps one), and the raw body.
  const { payment: refunded } = await tessera.payments.refund({ paymentId: paid.id, storeId, amount: 500 });
  check(refunded?.status === 'partially_refunded', `refund of part (got ${refunded?.status})`);
  steps.push('payments.refund → partially_refunded');

  // 2. A card that needs 3DS: local session → server session → pending → approve → waitForFinalStatus.
  const threedsToken = await tokenizer.tokenizeCard({ cardNumber: SANDBOX_THREEDS_CARD, expiryDate: '12/34', cvc: '123', cardholderName: 'Smoke Test' });
  const created = await tessera.paymentInstruments.createFromToken({ serviceToken: threedsToken, storeId, customerData });
  const instrument = created.paymentInstrument;
  const local = await createBasisTheorySession(sandboxUrl, { tokenId: decodeServiceToken(threedsToken).token, paymentInstrumentId: instrument.id, storeId });
  const session = await tessera.threeds.createSession(local);
  const pending = await tessera.payments.purchase({ amount: 4200, currency: 'USD', storeId, paymentInstrumentId: instrument.id, threedsSessionId: session.id, initiatedBy: 'customer' });
  const challenge = getThreeDSChallenge(pending);
  check(pending.status === 'pending' && challenge !== undefined, `3DS purchase is pending with a challenge (got ${pending.status})`);
  steps.push('payments.purchase → pending (threeds_auth)');
  await approveChallenge(challenge);
  steps.push('3DS challenge approved');
  const final = await tessera.payments.waitForFinalStatus(pending.id, { intervalMs: 20 });
  check(final.status === 'succeeded', `waitForFinalStatus → succeeded (got ${final.status})`);
  steps.push('payments.waitForFinalStatus → succeeded');

  // 3. A typed 404, and an aborted call.
  const missing = await tessera.payments.retrieve('pay_missing').catch((/** @type {unknown} */ error) => error);
  check(missing instanceof TesseraNotFoundError && missing.status === 404, 'an unknown payment is a TesseraNotFoundError');
  steps.push('payments.retrieve(unknown) → TesseraNotFoundError');
  const aborted = await tessera.payments.retrieve(paid.id, { signal: AbortSignal.abort() }).catch((/** @type {unknown} */ error) => error);
  check(aborted instanceof TesseraAbortError, 'an aborted call is a TesseraAbortError');
  const abortedTokenize = await tokenizer
    .tokenizeCard({ cardNumber: SANDBOX_SUCCESS_CARD, expiryDate: '12/34', cvc: '123' }, { signal: AbortSignal.abort() })
    .catch((/** @type {unknown} */ error) => error);
  check(abortedTokenize instanceof TesseraAbortError, 'an aborted tokenizeCard is a TesseraAbortError');
  steps.push('aborted server call and tokenizeCard → TesseraAbortError');
  return steps;
}
