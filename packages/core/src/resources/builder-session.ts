import * as z from 'zod/mini';
import { nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/** What a builder session may do (published enum): `read:source`, `write:deploy`, `read:manifest`, `write:manifest`. */
export const builderPermission = z.enum(['read:source', 'write:deploy', 'read:manifest', 'write:manifest']);
/** What a builder session may do. */
export type BuilderPermission = z.infer<typeof builderPermission>;

/**
 * How long a builder session lives: a whole number of seconds, minutes, hours or days (`'30m'`, `'1h'`, `'7d'`).
 * The page types it as a string without a format; this one is ours (docs/contracts.md, "Funnels").
 */
export const builderSessionLifetime = z.string().check(
  z.regex(/^[1-9]\d{0,5}[smhd]$/, { message: "must be a whole number of s, m, h or d, such as '30m' or '1h'" }),
);

/**
 * Body of `POST /builder/sessions` (published): `pluginId` and `deploymentId` (both in the published example, and
 * named again by the answer), and optionally `storeId`, `permissions` (each of {@link builderPermission}),
 * `expiresIn` (see {@link builderSessionLifetime}) and `metadata`.
 */
export const createBuilderSessionRequest = z.looseObject({
  pluginId: nonEmptyString,
  deploymentId: nonEmptyString,
  storeId: z.optional(resourceId),
  permissions: z.optional(z.array(builderPermission)),
  expiresIn: z.optional(builderSessionLifetime),
  metadata: z.optional(z.record(z.string(), z.unknown())),
}).check(withoutCardData);
/** Body of `POST /builder/sessions`. */
export type CreateBuilderSessionRequest = RequestFields<z.input<typeof createBuilderSessionRequest>>;

/**
 * A builder session (published answer): `{ token, expiresAt, accountId, pluginId, deploymentId }`. `token` is relied
 * on (a bearer credential for the builder: keep it secret); the others are typed as published and never refused.
 */
export const builderSessionSchema = z.looseObject({
  token: z.string(),
  expiresAt: published(z.string()),
  accountId: published(z.string()),
  pluginId: published(z.string()),
  deploymentId: published(z.string()),
});
/** A builder session. */
export type BuilderSession = z.infer<typeof builderSessionSchema>;

/**
 * The catalog entries of builder sessions, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const builderSessionOperations = () => catalogEntries({
  createBuilderSession: op('POST /builder/sessions', { request: createBuilderSessionRequest, response: builderSessionSchema, answer: 'required', requires: ['token'] }),
});
