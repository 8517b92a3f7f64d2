/** What a relay page takes the start message by, and what it makes of it (see {@link threedsRelay}). */
export interface ThreedsRelayOptions {
  /** The start message's `type` (`startChallenge`, `startMethod`). */
  start: string;
  /** Its field holding the URL to post to (`acsURL`, `threeDSMethodURL`). */
  url: string;
  /** Its field holding the data posted (`creq`, `threeDSMethodData`). */
  data: string;
  /** The form field the data is posted as. */
  field: string;
  /** The inner iframe's name and id. */
  frame: string;
  /** The inner iframe's title. */
  title: string;
  /** The `type` of the notification relayed back to the creator (`challenge`, `method`). */
  notification: string;
  /** The inner iframe is hidden (the method frame). */
  hidden: boolean;
  /** The only path of this sandbox the URL may have (the ACS's); any path of this origin when absent. */
  allowedPath?: string | undefined;
}

/**
 * The script of the pages `@basis-theory/web-threeds` loads from its `sdkBaseUrl` (`/pages/challenge.html`,
 * `/pages/method.html`): takes the start message only from the window that made it (its parent; its opener when it is
 * a window of its own), from that window's origin (`ancestorOrigins`, else the referrer's origin), once, and only for a
 * URL of this sandbox (`allowedPath`: the ACS's own path); form-POSTs its data into an inner iframe, and relays what
 * that iframe posts (`{ type: notification, … }`) back to that origin only. Any other frame on the checkout page (an
 * ad) could otherwise put a page of its choice inside the bank dialog.
 */
export function threedsRelay(options: ThreedsRelayOptions): void {
  let inner: HTMLIFrameElement | undefined;
  const creator: Window | null = window.parent !== window ? window.parent : (window.opener as Window | null);
  const creatorOrigin = location.ancestorOrigins?.[0] ?? (document.referrer ? new URL(document.referrer).origin : '');
  const target = creatorOrigin && creatorOrigin !== 'null' ? creatorOrigin : '*';
  const ours = (value: string): boolean => {
    try {
      const given = new URL(value);
      return given.origin === location.origin && (options.allowedPath === undefined || (given.pathname === options.allowedPath && given.search === ''));
    } catch {
      return false;
    }
  };
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
    if (data.type === options.start) {
      if (!creator || event.source !== creator || (target !== '*' && event.origin !== target) || inner) return;
      const url = data[options.url];
      const posted = data[options.data];
      if (typeof url !== 'string' || typeof posted !== 'string' || !url || !posted) {
        creator.postMessage({ type: 'error', details: `${options.url} or ${options.data} missing in the message` }, target);
        return;
      }
      if (!ours(url)) {
        creator.postMessage({ type: 'error', details: `${options.url} is not a URL of this sandbox` }, target);
        return;
      }
      inner = document.createElement('iframe');
      inner.name = options.frame;
      inner.id = options.frame;
      inner.title = options.title;
      if (options.hidden) inner.style.display = 'none';
      document.body.appendChild(inner);
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = url;
      form.target = options.frame;
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = options.field;
      input.value = posted;
      form.appendChild(input);
      document.body.appendChild(form);
      form.submit();
      form.remove();
    } else if (data.type === options.notification && inner && creator && event.source === inner.contentWindow) {
      creator.postMessage(data, target);
    }
  });
}
