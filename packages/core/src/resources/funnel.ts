import * as z from 'zod/mini';
import { nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op, recognisedAs } from '../plumbing/operation.js';

// Funnels (`POST /funnels`, `POST /funnels/{funnelId}/preview-session`, published). The config's children are not
// rendered: they are read from the published example, whose placeholder values (`"variants": "<array>"` on a node,
// `"conditions": "<unknown>"` on an edge) pass as given (docs/contracts.md, "Funnels").

/** Any JSON object (a funnel's `config`, `metadata`, a step's `conditions`). */
const jsonObject = z.record(z.string(), z.unknown());

/**
 * A variant of a funnel step, as the published example shows one: `id`, and optionally `label`, `percentage` (any
 * number: the example's is `123`) and `config`.
 */
export const funnelStepVariantInput = z.looseObject({
  id: nonEmptyString,
  label: z.optional(z.string()),
  percentage: z.optional(z.number()),
  config: z.optional(jsonObject),
});
/** A variant of a funnel step. */
export type FunnelStepVariantInput = RequestFields<z.input<typeof funnelStepVariantInput>>;

/**
 * A step of a funnel's config (published example): its `id` (what a preview session and a tracked step name), and
 * optionally `name`, `type`, `index`, `row`, `isEntry`, `isDefault`, `config`, `variants` and `conditions`.
 */
export const funnelStepInput = z.looseObject({
  id: nonEmptyString,
  name: z.optional(z.string()),
  type: z.optional(z.string()),
  index: z.optional(z.number()),
  row: z.optional(z.number()),
  isEntry: z.optional(z.boolean()),
  isDefault: z.optional(z.boolean()),
  config: z.optional(jsonObject),
  variants: z.optional(z.array(funnelStepVariantInput)),
  conditions: z.optional(z.unknown()),
});
/** A step of a funnel's config. */
export type FunnelStepInput = RequestFields<z.input<typeof funnelStepInput>>;

/**
 * A node of a funnel's graph (published example): its `id`, and optionally `name`, `type`, `kind`, `isEntry`,
 * `isDefault`, `isConversion`, `config`, `variants` (the example's is the placeholder `"<array>"`: any value
 * passes), `splitType` and `metadata`.
 */
export const funnelNodeInput = z.looseObject({
  id: nonEmptyString,
  name: z.optional(z.string()),
  type: z.optional(z.string()),
  kind: z.optional(z.string()),
  isEntry: z.optional(z.boolean()),
  isDefault: z.optional(z.boolean()),
  isConversion: z.optional(z.boolean()),
  config: z.optional(jsonObject),
  variants: z.optional(z.unknown()),
  splitType: z.optional(z.string()),
  metadata: z.optional(jsonObject),
});
/** A node of a funnel's graph. */
export type FunnelNodeInput = RequestFields<z.input<typeof funnelNodeInput>>;

/**
 * An edge of a funnel's graph (published example): its `id`, the `source` and `target` nodes, and optionally
 * `label`, `conditions` (any value: the example's is `"<unknown>"`) and `metadata`.
 */
export const funnelEdgeInput = z.looseObject({
  id: nonEmptyString,
  source: z.string(),
  target: z.string(),
  label: z.optional(z.string()),
  conditions: z.optional(z.unknown()),
  metadata: z.optional(jsonObject),
});
/** An edge of a funnel's graph. */
export type FunnelEdgeInput = RequestFields<z.input<typeof funnelEdgeInput>>;

/**
 * A funnel's `config` (published: an object; its children from the published example, each optional): `name`,
 * `id`, `description`, `version`, the `steps`, the graph's `nodes` and `edges`, and `metadata`.
 */
export const funnelConfigInput = z.looseObject({
  name: z.optional(z.string()),
  id: z.optional(z.string()),
  description: z.optional(z.string()),
  version: z.optional(z.string()),
  nodes: z.optional(z.array(funnelNodeInput)),
  edges: z.optional(z.array(funnelEdgeInput)),
  steps: z.optional(z.array(funnelStepInput)),
  metadata: z.optional(jsonObject),
});
/** A funnel's `config`. */
export type FunnelConfigInput = RequestFields<z.input<typeof funnelConfigInput>>;

