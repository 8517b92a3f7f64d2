import * as z from 'zod/mini';

/**
 * The message the ACS notification page posts to the page that opened the challenge (`window.parent`).
 * `transStatus` is the EMV value: `Y` authenticated, `N` not authenticated, `R` rejected, `U` unavailable.
 */
export const challengeCompletionMessage = z.object({
  type: z.literal('tessera:3ds-challenge-complete'),
  acsTransID: z.string(),
  threeDSServerTransID: z.string(),
  transStatus: z.enum(['Y', 'N', 'R', 'U', 'A']),
});
/** The message posted when the challenge ends. */
export type ChallengeCompletionMessage = z.infer<typeof challengeCompletionMessage>;
