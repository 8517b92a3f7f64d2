import { z } from '@tessera/core/internal';
import type { SandboxContext } from '../service/context.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import { bindingSignature, isBindingSignature } from './wallet-binding.js';

/** How long an Apple Pay merchant session lasts: five minutes, as Apple's do. */
const SESSION_MS = 5 * 60_000;

// A domain as a page sends it: `window.location.host`, so a host name or IPv4 address with an optional port
// (`localhost:5173`, `shop.example.com`); labels of letters, digits and inner dashes.
const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const domainPattern = new RegExp(`^${label}(?:\\.${label})*(?::(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?$`);

const merchantSessionRequest = z.looseObject({
  display_name: z.string().check(z.minLength(1), z.maxLength(64)),
  domain: z.string().check(z.maxLength(253), z.regex(domainPattern, 'must be the page\'s host, as window.location.host gives it (e.g. shop.example.com or localhost:5173)')),
});

// The fields a session is signed over, in this order (the signature covers each one's JSON).
const signedFields = ['merchantIdentifier', 'merchantSessionIdentifier', 'epochTimestamp', 'expiresAt', 'nonce', 'domainName', 'displayName'] as const;

const signedParts = (session: Readonly<Record<string, unknown>>): string[] => ['apple-merchant-session', ...signedFields.map((field) => JSON.stringify(session[field] ?? null))];

/** The sandbox's merchant identifier in the sessions it issues (Apple's is a hex hash of the merchant id). */
const SANDBOX_MERCHANT_IDENTIFIER = 'merchant.dev.tessera.sandbox';

/**
 * `POST /apple-pay/session` (`{ display_name, domain }`): an Apple Pay merchant session, opaque to the page, which
 * passes it to `completeMerchantValidation`. Its fields follow Apple's merchant session object; its `signature` is the
 * sandbox's HMAC, so the stand-in sheet's mint route can tell a session this vault issued.
 */
export function appleMerchantSession(ctx: SandboxContext, body: unknown): Record<string, unknown> {
  const input = validate(merchantSessionRequest, body);
  const now = ctx.clock.nowMs();
  const session: Record<string, unknown> = {
    merchantIdentifier: SANDBOX_MERCHANT_IDENTIFIER,
    merchantSessionIdentifier: `SSH${ctx.nextId('msi').replace(/\W/g, '').toUpperCase()}`,
    epochTimestamp: now,
    expiresAt: now + SESSION_MS,
    nonce: ctx.nextId('nonce'),
    domainName: input.domain,
    displayName: input.display_name,
  };
  return { ...session, signature: bindingSignature(ctx, signedParts(session)) };
}

/**
 * The identifier of a merchant session this sandbox's vault issued and that has not expired; a 422 (Basis Theory's
 * problem details) otherwise.
 */
export function verifiedMerchantSession(ctx: SandboxContext, session: Readonly<Record<string, unknown>>): string {
  if (!isBindingSignature(ctx, signedParts(session), session.signature) || typeof session.merchantSessionIdentifier !== 'string') {
    throw new SandboxHttpError(
      422,
      'invalid_merchant_session',
      'merchantSession was not issued by this sandbox\'s vault: pass the object POST /apple-pay/session answered, unchanged',
      { title: 'Invalid merchant session' },
    );
  }
  if (typeof session.expiresAt !== 'number' || session.expiresAt <= ctx.clock.nowMs()) {
    throw new SandboxHttpError(422, 'expired_merchant_session', 'merchantSession has expired (it lasts 5 minutes): validate the merchant again with POST /apple-pay/session', {
      title: 'Expired merchant session',
    });
  }
  return session.merchantSessionIdentifier;
}
