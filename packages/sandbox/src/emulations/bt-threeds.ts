import { detectCardBrand, luhnCheck, normalizeCardNumber } from '@tessera/core';
import { z } from '@tessera/core/internal';
import type { RouteResult } from '../wire/answer.js';
import { byId } from '../state/collection.js';
import type { SandboxContext } from '../service/context.js';
import { SandboxHttpError, validationError } from '../errors/http-error.js';
import { randomUuid } from '../state/random.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { requiresChallenge, type TestCardOutcome, testCardOutcome, threeDSMethodCards } from '../service/test-cards.js';
import { vaultTokens } from './vault.js';

/**
 * A Basis Theory 3DS session of the sandbox's BT emulation (`POST /3ds/sessions`). `authenticationStatus` follows
 * BT's values: `pending` until authenticated, then `challenge`, `successful` or `failed`.
 */
export interface BtThreeDSSessionRecord {
  id: string;
  /** The card token the session is for; `null` for a session the sandbox made for a payment without one. */
  tokenId: string | null;
  /** The card brand BT names, when the card's facts are known. */
  cardBrand?: string;
  /** The test-card outcome of a session made for a card number (`pan`, no token): the number itself is not kept. */
  outcome?: TestCardOutcome;
  deviceInfo: Record<string, unknown>;
  acsTransID: string;
  dsTransID: string;
  acsChallengeUrl: string;
  /**
   * The 3DS method of a card whose issuer has one ({@link threeDSMethodCards}; absent otherwise, EMV 3DS
   * `threeDSCompInd` `U`): `pending` from the session's creation, `Y` once the ACS's method notification reached
   * the session, `N` when the session was authenticated before (web-threeds' own 10 s method timeout tells the API
   * nothing: the 3DS server goes on without the method, as it does for any method that did not complete).
   */
  method?: 'pending' | 'Y' | 'N';
  challenged: boolean;
  authenticationStatus: 'pending' | 'challenge' | 'successful' | 'failed';
  createdAt: string;
}

/** Basis Theory 3DS sessions of the BT emulation, by BT session id. */
export const btThreeDSSessions = byId<BtThreeDSSessionRecord>()('btThreeDSSessions');

/** The 3DS protocol version of the sandbox's ACS (BT's `threeds_version`, the payment's `messageVersion`). */
export const ACS_MESSAGE_VERSION = '2.2.0';

/** Provider name of Basis Theory 3DS sessions on `POST /threeds/create-session`. */
export const BT_THREEDS_PROVIDER = 'basis_theory';

// `POST /3ds/sessions` as web-threeds 1.3.5 sends it (snake_case; exactly one of token_id, token_intent_id, pan).
const createSessionRequest = z.looseObject({
  token_id: z.optional(z.string()),
  token_intent_id: z.optional(z.string()),
  pan: z.optional(z.string()),
  type: z.optional(z.enum(['customer', 'merchant'])),
  device: z.optional(z.string()),
  device_info: z.optional(z.record(z.string(), z.unknown())),
  web_challenge_mode: z.optional(z.string()),
});

// BT's errors are problem details (`{ title, status, detail, errors? }`, what web-threeds reads): the route renders
// a thrown SandboxHttpError so on BT's routes.
const invalid = (field: string, message: string): SandboxHttpError => validationError([{ field, code: 'invalid', message }]);
const sessionNotFound = (id: string): SandboxHttpError => new SandboxHttpError(404, 'not_found', `No 3DS session with id "${id}"`, { title: 'Not Found' });

