import { servedSource } from '../browser/served-source.js';
import { threedsRelay } from '../browser/threeds-relay.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';

// The static pages `@basis-theory/web-threeds` loads from its `sdkBaseUrl` (`<sdkBaseUrl>/pages/challenge.html`,
// `<sdkBaseUrl>/pages/method.html`). Our own pages, speaking the messages BT's pages speak (read in web-threeds
// 1.3.5): the library posts `{ type: 'startChallenge', acsURL, creq }` (or `{ type: 'startMethod', threeDSMethodURL,
// threeDSMethodData }`) into the page; the page form-POSTs it into an inner iframe and relays the notification
// (`{ type: 'challenge' | 'method', id, isCompleted, ... }`) to its parent. Unlike BT's pages, ours take the start
// message only from their parent and for this sandbox's ACS, and relay only what their own inner iframe posts
// (`../browser/threeds-relay.ts`, served inline as its source).

const shell = (title: string, script: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>html,body{margin:0;padding:0;overflow:hidden;width:100%;height:100%}iframe{display:block;border:0;width:100%;height:100%}</style>
</head><body><script>${script}</script></body></html>`;

/** `GET /pages/challenge.html`: web-threeds' challenge frame. */
export const challengeFramePage = shell(
  '3DS Challenge',
  servedSource(threedsRelay, { start: 'startChallenge', url: 'acsURL', data: 'creq', field: 'creq', frame: 'acsChallengeIframe', title: 'Your bank: verify this payment', notification: 'challenge', hidden: false, allowedPath: sandboxRoutes.acsChallenge }),
);

/** `GET /pages/method.html`: web-threeds' 3DS method frame (a session whose card has a method: `method_url`, the ACS's). */
export const methodFramePage = shell(
  '3DS Method',
  servedSource(threedsRelay, { start: 'startMethod', url: 'threeDSMethodURL', data: 'threeDSMethodData', field: 'threeDSMethodData', frame: 'acsMethodIframe', title: 'Your bank: device check', notification: 'method', hidden: true, allowedPath: sandboxRoutes.acsMethod }),
);
