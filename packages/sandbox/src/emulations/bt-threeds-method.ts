import type { output } from 'zod/mini';
import { decodeBase64Utf8, encodeBase64Utf8, z } from '@tessera/core/internal';
import type { SandboxContext } from '../service/context.js';
import { type HtmlPage, hiddenField, notificationPage, page } from './acs.js';
import { findBtThreeDSSession, methodNotificationPath, notifyBtMethod } from './bt-threeds.js';
import { escapeHtml } from './escape-html.js';

// The 3DS method step, as `@basis-theory/web-threeds` 1.3.5 runs it for a session whose answer has `method_url`: its
// method page (`/pages/method.html`, in the hidden frame it makes in `methodFrameContainer`) form-POSTs
// `threeDSMethodData` (base64url JSON `{ threeDSServerTransID: <session id>, threeDSMethodNotificationURL:
// <method_notification_url> }`) to `method_url` in an inner iframe. The ACS's page collects what it wants, then
// form-POSTs `threeDSMethodData` (`{ threeDSServerTransID }`) to the notification URL (EMV 3DS), whose page, Basis
// Theory's, posts `{ type: 'method', id, isCompleted: true }` to its parent: the method page, which relays it to the
// checkout page, where web-threeds' `createSession` resolves with that `id`.

const methodData = z.looseObject({ threeDSServerTransID: z.string(), threeDSMethodNotificationURL: z.optional(z.string()) });

/** The `threeDSMethodData` of a method request or notification (base64url JSON), or `undefined` when malformed. */
function decodeMethodData(encoded: string | undefined): output<typeof methodData> | undefined {
  try {
    const parsed = z.safeParse(methodData, JSON.parse(decodeBase64Utf8(encoded ?? '')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const invalidData = (): HtmlPage =>
  page('Invalid 3DS method', '<h1>Invalid 3DS method request</h1><p>Post the form field <code>threeDSMethodData</code> as web-threeds does: base64url JSON naming the session (<code>threeDSServerTransID</code>).</p>', 400);
const unknownSession = (): HtmlPage =>
  page('Unknown 3DS method', '<h1>Unknown 3DS method</h1><p>No 3DS session of this sandbox with a 3DS method has this id: create the session for a test card whose issuer has one (see the test cards of the sandbox README).</p>', 404);

/**
 * `POST /acs/method` (form field `threeDSMethodData`): the ACS's 3DS method page for a session whose card has a
 * method. It collects nothing, and at once form-POSTs `threeDSMethodData` (`{ threeDSServerTransID }`, base64url) to
 * the session's notification URL, in its own frame. The notification URL given must be the session's own
 * (`method_notification_url`, on this origin): a real ACS posts to any URL given, the sandbox's to its own page only.
 */
export function acsMethodPage(ctx: SandboxContext, form: Record<string, string>, origin: string): HtmlPage {
  const data = decodeMethodData(form.threeDSMethodData);
  if (!data) return invalidData();
  const session = findBtThreeDSSession(ctx, data.threeDSServerTransID);
  if (session?.method === undefined) return unknownSession();
  const notificationUrl = `${origin}${methodNotificationPath(session.id)}`;
  if (data.threeDSMethodNotificationURL !== notificationUrl) {
    return page('Invalid 3DS method', `<h1>Invalid 3DS method request</h1><p>threeDSMethodNotificationURL must be the session's <code>method_notification_url</code> (${escapeHtml(notificationUrl)}).</p>`, 400);
  }
  const notification = encodeBase64Utf8(JSON.stringify({ threeDSServerTransID: session.id }), true);
  return page(
    'Tessera Sandbox ACS: 3DS method',
    `<form method="post" action="${escapeHtml(notificationUrl)}">${hiddenField('threeDSMethodData', notification)}</form>` +
      '<script>document.forms[0].submit();</script>',
  );
}

/**
 * `POST /3ds/sessions/{id}/method-notification` (form field `threeDSMethodData`, naming the same session): where the
 * ACS notifies the end of the session's 3DS method. Records it (`method: 'Y'`) and answers Basis Theory's method
 * notification page: `window.parent.postMessage({ type: 'method', id: <session id>, isCompleted: true }, '*')`, the
 * shape web-threeds 1.3.5 reads (and posts itself for its redirect mode), to its parent, the method page, which
 * relays it to the checkout page.
 */
export function methodNotificationPage(ctx: SandboxContext, sessionId: string, form: Record<string, string>): HtmlPage {
  const data = decodeMethodData(form.threeDSMethodData);
  if (!data || data.threeDSServerTransID !== sessionId) return invalidData();
  const session = notifyBtMethod(ctx, sessionId);
  if (!session) return unknownSession();
  // The method page relays it to its creator's origin only.
  return notificationPage('3DS method complete', '<p>Device check complete.</p>', { type: 'method', id: session.id, isCompleted: true });
}
