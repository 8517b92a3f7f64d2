/**
 * What a test card asks a customer-initiated payment on a `simulated` processor for: a 3DS challenge; a page
 * (`redirect`, or `processor_auth`, the processor's own authentication page); a radar device check (Airwallex's
 * fingerprint or a Stripe Radar session); or Airwallex's check and, once continued, a 3DS challenge.
 */
export type CustomerActionOutcome = 'challenge' | 'redirect' | 'processor_auth' | 'airwallex_radar' | 'stripe_radar' | 'airwallex_radar_then_challenge';

/**
 * What a card does when charged. `decline`: the `simulated` processor declines it (a processor decline, which a
 * flow's fallback processors may approve). `issuer_decline`: the card's issuer declines it (insufficient funds), so
 * every processor declines it, `sandbox` ones included, and no fallback is tried. The others are
 * {@link CustomerActionOutcome}s.
 */
export type TestCardOutcome = 'approve' | 'decline' | 'issuer_decline' | 'fail' | CustomerActionOutcome;

/**
 * The sandbox's test cards (any future expiry, any CVC). Any other Luhn-valid number is approved. `sandbox`
 * processors approve everything except the issuer decline `4000 0000 0000 9995`.
 */
export const testCards: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': 'approve',
  '4000000000003220': 'challenge',
  '4000000000000002': 'decline',
  '4000000000000119': 'fail',
  '4000000000009995': 'issuer_decline',
  // One per other action the vendor's code runs: a page to approve on (the sandbox's), the processor's own page (the
  // sandbox's too), Airwallex's and Stripe's radar checks, and a chain (Airwallex's check, then a 3DS challenge).
  '4000000000003063': 'redirect',
  '4000000000003089': 'processor_auth',
  '4000000000004954': 'airwallex_radar',
  '4000000000004962': 'stripe_radar',
  '4000000000004970': 'airwallex_radar_then_challenge',
  // 3DS required as 3220, from an issuer with a 3DS method (see `threeDSMethodCards`).
  '4000000000003238': 'challenge',
};

/**
 * The test cards whose issuer has a 3DS method: Basis Theory's session for one carries `method_url` and
 * `method_notification_url`, and web-threeds runs the method (its hidden frame) before `createSession` resolves.
 */
export const threeDSMethodCards: ReadonlySet<string> = new Set(['4000000000003238']);

/** The outcome for a card number (digits only). */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  return testCards[cardNumber] ?? 'approve';
}

/** True for the cards that ask for a 3DS challenge at some point: the vault says `sca_required` for them. */
export function requiresChallenge(outcome: TestCardOutcome): boolean {
  return outcome === 'challenge' || outcome === 'airwallex_radar_then_challenge';
}

/** Why a payment was declined or failed: the vendor's plugin SDK's `error` action, `{ type: 'error', message, errorCode }`. */
export interface DeclineReason {
  errorCode: string;
  message: string;
}

/**
 * Why each declining or failing test card's payment was declined or failed, as its answer and events carry it
 * (`requireAction: 'error'`, `requireActionData: { type: 'error', errorCode, message }`). The codes are the sandbox's
 * choice: the vendor publishes the fields (its plugin SDK's `Payment` type) but no list of codes.
 */
export const declineReasons = {
  issuer_decline: { errorCode: 'insufficient_funds', message: 'Insufficient funds' },
  decline: { errorCode: 'processor_declined', message: 'Declined by the processor' },
  fail: { errorCode: 'processing_error', message: 'The processor could not process the payment' },
} as const satisfies Partial<Record<TestCardOutcome, DeclineReason>>;
