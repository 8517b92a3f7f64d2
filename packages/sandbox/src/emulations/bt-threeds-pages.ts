import { sandboxRoutes } from '../wire/sandbox-routes.js';

// The static pages `@basis-theory/web-threeds` loads from its `sdkBaseUrl` (`<sdkBaseUrl>/pages/challenge.html`,
// `<sdkBaseUrl>/pages/method.html`). Our own pages, speaking the messages BT's pages speak (read in web-threeds
// 1.3.5): the library posts `{ type: 'startChallenge', acsURL, creq }` (or `{ type: 'startMethod', threeDSMethodURL,
// threeDSMethodData }`) into the page; the page form-POSTs it into an inner iframe and relays the notification
// (`{ type: 'challenge' | 'method', id, isCompleted, ... }`) to its parent. Unlike BT's pages, ours take the start
// message only from their parent and for this sandbox's ACS, and relay only what their own inner iframe posts.

const shell = (title: string, script: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>html,body{margin:0;padding:0;overflow:hidden;width:100%;height:100%}iframe{display:block;border:0;width:100%;height:100%}</style>
</head><body><script>${script}</script></body></html>`;

// The page takes the start message only from the window that made it (its parent; its opener when it is a window of
// its own), from that window's origin (`ancestorOrigins`, else the referrer's origin), once, and only for a URL of
// this sandbox (`allowedPath`: the ACS's own path). Any other frame on the checkout page (an ad) could otherwise put
// a page of its choice inside the bank dialog. Notifications go back to that origin only.
const relay = (start: string, url: string, data: string, field: string, frame: string, title: string, notification: string, hidden: boolean, allowedPath?: string): string => `
let inner;
const creator = window.parent !== window ? window.parent : window.opener;
const creatorOrigin = (location.ancestorOrigins && location.ancestorOrigins[0]) || (document.referrer ? new URL(document.referrer).origin : '');
const target = creatorOrigin && creatorOrigin !== 'null' ? creatorOrigin : '*';
const ours = (value) => {
  try {
    const given = new URL(value);
    return given.origin === location.origin${allowedPath === undefined ? '' : ` && given.pathname === '${allowedPath}' && given.search === ''`};
  } catch (error) {
    return false;
  }
};
window.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === '${start}') {
    if (!creator || event.source !== creator || (target !== '*' && event.origin !== target) || inner) return;
    if (typeof data.${url} !== 'string' || typeof data.${data} !== 'string' || !data.${url} || !data.${data}) {
      creator.postMessage({ type: 'error', details: '${url} or ${data} missing in the message' }, target);
      return;
    }
    if (!ours(data.${url})) {
      creator.postMessage({ type: 'error', details: '${url} is not a URL of this sandbox' }, target);
      return;
    }
    inner = document.createElement('iframe');
    inner.name = '${frame}';
    inner.id = '${frame}';
    inner.title = '${title}';${hidden ? "\n    inner.style.display = 'none';" : ''}
    document.body.appendChild(inner);
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = data.${url};
    form.target = '${frame}';
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = '${field}';
    input.value = data.${data};
    form.appendChild(input);
    document.body.appendChild(form);
    form.submit();
    form.remove();
  } else if (data.type === '${notification}' && inner && creator && event.source === inner.contentWindow) {
    creator.postMessage(data, target);
  }
});`;

/** `GET /pages/challenge.html`: web-threeds' challenge frame. */
export const challengeFramePage = shell('3DS Challenge', relay('startChallenge', 'acsURL', 'creq', 'creq', 'acsChallengeIframe', 'Your bank: verify this payment', 'challenge', false, sandboxRoutes.acsChallenge));

/** `GET /pages/method.html`: web-threeds' 3DS method frame (the sandbox's sessions have no method URL, so it is only served). */
export const methodFramePage = shell('3DS Method', relay('startMethod', 'threeDSMethodURL', 'threeDSMethodData', 'threeDSMethodData', 'acsMethodIframe', 'Your bank: device check', 'method', true));