/**
 * Body of `POST /funnels` (published): `storeId` and `config` required, `isDefault` (the store's default funnel).
 * Card data anywhere in it is refused (`card_data`): a funnel's config is kept as given.
 */
export const createFunnelRequest = z.looseObject({
  storeId: resourceId,
  config: funnelConfigInput,
  isDefault: z.optional(z.boolean()),
}).check(withoutCardData);
/** Body of `POST /funnels`. */
export type CreateFunnelRequest = RequestFields<z.input<typeof createFunnelRequest>>;

/**
 * A funnel as the sandbox answers create (the published answer is not shown): its `id`, and as published its
 * `storeId`, `name`, `config`, `isDefault` and `createdAt`, typed for the reader and never refused. Only `id` is relied on.
 */
export const funnelSchema = z.looseObject({
  id: z.string(),
  storeId: published(z.string()),
  name: published(z.nullable(z.string())),
  config: published(z.record(z.string(), z.unknown())),
  isDefault: published(z.boolean()),
  createdAt: published(z.string()),
});
/** A funnel as create returns it. */
export type Funnel = z.infer<typeof funnelSchema>;

/**
 * Body of `POST /funnels/{funnelId}/preview-session` (published): `funnelId` (the path's, also in the published
 * example's body, where it is sent too), `storeId` and `stepId` required; `builderOptions`, `environment` (`staging`,
 * the default, or `production`), `funnelVariantId`, `enableSticky`; and the example's `accountId` and `contextData`.
 */
export const createFunnelPreviewSessionRequest = z.looseObject({
  funnelId: resourceId,
  storeId: resourceId,
  stepId: nonEmptyString,
  builderOptions: z.optional(jsonObject),
  environment: z.optional(z.union([z.literal('staging'), z.literal('production')])),
  funnelVariantId: z.optional(z.string()),
  enableSticky: z.optional(z.boolean()),
  accountId: z.optional(z.string()),
  contextData: z.optional(jsonObject),
}).check(withoutCardData);
/** Body of `POST /funnels/{funnelId}/preview-session`, `funnelId` filling the path. */
export type CreateFunnelPreviewSessionRequest = RequestFields<z.input<typeof createFunnelPreviewSessionRequest>>;

/**
 * A funnel preview session (published answer): `{ sessionId, funnelId, stepId, token, customerId }`. `sessionId` is
 * relied on; the others are typed as published and never refused. `token` opens the preview: keep it as a secret.
 */
export const funnelPreviewSessionSchema = z.looseObject({
  sessionId: z.string(),
  funnelId: published(z.string()),
  stepId: published(z.string()),
  token: published(z.string()),
  customerId: published(z.string()),
});
/** A funnel preview session. */
export type FunnelPreviewSession = z.infer<typeof funnelPreviewSessionSchema>;

/**
 * The catalog entries of funnels, for core's `operations` (`catalog/operations.ts`) to compose: a function, so
 * that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const funnelOperations = () => catalogEntries({
  createFunnel: op('POST /funnels', { request: createFunnelRequest, ...recognisedAs('funnel', funnelSchema) }),
  // The path's `{funnelId}` is the input's `funnelId` (`idField`), which the body carries too, as published.
  createFunnelPreviewSession: op('POST /funnels/{id}/preview-session', {
    request: createFunnelPreviewSessionRequest,
    idField: 'funnelId',
    response: funnelPreviewSessionSchema,
    // Bare as published, or wrapped in `{ data }` as other answers of the service are: read either way, so a
    // wrapped session (made on the service) is never a response validation error (docs/contracts.md, "Funnels").
    unwrap: ['data'],
    answer: 'required',
    requires: ['sessionId'],
  }),
});
