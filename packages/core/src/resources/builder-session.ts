import * as z from 'zod/mini';
import { nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/** What a builder session may do (published enum): `read:source`, `write:deploy`, `read:manifest`, `write:manifest`. */
export const builderPermission = z.union([z.literal('read:source'), z.literal('write:deploy'), z.literal('read:manifest'), z.literal('write:manifest')]);
/** What a builder session may do. */
export type BuilderPermission = z.infer<typeof builderPermission>;

/**
 * How long a builder session lives: a whole number of seconds as digits (`'3600'`), or of seconds, minutes, hours or
 * days with its unit (`'30m'`, `'1h'`, `'7d'`). The page types it as a string without a format; the forms accepted are
 * ours (docs/contracts.md, "Funnels"), any other string is refused naming them.
 */
export const builderSessionLifetime = z.string().check(
  z.regex(/^(?:[1-9]\d{0,7}|[1-9]\d{0,5}[smhd])$/, {
    message: "must be a whole number of seconds ('3600') or of s, m, h or d ('30m', '1h', '7d'): send one of these forms",
  }),
);

/**
 * Body of `POST /builder/sessions` (published): every field optional, as the page marks none required: `pluginId`
 * and `deploymentId` (both in the published example, and named again by the answer), `storeId`, `permissions` (each
 * of {@link builderPermission}), `expiresIn` (see {@link builderSessionLifetime}) and `metadata`.
 */
export const createBuilderSessionRequest = z.looseObject({
  pluginId: z.optional(nonEmptyString),
  deploymentId: z.optional(nonEmptyString),
  storeId: z.optional(resourceId),
  permissions: z.optional(z.array(builderPermission)),
  expiresIn: z.optional(builderSessionLifetime),
  metadata: z.optional(z.record(z.string(), z.unknown())),
}).check(withoutCardData);
/** Body of `POST /builder/sessions`. */
export type CreateBuilderSessionRequest = RequestFields<z.input<typeof createBuilderSessionRequest>>;

/**
 * A builder session (published answer): `{ token, expiresAt, accountId, pluginId, deploymentId }`. `token` is relied
 * on (a bearer credential for the builder: keep it secret); the others are typed as published and never refused
 * (`pluginId` and `deploymentId` are `null` for a session made without them).
 */
export const builderSessionSchema = z.looseObject({
  token: z.string(),
  expiresAt: published(z.string()),
  accountId: published(z.string()),
  pluginId: published(z.nullable(z.string())),
  deploymentId: published(z.nullable(z.string())),
});
/** A builder session. */
export type BuilderSession = z.infer<typeof builderSessionSchema>;

/**
 * The catalog entries of builder sessions, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const builderSessionOperations = () => catalogEntries({
  // Bare as published, or wrapped in `{ data }`: read either way (docs/contracts.md, "Funnels").
  createBuilderSession: op('POST /builder/sessions', { request: createBuilderSessionRequest, response: builderSessionSchema, unwrap: ['data'], answer: 'required', requires: ['token'] }),
});
