import { formatAmount } from '@tessera/core';
import { decodeChallengeRequest } from '@tessera/core/internal';
import { completeBtChallenge, findBtChallenge } from './bt-threeds.js';
import type { SandboxContext } from '../service/context.js';
import { instruments } from '../service/instruments.js';
import { type PaymentRecord, type PaymentRecordStatus, challenges, payments } from '../service/payment-records.js';
import { settleChallenge } from '../service/payments.js';
import { abandonChallenge, abandonmentOf, challengeAbandoned } from '../service/abandoned-challenges.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { vaultTokens } from './vault.js';
import { escapeHtml } from './escape-html.js';

/** An HTML answer. */
export interface HtmlPage {
  status: number;
  html: string;
}

export function page(title: string, body: string, status = 200): HtmlPage {
  return {
    status,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:1.5rem;color:#1d2330}button{font:inherit;padding:.5rem 1rem;margin:.25rem}</style>
</head><body>${body}</body></html>`,
  };
}

// Where a payment can be once its challenge passed: approved, then perhaps captured, voided (`failed` / `voided`)
// or refunded.
const passedStatuses: ReadonlySet<PaymentRecordStatus> = new Set(['succeeded', 'authorized', 'partially_refunded', 'refunded']);
const passed = (payment: PaymentRecord): boolean => passedStatuses.has(payment.status) || payment.subStatus === 'voided';

/** A hidden form field, its value escaped. */
export const hiddenField = (name: string, value: string): string => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/**
 * A notification page of Basis Theory's 3DS (a challenge's or a 3DS method's end): `body`, then `message` posted to
 * the parent with target origin '*'. The message holds no secret (as BT's pages do); the receiver checks the sender.
 */
export function notificationPage(title: string, body: string, message: object): HtmlPage {
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  return page(title, `${body}<script>window.parent.postMessage(${json}, '*');</script>`);
}

/**
 * `POST /acs/challenge` (form field `creq`): the issuer's challenge page with `#approve` and `#fail` buttons, each
 * form-POSTing the outcome to {@link sandboxRoutes.acsComplete}.
 */
export function challengePage(ctx: SandboxContext, form: Record<string, string>): HtmlPage {
  const creq = decodeChallengeRequest(form.creq ?? '');
  if (!creq) return page('Invalid challenge', '<h1>Invalid challenge request</h1><p>The form field <code>creq</code> is missing or malformed.</p>', 400);
  const paymentId = challenges.of(ctx).get(creq.acsTransID);
  const payment = paymentId === undefined ? undefined : payments.of(ctx).get(paymentId);
  // A challenge of a payment, or one Basis Theory's server-side authenticate asked for (no payment: the merchant
  // server reads the outcome with `challenge-result`). Both are this ACS's, so both are served.
  const btSession = payment ? undefined : findBtChallenge(ctx, creq.acsTransID, creq.threeDSServerTransID);
  if (!payment && !btSession) return page('Unknown challenge', '<h1>Unknown challenge</h1>', 404);
  const hidden = hiddenField('acsTransactionId', creq.acsTransID) + hiddenField('sessionId', creq.threeDSServerTransID);
  const button = (outcome: 'approve' | 'fail', label: string): string =>
    `<form method="post" action="${sandboxRoutes.acsComplete}">${hidden}${hiddenField('outcome', outcome)}<button id="${outcome}" type="submit">${label}</button></form>`;
  const last4 = payment
    ? instruments.of(ctx).get(payment.paymentInstrumentId)?.card.last4
    : btSession?.tokenId == null
      ? undefined
      : vaultTokens.of(ctx).get(btSession.tokenId)?.last4;
  const what = payment ? `the payment of <strong>${escapeHtml(formatAmount(payment.amount, payment.currency))}</strong>` : 'this purchase';
  // The page going away unanswered (the checkout's modal closed or cancelled, the tab left) tells the ACS the
  // customer abandoned the challenge: a beacon, as nothing else reaches the sandbox once the frame is removed.
  const abandon = JSON.stringify({ url: sandboxRoutes.acsComplete, acsTransactionId: creq.acsTransID, sessionId: creq.threeDSServerTransID, outcome: 'abandon' }).replace(/</g, '\\u003c');
  return page(
    'Tessera Sandbox ACS',
    `<main><h1>Tessera Sandbox Bank</h1><p>Confirm ${what} with the card ending ${escapeHtml(last4 ?? '')}.</p>` +
      `<p>This is a test page: no code is needed.</p>${button('approve', 'Approve')}${button('fail', 'Fail authentication')}</main>` +
      `<script>(() => { const { url, ...fields } = ${abandon}; let answered = false;
for (const form of document.forms) form.addEventListener('submit', () => { answered = true; });
addEventListener('pagehide', () => { if (!answered) navigator.sendBeacon(url, new URLSearchParams(fields)); }); })();</script>`,
  );
}

/**
 * `POST /acs/complete` (form fields `acsTransactionId`, `sessionId`, `outcome`; a script's earlier `acsTransID` and
 * `threeDSServerTransID`, the CReq's names, are still read): settles the payment and
 * returns BT's challenge notification page, which posts `{ type: 'challenge', id: <BT session id>, isCompleted:
 * true, authenticationStatus: 'successful' | 'failed' }` to `window.parent` (web-threeds' challenge frame).
 */
export function completePage(ctx: SandboxContext, form: Record<string, string>): HtmlPage {
  // One name per field, core's `ThreeDSChallenge`'s; the CReq's names kept for the scripts that post them.
  const sessionId = form.sessionId ?? form.threeDSServerTransID ?? '';
  const acsTransactionId = form.acsTransactionId ?? form.acsTransID ?? '';
  if (form.outcome === 'abandon') {
    if (stillOpen(ctx, acsTransactionId, sessionId)) abandonChallenge(ctx, acsTransactionId);
    return page('Verification cancelled', '<main><h1>Verification cancelled</h1><p>You were not charged.</p></main>');
  }
  let completion: ChallengeCompletion | undefined;
  try {
    completion = completeChallenge(ctx, acsTransactionId, sessionId, form.outcome === 'approve');
  } catch (error) {
    if (error instanceof SandboxHttpError && error.code === 'challenge_abandoned') return page('Verification cancelled', `<main><h1>Verification cancelled</h1><p>${escapeHtml(error.message)}</p></main>`, 409);
    throw error;
  }
  if (!completion) return page('Unknown challenge', '<main><h1>Unknown challenge</h1></main>', 404);
  const { payment, btSession, authenticated } = completion;
  const message = {
    type: 'challenge',
    id: (payment?.requireActionData?.type === 'threeds_auth' ? payment.requireActionData.metadata.threedsSession.externalSessionId : undefined) ?? btSession?.id ?? sessionId,
    isCompleted: true,
    authenticationStatus: authenticated ? 'successful' : 'failed',
  };
  return notificationPage('Authentication complete', `<h1>${authenticated ? 'Authentication approved' : 'Authentication failed'}</h1><p>You can close this window.</p>`, message);
}

/** True while the challenge `acsTransID` waits for the customer (its payment pending, or BT's session in `challenge`). */
function stillOpen(ctx: SandboxContext, acsTransID: string, threeDSServerTransID: string): boolean {
  const paymentId = challenges.of(ctx).get(acsTransID);
  if (paymentId !== undefined) return payments.of(ctx).get(paymentId)?.status === 'pending';
  return findBtChallenge(ctx, acsTransID, threeDSServerTransID)?.authenticationStatus === 'challenge';
}

/** What completing a challenge settled: the payment, or BT's session (a server-side authenticate), and the outcome. */
export interface ChallengeCompletion {
  payment: PaymentRecord | undefined;
  btSession: ReturnType<typeof findBtChallenge>;
  authenticated: boolean;
}

/**
 * The ACS completion (what {@link completePage} and the dashboard's approve and fail run): settles the payment
 * waiting on the challenge `acsTransID`, or BT's session; `undefined` for an unknown challenge. Throws a
 * `SandboxHttpError` 409 `challenge_abandoned` for approving an open challenge the customer left (see
 * {@link abandonChallenge}).
 */
export function completeChallenge(ctx: SandboxContext, acsTransID: string, threeDSServerTransID: string, approved: boolean): ChallengeCompletion | undefined {
  const abandoned = abandonmentOf(ctx, acsTransID);
  // The customer left it and was told they were not charged: never approved afterwards (failing it stays possible).
  if (approved && abandoned && stillOpen(ctx, acsTransID, threeDSServerTransID)) throw challengeAbandoned(acsTransID, abandoned.abandonedAt);
  const payment = settleChallenge(ctx, acsTransID, approved);
  const btSession = payment ? undefined : findBtChallenge(ctx, acsTransID, threeDSServerTransID);
  if (!payment && !btSession) return undefined;
  if (btSession) completeBtChallenge(btSession, approved);
  return { payment, btSession, authenticated: payment ? passed(payment) : btSession?.authenticationStatus === 'successful' };
}
