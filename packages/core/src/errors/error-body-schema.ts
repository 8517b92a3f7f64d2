import * as z from 'zod/mini';

/**
 * The error body the sandbox sends: the published `{ code, message, data }` (the vendor's API introduction; codes
 * such as `PAYMENT_NOT_FOUND`), with `data` holding the field errors and the request id, and beside it our earlier
 * `{ error: { code, message, fields?, requestId? } }` (the document shows no error body). `readErrorBody`
 * (error-body.ts) reads both.
 */
export const apiErrorBody = z.looseObject({
  code: z.string(),
  message: z.string(),
  data: z.looseObject({
    fields: z.optional(z.array(z.looseObject({ field: z.string(), code: z.string(), message: z.string() }))),
    requestId: z.optional(z.string()),
  }),
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.array(z.looseObject({ field: z.string(), code: z.string(), message: z.string() }))),
    requestId: z.optional(z.string()),
  }),
});
/** The sandbox's error body. */
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
