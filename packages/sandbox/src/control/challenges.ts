import { TesseraValidationError } from '@tessera/core';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { ChallengeOutcome } from '../service/challenges.js';
import type { ControlTransport } from './transport.js';

/** The 3DS challenges of a running sandbox: `sandbox.challenges` over HTTP (`POST /sandbox/challenges/{id}/complete`). */
export interface RemoteChallenges {
  /**
   * Approves a challenge as the customer's *Approve* on the ACS page does, by the payment's id (`pay_…`), its 3DS
   * session id (`getThreeDSChallenge(payment).sessionId`) or its ACS transaction id (`acsTransactionId`). Rejects
   * with a `SandboxControlError`: 404 for an unknown id, 409 for a payment that never asked for a challenge, 409
   * `challenge_abandoned` for a challenge the customer left unanswered (their checkout said they were not charged).
   */
  approve(id: string): Promise<ChallengeOutcome>;
  /** Fails a challenge (the ACS page's *Fail authentication*): the payment fails. Same ids as {@link approve}. */
  fail(id: string): Promise<ChallengeOutcome>;
}

/** The challenge controls of `connectSandbox`. */
export function remoteChallenges(transport: ControlTransport): RemoteChallenges {
  const complete = async (id: string, outcome: 'approve' | 'fail'): Promise<ChallengeOutcome> => {
    if (typeof id !== 'string' || id.trim() === '') {
      throw new TesseraValidationError([{ field: 'id', code: 'required', message: "must be the payment's id, its 3DS session id or its ACS transaction id" }]);
    }
    const answer = await transport.request<ChallengeOutcome & { acsTransID?: string }>('POST', sandboxRoutes.completeDashboardChallenge.replace('{id}', encodeURIComponent(id)), { outcome });
    const { paymentId, status, sessionId, acsTransactionId, authenticated } = answer;
    return { paymentId, status, sessionId, acsTransactionId, authenticated };
  };
  return { approve: (id) => complete(id, 'approve'), fail: (id) => complete(id, 'fail') };
}
