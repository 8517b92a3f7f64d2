import type { OperationName } from '@tessera/core/internal';
import { cardDataRoutes } from './sandbox-route-handlers.js';

/**
 * The operations whose answer is a bearer token the sandbox keeps only as a digest: a funnel preview session's
 * `token` and a builder session's `token` (docs/contracts.md, "Funnels").
 */
export const tokenAnswerOperations: ReadonlySet<OperationName> = new Set<OperationName>(['createFunnelPreviewSession', 'createBuilderSession']);

/**
 * The routes whose `Idempotency-Key` records (the request's digest and the answer kept for the key) are held in
 * memory only, never in the state a data file keeps: the card routes (their body is a card number and CVC) and the
 * token answers (the kept answer is the token itself). A retry with the same key gets the same answer back while the
 * sandbox runs; after a restart it makes a new session (no money moves, and the first token was never written).
 */
export const memoryOnlyAnswerRoutes: ReadonlySet<string> = new Set<string>([...cardDataRoutes, ...tokenAnswerOperations]);