const brandNames: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The session's authentication as BT's API answers it (`authenticate`, `challenge-result`, snake_case). */
function authenticationOf(session: BtThreeDSSessionRecord): Record<string, unknown> {
  const status = session.authenticationStatus;
  const statusCode = status === 'successful' ? 'Y' : status === 'challenge' ? 'C' : 'N';
  return {
    pan_token_id: session.tokenId,
    threeds_version: ACS_MESSAGE_VERSION,
    acs_transaction_id: session.acsTransID,
    ds_transaction_id: session.dsTransID,
    sdk_transaction_id: null,
    acs_reference_number: 'tessera-sandbox-acs',
    ds_reference_number: 'tessera-sandbox-ds',
    authentication_value: status === 'successful' ? 'AAABBEg0VhI0VniQEjRWAAAAAAA=' : null,
    authentication_status: status,
    authentication_status_code: statusCode,
    authentication_status_reason: status === 'failed' ? '01' : null,
    eci: status === 'successful' ? '05' : '07',
    acs_challenge_mandated: session.challenged ? 'Y' : 'N',
    acs_decoupled_authentication: 'N',
    authentication_challenge_type: session.challenged ? '01' : null,
    acs_rendering_type: session.challenged ? { acs_interface: '02', acs_ui_template: '05' } : null,
    acs_signed_content: null,
    acs_challenge_url: session.challenged ? session.acsChallengeUrl : null,
    challenge_attempts: session.challenged ? '1' : null,
    challenge_cancel_reason: null,
    cardholder_info: null,
    whitelist_status: null,
    whitelist_status_source: null,
    message_extensions: [],
  };
}

/** A BT 3DS session of the emulation, or `undefined`. */
export function findBtThreeDSSession(ctx: SandboxContext, id: string): BtThreeDSSessionRecord | undefined {
  return btThreeDSSessions.of(ctx).get(id);
}

/** Creates a session for a vault token (what `POST /3ds/sessions` and a challenge without a session do). */
export function newBtThreeDSSession(ctx: SandboxContext, tokenId: string | null, brand: string | undefined, device: Record<string, unknown> = {}): BtThreeDSSessionRecord {
  const session: BtThreeDSSessionRecord = {
    // Random, as BT's: the id is all a frame needs to end the challenge with a forged notification.
    id: randomUuid(),
    tokenId,
    ...(brand === undefined ? {} : { cardBrand: brandNames[brand] ?? brand }),
    deviceInfo: device,
    acsTransID: ctx.nextId('acs'),
    dsTransID: ctx.nextId('ds'),
    acsChallengeUrl: '',
    challenged: false,
    authenticationStatus: 'pending',
    createdAt: ctx.nowIso(),
  };
  btThreeDSSessions.of(ctx).set(session.id, session);
  return session;
}

/**
 * `POST /3ds/sessions` (public key, CORS): BT's browser session for a card token → 201 `{ id, type, card_brand,
 * recommended_version }`, and, for a card whose issuer has a 3DS method, the two fields web-threeds 1.3.5 reads to
 * run it (`method_url`: the ACS's method page, `<origin>/acs/method`; `method_notification_url`: where the ACS
 * notifies the end of the method, `<origin>/3ds/sessions/{id}/method-notification`).
 */
export function createBtThreeDSSession(ctx: SandboxContext, body: unknown, origin: string): RouteResult {
  const parsed = z.safeParse(createSessionRequest, body ?? {});
  if (!parsed.success) throw invalid('', 'is not a valid 3DS session request');
  const input = parsed.data;
  const given = [input.token_id, input.token_intent_id, input.pan].filter((value) => value !== undefined);
  if (given.length !== 1) throw invalid('token_id', 'Exactly one of token_id, token_intent_id or pan is required');
  const card = input.pan === undefined ? tokenCard(ctx, input.token_id ?? input.token_intent_id ?? '') : panCard(input.pan);
  if ((input.type ?? 'customer') === 'customer' && (input.device === undefined || input.device_info === undefined)) {
    throw invalid('device_info', 'device and device_info are required for a customer session');
  }
  const session = newBtThreeDSSession(ctx, card.tokenId, card.brand, input.device_info ?? {});
  if (card.outcome !== undefined) session.outcome = card.outcome;
  if (card.threeDSMethod) session.method = 'pending';
  const method = card.threeDSMethod
    ? { method_url: `${origin}${sandboxRoutes.acsMethod}`, method_notification_url: `${origin}${methodNotificationPath(session.id)}` }
    : {};
  return {
    status: 201,
    json: { id: session.id, type: input.type ?? 'customer', card_brand: session.cardBrand, recommended_version: ACS_MESSAGE_VERSION, ...method },
  };
}

/** The card a session is for: a vault token's, or a card number's (of which only the brand and outcome are kept). */
interface SessionCard {
  tokenId: string | null;
  brand: string;
  outcome?: TestCardOutcome;
  /** Its issuer has a 3DS method. */
  threeDSMethod: boolean;
}

