import * as z from 'zod/mini';

/** The vault's raw card token (section 2.2, `CardTokenResponse`). Unknown fields pass through. */
export const cardTokenResponse = z.looseObject({
  /** Vault token id. */
  id: z.string().check(z.minLength(1)),
  type: z.string(),
  data: z.optional(
    z.looseObject({
      /** Masked card number (e.g. `424242XXXXXX4242`), never the full PAN. */
      number: z.optional(z.string()),
      expiration_month: z.optional(z.number()),
      expiration_year: z.optional(z.number()),
      // Non-sensitive card facts the vault may add; the tokenizer copies them into the service token.
      last4: z.optional(z.string()),
      bin: z.optional(z.string()),
      brand: z.optional(z.string()),
      funding: z.optional(z.string()),
      fingerprint: z.optional(z.string()),
      issuer: z.optional(z.looseObject({ name: z.optional(z.string()), country: z.optional(z.string()) })),
    }),
  ),
  metadata: z.optional(
    z.looseObject({
      auth: z.optional(z.looseObject({ /** True when 3DS will be required. */ scaRequired: z.optional(z.boolean()) })),
      tokenizedAt: z.optional(z.string()),
    }),
  ),
});
/** The vault's raw card token (section 2.2). */
export type CardTokenResponse = z.infer<typeof cardTokenResponse>;
