import { formatAmount } from '@tessera/core';
import { type HtmlPage, page } from './acs.js';
import type { SandboxContext } from './context.js';
import { payments } from './lifecycle.js';
import { settleRedirect } from './payments.js';
import { sandboxRoutes } from './sandbox-routes.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const unknown = (): HtmlPage => page('Unknown payment', '<h1>Unknown payment</h1><p>No payment waits on this redirect.</p>', 404);

/**
 * `GET /redirect/{id}`: the page a `redirect` action sends the customer to (the payment's
 * `requireActionData.metadata.redirect.redirectUrl`), with `#approve` and `#decline` buttons, each form-POSTing to
 * {@link sandboxRoutes.redirectComplete}.
 */
export function redirectPage(ctx: SandboxContext, paymentId: string): HtmlPage {
  const payment = payments.of(ctx).get(paymentId);
  if (!payment || payment.requireActionData?.type !== 'redirect') return unknown();
  const action = escapeHtml(sandboxRoutes.redirectComplete.replace('{id}', encodeURIComponent(payment.id)));
  const button = (outcome: 'approve' | 'decline', label: string): string =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button id="${outcome}" type="submit">${label}</button></form>`;
  return page(
    'Tessera Sandbox Redirect',
    `<h1>Tessera Sandbox Payment Page</h1><p>Approve the payment of <strong>${escapeHtml(formatAmount(payment.amount, payment.currency))}</strong>?</p>` +
      `<p>This is a test page: no code is needed.</p>${button('approve', 'Approve payment')}${button('decline', 'Decline payment')}`,
  );
}

/**
 * `POST /redirect/{id}/complete` (form field `outcome`): settles the payment (approve → succeeded, or authorized for
 * mode auth; decline → failed), then sends the browser to the payment's `returnUrl` (an http(s) URL given to
 * `payments.process`), with `paymentId` added to its query. Without one it says the window can be closed.
 */
export function redirectCompletePage(ctx: SandboxContext, paymentId: string, form: Record<string, string>): HtmlPage {
  const payment = settleRedirect(ctx, paymentId, form.outcome === 'approve');
  if (!payment || payment.requireActionData?.type !== 'redirect') return unknown();
  const approved = payment.status !== 'failed' && payment.status !== 'pending';
  const heading = `<h1>${approved ? 'Payment approved' : 'Payment declined'}</h1>`;
  if (payment.returnUrl === undefined || !/^https?:\/\//i.test(payment.returnUrl)) return page('Payment complete', `${heading}<p>You can close this window.</p>`);
  const back = new URL(payment.returnUrl);
  back.searchParams.set('paymentId', payment.id);
  const href = escapeHtml(back.href);
  const json = JSON.stringify(back.href).replace(/</g, '\\u003c');
  return page(
    'Payment complete',
    `<meta http-equiv="refresh" content="0;url=${href}">${heading}<p><a id="return" href="${href}">Return to the shop</a></p><script>location.replace(${json});</script>`,
  );
}
