import type { OperationInput } from '@tessera/core/internal';
import { internalById } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { SANDBOX_ACCOUNT_ID } from './instruments.js';
import { issueOpaqueToken } from './opaque-tokens.js';
import { requireStore } from './stores.js';

/** A builder session: what it was made for and until when, and the digest of its token (never the token). */
export interface BuilderSessionRecord {
  id: string;
  /** As given, `null` when the request named none. */
  pluginId: string | null;
  /** As given, `null` when the request named none. */
  deploymentId: string | null;
  storeId?: string;
  /** As given (none when the request gave none). */
  permissions: string[];
  metadata?: Record<string, unknown>;
  /** The SHA-256 (hex) of its token. */
  tokenDigest: string;
  expiresAt: string;
  createdAt: string;
}

/** Builder sessions by id (internal: they hold their tokens' digests). */
export const builderSessions = internalById<BuilderSessionRecord>()('builderSessions');

/** How long a builder session lives when `expiresIn` is left out: one hour (ours; docs/contracts.md, "Funnels"). */
export const DEFAULT_BUILDER_SESSION_LIFETIME = '1h';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A lifetime core's schema checked (`'3600'`, seconds as digits; `'30m'`, `'1h'`, `'7d'`), in milliseconds. */
export function lifetimeMs(expiresIn: string): number {
  const unit = expiresIn.slice(-1);
  if (!(unit in UNIT_MS)) return Number(expiresIn) * UNIT_MS.s;
  return Number(expiresIn.slice(0, -1)) * UNIT_MS[unit as keyof typeof UNIT_MS];
}

/**
 * Create a builder session token (`POST /builder/sessions`, published) → the published `{ token, expiresAt,
 * accountId, pluginId, deploymentId }`. Every field is optional (the page marks none required); any `pluginId` and
 * `deploymentId` are taken (the sandbox has no plugins) and answered as given, `null` when left out; a `storeId`,
 * when given, must be a store (else 404). `expiresAt` is `expiresIn` (default 1 hour) after the sandbox's
 * clock. The token is random and opaque, no credential of the sandbox (no route takes it as a key); only its digest is kept.
 */
export function createBuilderSession(ctx: SandboxContext, input: OperationInput<'createBuilderSession'>): Record<string, string | null> {
  if (input.storeId !== undefined) requireStore(ctx, input.storeId);
  const createdAt = ctx.nowIso();
  const expiresAt = new Date(Date.parse(createdAt) + lifetimeMs(input.expiresIn ?? DEFAULT_BUILDER_SESSION_LIFETIME)).toISOString();
  const { token, digest } = issueOpaqueToken('bst');
  const session: BuilderSessionRecord = {
    id: ctx.nextId('bses'),
    pluginId: input.pluginId ?? null,
    deploymentId: input.deploymentId ?? null,
    ...(input.storeId === undefined ? {} : { storeId: input.storeId }),
    permissions: input.permissions ?? [],
    ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
    tokenDigest: digest,
    expiresAt,
    createdAt,
  };
  builderSessions.of(ctx).set(session.id, session);
  return { token, expiresAt, accountId: SANDBOX_ACCOUNT_ID, pluginId: session.pluginId, deploymentId: session.deploymentId };
}

/** The builder-session operations the sandbox serves, for the handler table (`http/operation-handlers.ts`). */
export const builderSessionOperations = {
  createBuilderSession,
} satisfies ServedOperations;
