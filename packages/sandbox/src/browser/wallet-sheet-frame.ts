import type { WalletSheetEnvelope, WalletSheetFromSheet, WalletSheetReady, WalletSheetTag, WalletSheetToSheet, WalletSheetWallet } from './wallet-sheet-messages.js';

/** Where the sheet's iframe is and how it is found: given by the sandbox to each stand-in. */
export interface WalletSheetFrame {
  /** The iframe's name (`WALLET_SHEET_FRAME_NAME`): the Playwright helpers find it by it. */
  name: string;
  /** The sheet page's path (`GET /sandbox/wallet-sheet`). */
  path: string;
  /** The `tessera` field of every message (`WALLET_SHEET_MESSAGE`). */
  tag: WalletSheetTag;
}

/** An open sheet: `post` a message to it (queued until the sheet is ready), `close` it. */
export interface WalletSheet {
  post(message: WalletSheetToSheet): void;
  close(): void;
}

/**
 * The overlay both wallet stand-ins show (`apple-pay-js.ts`, `google-pay-js.ts`, which take it as an argument): an
 * iframe of the sheet page from the sandbox's origin (`base`), talking to the stand-in by postMessage. It takes
 * messages only from that frame's window and the sandbox's origin, and posts only to that origin; what it posts before
 * the sheet says `ready` waits in a queue. `onMessage` gets every message of the sheet but `ready`.
 */
export function openWalletSheet<Token>(
  frame: WalletSheetFrame,
  base: string,
  wallet: WalletSheetWallet,
  title: string,
  onMessage: (message: WalletSheetFromSheet<Token>) => void,
): WalletSheet {
  'use strict';
  const origin = new URL(base, location.href).origin;
  const overlay = document.createElement('div');
  overlay.setAttribute('data-tessera-wallet-sheet', wallet);
  overlay.style.cssText = 'position:fixed;top:0;left:0;right:0;bottom:0;z-index:2147483647;background:rgba(0,0,0,0.45);display:flex;align-items:center;justify-content:center';
  const iframe = document.createElement('iframe');
  iframe.name = frame.name;
  iframe.title = title;
  iframe.src = base + frame.path + '?wallet=' + encodeURIComponent(wallet);
  iframe.style.cssText = 'width:400px;max-width:100%;height:600px;max-height:100%;border:0;border-radius:12px;background:#fff';
  overlay.appendChild(iframe);
  document.body.appendChild(overlay);
  let ready = false;
  const queue: WalletSheetToSheet[] = [];
  function post(message: WalletSheetToSheet): void {
    (message as WalletSheetEnvelope<WalletSheetToSheet>).tessera = frame.tag;
    if (ready && iframe.contentWindow) iframe.contentWindow.postMessage(message, origin);
    else queue.push(message);
  }
  function listener(event: MessageEvent): void {
    if (event.source !== iframe.contentWindow || event.origin !== origin) return;
    const data = event.data as WalletSheetEnvelope<WalletSheetFromSheet<Token> | WalletSheetReady> | null | undefined;
    if (!data || data.tessera !== frame.tag) return;
    if (data.type === 'ready') {
      ready = true;
      queue.splice(0).forEach(post);
      return;
    }
    onMessage(data);
  }
  window.addEventListener('message', listener);
  return {
    post,
    close() {
      window.removeEventListener('message', listener);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
    },
  };
}
