/** What a `simulated` processor does with a card. */
export type TestCardOutcome = 'approve' | 'challenge' | 'decline' | 'fail' | 'redirect' | 'processor_auth' | 'radar';

/**
 * The `simulated` processor's test cards (any future expiry, any CVC). Any other Luhn-valid number is approved.
 * `sandbox` processors ignore this table and approve everything.
 */
export const testCards: Readonly<Record<string, TestCardOutcome>> = {
  '4242424242424242': 'approve',
  '4000000000003220': 'challenge',
  '4000000000000002': 'decline',
  '4000000000000119': 'fail',
  // One per other `requireAction` kind: a redirect to the sandbox's approval page, and two actions no browser runs.
  '4000000000003063': 'redirect',
  '4000000000003089': 'processor_auth',
  '4000000000004954': 'radar',
};

/** The outcome for a card number (digits only). */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  return testCards[cardNumber] ?? 'approve';
}
