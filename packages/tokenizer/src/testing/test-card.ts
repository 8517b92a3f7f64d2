/** A test card to type into the card fields. */
export interface TestCardInput {
  /** The card number, e.g. `4242 4242 4242 4242` (frictionless) or `4000 0000 0000 3220` (3DS challenge) on the sandbox. */
  number: string;
  /** The expiry as the customer types it, `MM/YY`. */
  expiry: string;
  cvc: string;
  /** The cardholder name, typed into the name input Tessera adds (when the fields were mounted with `name`). */
  name?: string;
}
