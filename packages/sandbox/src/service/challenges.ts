import { z } from '@tessera/core/internal';
import type { RouteResult } from '../wire/answer.js';
import { SandboxControlError } from '../errors/control-error.js';
import { completeChallenge } from '../emulations/acs.js';
import { btThreeDSSessions } from '../emulations/bt-threeds.js';
import { invalidState, SandboxHttpError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import type { SandboxContext } from './context.js';
import { challenges, type PaymentRecordStatus, payments } from './payment-records.js';

// A 3DS challenge settled from a test, as the customer would on the ACS page (approve, or fail authentication), by
// whatever id the test holds. The challenge's fields have one name each, core's `ThreeDSChallenge`'s (what
// `getThreeDSChallenge` returns and `startChallenge` takes): `sessionId` (the payment's
// `requireActionData.metadata.threedsSession.externalSessionId`, the CReq's `threeDSServerTransID`) and
// `acsTransactionId` (the payment's and the CReq's `acsTransID`).

/** What settling a 3DS challenge did. */
export interface ChallengeOutcome {
  /** The payment that waited on the challenge; `null` for a Basis Theory session a merchant server authenticated itself (no payment). */
  paymentId: string | null;
  /** The payment's status once settled (`succeeded`, `authorized` for an auth, `failed`); `null` without a payment. */
  status: PaymentRecordStatus | null;
  /** The 3DS session's id (core's `ThreeDSChallenge.sessionId`). */
  sessionId: string;
  /** The ACS transaction id (core's `ThreeDSChallenge.acsTransactionId`). */
  acsTransactionId: string;
  /** True when the challenge passed (the payment approved, or the session `successful`). */
  authenticated: boolean;
}

/** The 3DS challenges of an in-process sandbox (`sandbox.challenges`). */
export interface SandboxChallenges {
  /**
   * Approves a challenge, as the customer's *Approve* on the ACS page does: by the payment's id (`pay_…`), its 3DS
   * session id (`sessionId`) or its ACS transaction id (`acsTransactionId`). The payment succeeds (or is authorized).
   * Settling a settled challenge again changes nothing and returns the same outcome. Throws a `SandboxControlError`
   * (404 `not_found` for an unknown id, 409 `invalid_state` for a payment that never asked for a challenge, 409
   * `challenge_abandoned` for a challenge the customer left unanswered: their checkout said they were not charged).
   */
  approve(id: string): ChallengeOutcome;
  /** Fails a challenge (the ACS page's *Fail authentication*): the payment fails. Same ids as {@link approve}. */
  fail(id: string): ChallengeOutcome;
}

/** The BT session whose ACS transaction is `acsTransactionId`, if any. */
function sessionOfTransaction(ctx: SandboxContext, acsTransactionId: string) {
  for (const session of btThreeDSSessions.of(ctx).values()) if (session.acsTransID === acsTransactionId) return session;
  return undefined;
}

/** The ACS transaction of the challenge `id` names (a payment, a session or a transaction), or an HTTP error saying what to give. */
function transactionOf(ctx: SandboxContext, id: string): string {
  const payment = payments.of(ctx).get(id);
  if (payment) {
    let found: string | undefined;
    for (const [acsTransactionId, paymentId] of challenges.of(ctx)) if (paymentId === id) found = acsTransactionId;
    if (found === undefined) {
      throw invalidState(`Payment ${id} never asked for a 3DS challenge (status ${payment.status}, requireAction ${payment.requireAction}): pay with a 3DS test card (4000 0000 0000 3220) in a store whose flow has 3DS on`);
    }
    return found;
  }
  if (challenges.of(ctx).has(id)) return id;
  const session = btThreeDSSessions.of(ctx).get(id);
  if (session?.challenged) return session.acsTransID;
  if (sessionOfTransaction(ctx, id)?.challenged) return id;
  throw new SandboxHttpError(
    404,
    'not_found',
    `No 3DS challenge with id "${id}": give the payment's id (pay_…), its 3DS session id (getThreeDSChallenge(payment).sessionId) or its ACS transaction id (acsTransactionId)`,
  );
}

/** Settles the challenge `id` names; throws a `SandboxHttpError` (404, 409) when there is none to settle. */
export function settleChallengeById(ctx: SandboxContext, id: string, approved: boolean): ChallengeOutcome {
  const acsTransactionId = transactionOf(ctx, id);
  const sessionId = sessionOfTransaction(ctx, acsTransactionId)?.id ?? '';
  const completion = completeChallenge(ctx, acsTransactionId, sessionId, approved);
  if (!completion) throw new SandboxHttpError(404, 'not_found', `The 3DS challenge of "${id}" is no longer known to the sandbox: start a new payment`);
  const { payment, authenticated } = completion;
  return { paymentId: payment?.id ?? null, status: payment?.status ?? null, sessionId, acsTransactionId, authenticated };
}

/** `sandbox.challenges` of a sandbox: what the route would answer 404 or 409 is thrown as a `SandboxControlError` of that status. */
export function sandboxChallenges(ctx: SandboxContext): SandboxChallenges {
  const settle = (id: string, approved: boolean): ChallengeOutcome => {
    try {
      return settleChallengeById(ctx, id, approved);
    } catch (error) {
      if (error instanceof SandboxHttpError) throw new SandboxControlError(error.message, { status: error.status, code: error.code, fields: [], requestId: undefined });
      throw error;
    }
  };
  return { approve: (id) => settle(id, true), fail: (id) => settle(id, false) };
}

const challengeRequest = z.strictObject({ outcome: z.enum(['approve', 'fail']) });

/**
 * `POST /sandbox/challenges/{id}/complete` (`{ outcome: 'approve' | 'fail' }`, secret key): settles the challenge of a
 * payment id, a 3DS session id or an ACS transaction id → `{ paymentId, status, sessionId, acsTransactionId,
 * authenticated }` (and `acsTransID`, the same as `acsTransactionId`: the earlier answer's name, kept). The
 * dashboard's approve and fail buttons, `connectSandbox().challenges` and `tessera-sandbox challenge` call it.
 */
export function completeChallengeRoute(ctx: SandboxContext, id: string, body: unknown): RouteResult {
  const { outcome } = validate(challengeRequest, body);
  const settled = settleChallengeById(ctx, id, outcome === 'approve');
  return { json: { ...settled, acsTransID: settled.acsTransactionId } };
}
