import { sandboxRoutes } from '../http/sandbox-routes.js';

// The part the two wallet stand-ins (apple-pay-js.ts, google-pay-js.ts) share, pasted into each: where the sandbox
// is (from the script's own `src`, as radar-scripts.ts finds it) and the sheet's overlay, an iframe of
// `GET /sandbox/wallet-sheet` from the sandbox's origin talking to the script by postMessage. The script only takes
// messages from that frame's window and the sandbox's origin; the sheet answers only the origin that showed it.

/** The name of the sheet's iframe (`iframe[name="tessera-wallet-sheet"]`): the Playwright helpers find it by it. */
export const WALLET_SHEET_FRAME_NAME = 'tessera-wallet-sheet';

/** The `tessera` field of every message between the stand-in script and its sheet. */
export const WALLET_SHEET_MESSAGE = 'wallet-sheet';

/** `sandboxBase(script)` and `openSheet(base, wallet, title, onMessage)`, as ES2017 text for a stand-in script. */
export const walletSheetFrame = (scriptPath: string): string => `
  function sandboxBase(script) {
    var src = script && script.src ? script.src : '';
    var at = src.indexOf(${JSON.stringify(scriptPath)});
    if (at >= 0) return src.slice(0, at);
    return src ? new URL(src).origin : location.origin;
  }
  function openSheet(base, wallet, title, onMessage) {
    var origin = new URL(base, location.href).origin;
    var overlay = document.createElement('div');
    overlay.setAttribute('data-tessera-wallet-sheet', wallet);
    overlay.style.cssText = 'position:fixed;top:0;left:0;right:0;bottom:0;z-index:2147483647;background:rgba(0,0,0,0.45);display:flex;align-items:center;justify-content:center';
    var frame = document.createElement('iframe');
    frame.name = ${JSON.stringify(WALLET_SHEET_FRAME_NAME)};
    frame.title = title;
    frame.src = base + ${JSON.stringify(sandboxRoutes.walletSheet)} + '?wallet=' + encodeURIComponent(wallet);
    frame.style.cssText = 'width:400px;max-width:100%;height:600px;max-height:100%;border:0;border-radius:12px;background:#fff';
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    var ready = false;
    var queue = [];
    function post(message) {
      message.tessera = ${JSON.stringify(WALLET_SHEET_MESSAGE)};
      if (ready && frame.contentWindow) frame.contentWindow.postMessage(message, origin);
      else queue.push(message);
    }
    function listener(event) {
      if (event.source !== frame.contentWindow || event.origin !== origin) return;
      var data = event.data;
      if (!data || data.tessera !== ${JSON.stringify(WALLET_SHEET_MESSAGE)}) return;
      if (data.type === 'ready') {
        ready = true;
        queue.splice(0).forEach(post);
        return;
      }
      onMessage(data);
    }
    window.addEventListener('message', listener);
    return {
      post: post,
      close: function () {
        window.removeEventListener('message', listener);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      }
    };
  }`;
