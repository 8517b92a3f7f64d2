import * as z from 'zod/mini';
import { catalogEntries, op } from '../plumbing/operation.js';

/** Body of `POST /auth/test` (published: "of type object", example `{}`). */
export const testAuthRequest = z.looseObject({});

/**
 * Answer of `POST /auth/test` (published): `{ success, user: { id, orgId, permissions, account: { id, name },
 * isServiceAccount, isAccountOwner } }`. Only `user.id` is relied on (a 2xx means the key is valid); every other
 * field is optional here, so read them with care.
 */
export const authTestResult = z.looseObject({
  success: z.optional(z.boolean()),
  user: z.looseObject({
    id: z.string(),
    orgId: z.optional(z.string()),
    permissions: z.optional(z.array(z.string())),
    account: z.optional(z.looseObject({ id: z.optional(z.string()), name: z.optional(z.nullable(z.string())) })),
    isServiceAccount: z.optional(z.boolean()),
    isAccountOwner: z.optional(z.boolean()),
  }),
});
/** Answer of `POST /auth/test`. */
export type AuthTestResult = z.infer<typeof authTestResult>;

/**
 * The catalog entries of the key check, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const authOperations = () => catalogEntries({
  // A 2xx means the key is valid; the answer must name its user.
  testAuth: op('POST /auth/test', { request: testAuthRequest, response: authTestResult, answer: 'required', requires: ['user.id'] }),
});