/** The path of a session's method notification (its `method_notification_url` on the sandbox's origin). */
export const methodNotificationPath = (sessionId: string): string => sandboxRoutes.btMethodNotification.replace('{id}', encodeURIComponent(sessionId));

// No error names the id or number given: a card number sent in the wrong field would be echoed back.
function tokenCard(ctx: SandboxContext, tokenId: string): SessionCard {
  const token = vaultTokens.of(ctx).get(tokenId);
  if (!token) throw invalid('token_id', 'names no token of this vault: tokenize the card first (POST /tokens)');
  return { tokenId: token.id, brand: token.brand, threeDSMethod: token.threeDSMethod === true };
}

function panCard(pan: string): SessionCard {
  const digits = normalizeCardNumber(pan);
  if (digits === undefined || digits.length < 12 || digits.length > 19 || !luhnCheck(digits)) throw invalid('pan', 'is not a valid card number');
  return { tokenId: null, brand: detectCardBrand(digits), outcome: testCardOutcome(digits), threeDSMethod: threeDSMethodCards.has(digits) };
}

/**
 * Runs the 3DS authentication of a session (what BT's `authenticate` does): a card that needs a challenge gets
 * `authentication_status: 'challenge'` and the ACS URL, any other `successful` at once. A 3DS method still
 * `pending` is then `N` (did not complete): the authentication went on without it.
 */
export function authenticateBtSession(session: BtThreeDSSessionRecord, challenge: boolean, acsChallengeUrl: string): void {
  if (session.authenticationStatus !== 'pending') return;
  if (session.method === 'pending') session.method = 'N';
  session.challenged = challenge;
  session.acsChallengeUrl = challenge ? acsChallengeUrl : '';
  session.authenticationStatus = challenge ? 'challenge' : 'successful';
}

/** `POST /3ds/sessions/{id}/authenticate` (secret key): authenticates the session → BT's authentication object. */
export function authenticateBtThreeDSSession(ctx: SandboxContext, id: string, origin: string): RouteResult {
  const session = btThreeDSSessions.of(ctx).get(id);
  if (!session) throw sessionNotFound(id);
  const outcome = session.tokenId === null ? session.outcome : vaultTokens.of(ctx).get(session.tokenId)?.outcome;
  authenticateBtSession(session, outcome !== undefined && requiresChallenge(outcome), `${origin}${sandboxRoutes.acsChallenge}`);
  return { json: authenticationOf(session) };
}

/** `GET /3ds/sessions/{id}/challenge-result` (secret key): the authentication after the challenge. */
export function btChallengeResult(ctx: SandboxContext, id: string): RouteResult {
  const session = btThreeDSSessions.of(ctx).get(id);
  if (!session) throw sessionNotFound(id);
  if (session.authenticationStatus === 'pending') {
    throw new SandboxHttpError(409, 'invalid_state', 'The 3DS session has not been authenticated', { title: 'The 3DS session has not been authenticated' });
  }
  return { json: authenticationOf(session) };
}

/**
 * The BT session whose challenge is `acsTransID` (one the ACS serves), named by the CReq's `threeDSServerTransID`
 * (web-threeds sends the session id there), or `undefined`.
 */
export function findBtChallenge(ctx: SandboxContext, acsTransID: string, sessionId: string): BtThreeDSSessionRecord | undefined {
  const session = btThreeDSSessions.of(ctx).get(sessionId);
  return session?.challenged && session.acsTransID === acsTransID ? session : undefined;
}

/**
 * Records the ACS's method notification for a session (`Y`), when its method is still `pending`. Returns the session
 * when it has a 3DS method (whatever its state), `undefined` for an unknown session or one without a method.
 */
export function notifyBtMethod(ctx: SandboxContext, sessionId: string): BtThreeDSSessionRecord | undefined {
  const session = btThreeDSSessions.of(ctx).get(sessionId);
  if (session?.method === undefined) return undefined;
  if (session.method === 'pending') session.method = 'Y';
  return session;
}

/** Ends the challenge of a session: `successful` or `failed`. */
export function completeBtChallenge(session: BtThreeDSSessionRecord, approved: boolean): void {
  if (session.authenticationStatus === 'challenge') session.authenticationStatus = approved ? 'successful' : 'failed';
}
