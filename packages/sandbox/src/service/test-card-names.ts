/**
 * The sandbox's test cards by name, for the helpers that make a service token from a test card
 * (`sandbox.createServiceToken('visa_3ds')`, `tessera-sandbox token visa_3ds`): each names the number whose outcome
 * `testCards` gives (any other valid number is approved, as `visa`, `mastercard` and `amex` are).
 */
export const testCardNumbers = {
  /** Approved. */
  visa: '4242424242424242',
  /** 3DS required: a customer's payment on a flow with 3DS on waits on a challenge. */
  visa_3ds: '4000000000003220',
  /** 3DS required as `visa_3ds`, and its issuer has a 3DS method (web-threeds runs it when the session is created). */
  visa_3ds_method: '4000000000003238',
  /** Declined by the `simulated` processor (`processor_declined`): a flow's fallback may approve it. */
  visa_declined: '4000000000000002',
  /** Declined by the issuer everywhere (`insufficient_funds`), never cascaded. */
  visa_insufficient_funds: '4000000000009995',
  /** Failed (`processing_error`). */
  visa_failed: '4000000000000119',
  /** A redirect to the sandbox's approve/decline page. */
  visa_redirect: '4000000000003063',
  /** The processor's own authentication page (`processor_auth`). */
  visa_processor_auth: '4000000000003089',
  /** Airwallex's device check (`radar`). */
  visa_airwallex_radar: '4000000000004954',
  /** A Stripe Radar session (`stripe_radar`). */
  visa_stripe_radar: '4000000000004962',
  /** Airwallex's check, then a 3DS challenge. */
  visa_airwallex_radar_3ds: '4000000000004970',
  /** Approved (a Mastercard). */
  mastercard: '5555555555554444',
  /** Approved (an American Express: 4-digit CVC). */
  amex: '378282246310005',
} as const;

/** The name of a test card ({@link testCardNumbers}). */
export type TestCardName = keyof typeof testCardNumbers;

/** True for the name of a test card. */
export const isTestCardName = (name: string): name is TestCardName => Object.hasOwn(testCardNumbers, name);
