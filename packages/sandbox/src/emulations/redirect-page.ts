import { formatAmount } from '@tessera/core';
import { type HtmlPage, page } from './acs.js';
import type { SandboxContext } from '../service/context.js';
import { type PaymentRecord, payments } from '../service/payment-records.js';
import { settleRedirect } from '../service/payments.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import { escapeHtml } from './escape-html.js';

const unknown = (): HtmlPage => page('Unknown payment', '<h1>Unknown payment</h1><p>No payment waits on this page.</p>', 404);

/** The page kinds this page serves: a `redirect` to a page, and a `processor_auth` (the processor's own page). */
const pageKinds = {
  redirect: { title: 'Tessera Sandbox Redirect', heading: 'Tessera Sandbox Payment Page' },
  processor_auth: { title: 'Tessera Sandbox Processor Authentication', heading: 'Tessera Sandbox Processor Authentication' },
} as const;

/** The page the payment's action sends the customer to, or `undefined` when its action is not one. */
function pageKindOf(payment: PaymentRecord | undefined): (typeof pageKinds)[keyof typeof pageKinds] | undefined {
  const type = payment?.requireActionData?.type;
  return type === 'redirect' || type === 'processor_auth' ? pageKinds[type] : undefined;
}

/** An http(s) URL, or `undefined`: nothing else is ever put in a link or a redirect. */
const webUrl = (text: string | null | undefined): URL | undefined => {
  if (text == null || !/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

/**
 * The page's `returnUrl` query parameter, when it may be used: http(s), and on the origin of the payment's own
 * `returnUrl`. Anyone can append a query parameter to a link to this page, while the payment's `returnUrl` was set by
 * the merchant's server with its secret key; a customer who has just approved a payment trusts the page that follows,
 * so the parameter only picks the page on the merchant's own site (the vendor's example app builds it from the same
 * URL it gave `payments/process`). Without a payment `returnUrl` there is nothing to check it against: ignored.
 */
function askedReturnUrl(payment: PaymentRecord, asked: string | null | undefined): URL | undefined {
  const own = webUrl(payment.returnUrl);
  const given = webUrl(asked);
  return given && own && given.origin === own.origin ? given : undefined;
}

/** Said on the page when its `returnUrl` query parameter was ignored, so a developer sees why (the URL is not echoed). */
const ignoredNote = (payment: PaymentRecord): string =>
  `<p id="return-url-ignored">The returnUrl of this page's address is ignored: ${
    webUrl(payment.returnUrl) ? "it is not an http(s) URL on the origin of the payment's returnUrl" : 'the payment has no returnUrl (give one to payments/process)'
  }. This page returns to the payment's returnUrl only.</p>`;

/**
 * `GET /redirect/{id}`: the page a `redirect` or `processor_auth` action sends the customer to (the payment's
 * `requireActionData.metadata.redirect.redirectUrl`), with `#approve` and `#decline` buttons, each form-POSTing to
 * {@link sandboxRoutes.redirectComplete}. A `returnUrl` query parameter (the vendor's example app appends it) is
 * where the completion returns when {@link askedReturnUrl} accepts it; one it refuses is named as ignored.
 */
export function redirectPage(ctx: SandboxContext, paymentId: string, returnUrl: string | null): HtmlPage {
  const payment = payments.of(ctx).get(paymentId);
  const kind = pageKindOf(payment);
  if (!payment || !kind) return unknown();
  const action = escapeHtml(sandboxRoutes.redirectComplete.replace('{id}', encodeURIComponent(payment.id)));
  const back = askedReturnUrl(payment, returnUrl);
  const carried = back ? `<input type="hidden" name="returnUrl" value="${escapeHtml(back.href)}">` : '';
  const note = returnUrl && !back ? ignoredNote(payment) : '';
  const button = (outcome: 'approve' | 'decline', label: string): string =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}">${carried}<button id="${outcome}" type="submit">${label}</button></form>`;
  return page(
    kind.title,
    `<h1>${kind.heading}</h1><p>Approve the payment of <strong>${escapeHtml(formatAmount(payment.amount, payment.currency))}</strong>?</p>` +
      `<p>This is a test page: no code is needed.</p>${note}${button('approve', 'Approve payment')}${button('decline', 'Decline payment')}`,
  );
}

/**
 * `POST /redirect/{id}/complete` (form fields `outcome`, and `returnUrl` when the page had one): settles the payment
 * (approve → succeeded, or authorized for mode auth; decline → failed), then sends the browser to the page's
 * `returnUrl` when {@link askedReturnUrl} accepts it, else the payment's (http(s) only), with `paymentId` added to its
 * query. Without one it says the window can be closed.
 */
export function redirectCompletePage(ctx: SandboxContext, paymentId: string, form: Record<string, string>): HtmlPage {
  const payment = settleRedirect(ctx, paymentId, form.outcome === 'approve');
  if (!payment || !pageKindOf(payment)) return unknown();
  const approved = payment.status !== 'failed' && payment.status !== 'pending';
  const heading = `<h1>${approved ? 'Payment approved' : 'Payment declined'}</h1>`;
  const back = askedReturnUrl(payment, form.returnUrl) ?? webUrl(payment.returnUrl);
  if (!back) return page('Payment complete', `${heading}<p>You can close this window.</p>`);
  back.searchParams.set('paymentId', payment.id);
  const href = escapeHtml(back.href);
  const json = JSON.stringify(back.href).replace(/</g, '\\u003c');
  return page(
    'Payment complete',
    `<meta http-equiv="refresh" content="0;url=${href}">${heading}<p><a id="return" href="${href}">Return to the shop</a></p><script>location.replace(${json});</script>`,
  );
}
