import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { anonymousSessionRequest, encodeBase64Utf8, decodeBase64Utf8, timingSafeEqual } from '@tessera/core/internal';
import { internalById } from '../state/collection.js';
import type { SandboxContext } from './context.js';
import { randomBase64Url } from '../state/random.js';
import { SandboxHttpError, validationError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import { customers } from './customers.js';
import { SANDBOX_ACCOUNT_ID } from './instruments.js';
import { requireStore } from './stores.js';

/**
 * An anonymous browser session (the vendor's "CMS session": `@tagadapay/plugin-sdk@2.3.3`,
 * `services/apiService.js` `createAnonymousToken`, vendor code, not published): one store, one customer, and what it
 * made (its checkout sessions, instruments and payments: the only ones its token opens).
 */
export interface CmsSessionRecord {
  /** The session's id (`sessionId` in the token). */
  id: string;
  /**
   * The SHA-256 (hex) of the whole token as issued: a token is accepted only when its digest is this one. The token
   * itself is never kept (not in the state, not in a data file): it is a bearer credential.
   */
  tokenDigest: string;
  storeId: string;
  accountId: string;
  /** The customer made for this session (of its store). */
  customerId: string;
  /** Issued at and expires at, in seconds since the epoch (the sandbox's clock), as in the token. */
  iat: number;
  exp: number;
  checkoutSessionIds: string[];
  instrumentIds: string[];
  /** The vault tokens its instruments were made of: no other session may make one of them. */
  vaultTokenIds: string[];
  paymentIds: string[];
  createdAt: string;
}

/** Anonymous browser sessions by id (internal: they hold their tokens' digests). */
export const cmsSessions = internalById<CmsSessionRecord>()('cmsSessions');

/** How long a session token lives: 24 hours (our choice; the vendor's code reads `exp` and does not say). */
export const CMS_SESSION_SECONDS = 24 * 60 * 60;

/** A token's SHA-256 in hex (what a session keeps of its token). */
const digestOf = (token: string): string => bytesToHex(sha256(utf8ToBytes(token)));

// The token's header: the JWT shape plugin-sdk's `decodeJWTClient` splits (it reads only the payload).
const TOKEN_HEADER = encodeBase64Utf8(JSON.stringify({ alg: 'HS256', typ: 'JWT' }), true);

// A payload whose JSON has none of `>`, `?`, `~` (and is ASCII) has a base64url form that is plain base64 too: its
// 6-bit groups never reach 62 or 63, so plugin-sdk's `atob` reads it as the service's would be read.
const ATOB_SAFE = /^[\x20-\x3d\x40-\x7d]*$/;

/**
 * `POST /api/v1/cms/session/anonymous { storeId, role? }` (no auth) → `{ token, expiresAt }`: a session of the store
 * with a fresh customer. The token is `header.payload.secret`: the payload `{ sessionId, storeId, accountId,
 * customerId, role: 'anonymous', iat, exp }` (base64url that `atob` reads), the last part 32 random bytes. The
 * sandbox keeps the token's SHA-256 and accepts only that string: a forged or edited one does not match. Unknown
 * store: 404.
 */
export function openAnonymousSession(ctx: SandboxContext, body: unknown): { token: string; expiresAt: string } {
  const input = validate(anonymousSessionRequest, body);
  const store = requireStore(ctx, input.storeId);
  const customerId = ctx.nextId('cus');
  customers.of(ctx).set(customerId, { id: customerId, storeId: store.id, createdAt: ctx.nowIso() });
  const iat = Math.floor(ctx.clock.nowMs() / 1000);
  const session = { id: ctx.nextId('cmss'), storeId: store.id, accountId: SANDBOX_ACCOUNT_ID, customerId, iat, exp: iat + CMS_SESSION_SECONDS };
  const payload = JSON.stringify({ sessionId: session.id, storeId: session.storeId, accountId: session.accountId, customerId, role: 'anonymous', iat, exp: session.exp });
  if (!ATOB_SAFE.test(payload)) throw validationError([{ field: 'storeId', code: 'invalid_format', message: 'cannot be put in a session token' }]);
  const token = `${TOKEN_HEADER}.${encodeBase64Utf8(payload, true)}.${randomBase64Url(32)}`;
  cmsSessions.of(ctx).set(session.id, { ...session, tokenDigest: digestOf(token), checkoutSessionIds: [], instrumentIds: [], vaultTokenIds: [], paymentIds: [], createdAt: ctx.nowIso() });
  return { token, expiresAt: new Date(session.exp * 1000).toISOString() };
}

/** The one answer to a token that opens nothing, whatever the reason (missing, malformed, forged, edited, expired). */
export function invalidSessionToken(): SandboxHttpError {
  return new SandboxHttpError(401, 'unauthorized', 'Missing, invalid or expired session token: open a new session with POST /api/v1/cms/session/anonymous { storeId } and send its token in x-cms-token');
}

/** The session a token opens: issued by this sandbox, unchanged, not expired; else the one 401. */
export function sessionOfToken(ctx: SandboxContext, token: string | null): CmsSessionRecord {
  const parts = token?.split('.') ?? [];
  if (token === null || parts.length !== 3) throw invalidSessionToken();
  let sessionId: unknown;
  try {
    sessionId = (JSON.parse(decodeBase64Utf8(parts[1] ?? '')) as { sessionId?: unknown }).sessionId;
  } catch {
    throw invalidSessionToken();
  }
  const session = typeof sessionId === 'string' ? cmsSessions.of(ctx).get(sessionId) : undefined;
  if (!session || !timingSafeEqual(utf8ToBytes(session.tokenDigest), utf8ToBytes(digestOf(token)))) throw invalidSessionToken();
  if (ctx.clock.nowMs() >= session.exp * 1000) throw invalidSessionToken();
  return session;
}

/** True when a request carries what looks like a session token where a secret key belongs (to say so in the 401). */
export const looksLikeSessionToken = (bearer: string | null): boolean => bearer !== null && /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(bearer);
