import * as z from 'zod/mini';
import { published } from './common.js';

/**
 * The facts of a card as the published answers show them (an instrument's `card`, a payment's
 * `paymentInstrument.card`): `last4`, `brand`, `expMonth`, `expYear`, each optional (a service token may carry none),
 * typed as published and never refused. Unknown fields pass through.
 */
export const cardFacts = z.looseObject({
  last4: published(z.string()),
  brand: published(z.string()),
  expMonth: published(z.number()),
  expYear: published(z.number()),
});
/** The facts of a card as the published answers show them. */
export type CardFacts = z.infer<typeof cardFacts>;
