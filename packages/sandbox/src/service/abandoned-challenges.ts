import { SandboxHttpError } from '../errors/http-error.js';
import { internalById } from '../state/collection.js';
import type { SandboxContext } from './context.js';

/**
 * A 3DS challenge the customer left without answering it: the challenge page went away (the checkout's modal closed,
 * cancelled, the tab left) before *Approve* or *Fail authentication* was pressed. The page the customer saw said they
 * were not charged, so the challenge can no longer be approved into a charge (inferred: a real ACS ends such a
 * challenge with `challengeCancel` 01, cardholder cancelled, or 05/06 on its timeout, and never authenticates it).
 */
export interface AbandonedChallenge {
  /** The challenge's ACS transaction id. */
  acsTransactionId: string;
  /** When the challenge page went away (the sandbox clock's ISO time). */
  abandonedAt: string;
}

/** Abandoned challenges by ACS transaction id (internal). */
export const abandonedChallenges = internalById<AbandonedChallenge>()('abandonedChallenges');

/** Records that the customer left the challenge `acsTransactionId` unanswered (once; the first time is kept). */
export function abandonChallenge(ctx: SandboxContext, acsTransactionId: string): void {
  if (acsTransactionId === '' || abandonedChallenges.of(ctx).has(acsTransactionId)) return;
  abandonedChallenges.of(ctx).set(acsTransactionId, { acsTransactionId, abandonedAt: ctx.nowIso() });
}

/** The abandonment of the challenge `acsTransactionId`, if the customer left it. */
export function abandonmentOf(ctx: SandboxContext, acsTransactionId: string): AbandonedChallenge | undefined {
  return abandonedChallenges.of(ctx).get(acsTransactionId);
}

/** 409 `challenge_abandoned`: approving a challenge the customer left, which would charge a customer told they were not. */
export function challengeAbandoned(acsTransactionId: string, abandonedAt: string): SandboxHttpError {
  return new SandboxHttpError(
    409,
    'challenge_abandoned',
    `The customer left the 3DS challenge ${acsTransactionId} unanswered at ${abandonedAt} (the checkout told them they were not charged), so it cannot be approved: fail it, or start a new payment and approve that one's challenge`,
  );
}
