import * as z from 'zod/mini';

/**
 * The error body the sandbox sends, and the first shape `readErrorBody` (error-body.ts) looks for. The document does not
 * show the service's error body ("not shown"): `{ error: { code, message, fields?, requestId? } }` is our choice.
 */
export const apiErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.array(z.looseObject({ field: z.string(), code: z.string(), message: z.string() }))),
    requestId: z.optional(z.string()),
  }),
});
/** The sandbox's error body. */
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
