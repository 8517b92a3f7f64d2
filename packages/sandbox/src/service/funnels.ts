import type * as z from 'zod/mini';
import type { RequestFields } from '@tessera/core';
import type { funnelConfigInput } from '@tessera/core/schemas';
import type { OperationInput } from '@tessera/core/internal';
import { byId, internalById } from '../state/collection.js';
import type { ServedOperations, SandboxContext } from './context.js';
import { notFound, validationError } from '../errors/http-error.js';
import { customers } from './customers.js';
import { issueOpaqueToken } from './opaque-tokens.js';
import { requireStore } from './stores.js';

/** A funnel of a store: its config as given (steps, nodes, edges), and whether it is the store's default. */
export interface FunnelRecord {
  /** `funnelv2_…`, the prefix of the published examples' funnel ids. */
  id: string;
  storeId: string;
  /** The config's `name`, `null` without one. */
  name: string | null;
  config: RequestFields<z.output<typeof funnelConfigInput>>;
  /** The store's default funnel: at most one of a store's funnels is. */
  isDefault: boolean;
  createdAt: string;
}

/** A preview session of a funnel's step: what it opens, for whom, and the digest of its token (never the token). */
export interface FunnelPreviewSessionRecord {
  /** `fs_…`, as the published answer's `sessionId`. */
  id: string;
  funnelId: string;
  storeId: string;
  stepId: string;
  /** The preview customer made for it. */
  customerId: string;
  environment: 'staging' | 'production';
  funnelVariantId?: string;
  /** The SHA-256 (hex) of its token. */
  tokenDigest: string;
  createdAt: string;
}

/** Funnels by id. */
export const funnels = byId<FunnelRecord>()('funnels');

/** Funnel preview sessions by id (internal: they hold their tokens' digests). */
export const funnelPreviewSessions = internalById<FunnelPreviewSessionRecord>()('funnelPreviewSessions');

/**
 * Create funnel (`POST /funnels`, published; its answer is not shown) → `{ funnel: { id, storeId, name, config,
 * isDefault, createdAt } }`. The config is kept as given (the published example's placeholders included). With
 * `isDefault`, the funnel becomes its store's default and the store's earlier default is one no longer. Unknown store: 404.
 */
export function createFunnel(ctx: SandboxContext, input: OperationInput<'createFunnel'>): { funnel: FunnelRecord } {
  const store = requireStore(ctx, input.storeId);
  const all = funnels.of(ctx);
  const isDefault = input.isDefault === true;
  if (isDefault) {
    for (const other of [...all.values()]) if (other.storeId === store.id && other.isDefault) all.set(other.id, { ...other, isDefault: false });
  }
  const funnel: FunnelRecord = { id: ctx.nextId('funnelv2'), storeId: store.id, name: input.config.name ?? null, config: input.config, isDefault, createdAt: ctx.nowIso() };
  all.set(funnel.id, funnel);
  return { funnel };
}

/** The funnel of `storeId`, or a 404 naming the funnel only (a funnel of another store is not found either). */
export function requireFunnel(ctx: SandboxContext, funnelId: string, storeId: string): FunnelRecord {
  const funnel = funnels.of(ctx).get(funnelId);
  if (!funnel || funnel.storeId !== storeId) throw notFound('funnel', funnelId);
  return funnel;
}

/** The ids of a funnel's steps: those of its config's `steps` and `nodes`. */
function stepIdsOf(funnel: FunnelRecord): string[] {
  return [...(funnel.config.steps ?? []), ...(funnel.config.nodes ?? [])].map((step) => step.id);
}

/**
 * Create a preview session (`POST /funnels/{funnelId}/preview-session`, published) → the published `{ sessionId,
 * funnelId, stepId, token, customerId }`: a preview customer is made in the store, and the token is random and
 * opaque (only its digest is kept). The funnel must be one of the store's (else 404) and `stepId` one of its config's
 * steps or nodes (else a 400 on `stepId`); `environment` defaults to `staging`.
 */
export function createFunnelPreviewSession(ctx: SandboxContext, input: OperationInput<'createFunnelPreviewSession'>): Record<string, string> {
  const store = requireStore(ctx, input.storeId);
  const funnel = requireFunnel(ctx, input.funnelId, store.id);
  const stepIds = stepIdsOf(funnel);
  if (!stepIds.includes(input.stepId)) {
    const known = stepIds.length === 0 ? 'it has none: create a funnel whose config lists its steps' : `send one of ${stepIds.join(', ')}`;
    throw validationError([{ field: 'stepId', code: 'unknown_step', message: `is not a step of funnel ${funnel.id}: ${known}` }]);
  }
  const customerId = ctx.nextId('cus');
  customers.of(ctx).set(customerId, { id: customerId, storeId: store.id, createdAt: ctx.nowIso() });
  const { token, digest } = issueOpaqueToken('fpt');
  const session: FunnelPreviewSessionRecord = {
    id: ctx.nextId('fs'),
    funnelId: funnel.id,
    storeId: store.id,
    stepId: input.stepId,
    customerId,
    environment: input.environment ?? 'staging',
    ...(input.funnelVariantId === undefined ? {} : { funnelVariantId: input.funnelVariantId }),
    tokenDigest: digest,
    createdAt: ctx.nowIso(customerId),
  };
  funnelPreviewSessions.of(ctx).set(session.id, session);
  return { sessionId: session.id, funnelId: funnel.id, stepId: session.stepId, token, customerId };
}

/** The funnel operations the sandbox serves, for the handler table (`http/operation-handlers.ts`). */
export const funnelOperations = {
  createFunnel,
  createFunnelPreviewSession,
} satisfies ServedOperations;
