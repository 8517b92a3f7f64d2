import type { sandboxBase } from './sandbox-base.js';

/**
 * The stand-in for Airwallex's device fingerprint script (`GET /airwallex/webapp/fraud/device-fingerprint/index.js`,
 * for `https://static.airwallex.com/webapp/fraud/device-fingerprint/index.js`): reads its own tag's
 * `data-order-session-id` (`document.currentScript`, else `#airwallex-fraud-api`, the vendor's tag id) and reports it
 * to the sandbox (`reportPath`), then again each time the attribute changes (the vendor's code reuses the tag for a
 * second check and changes only the attribute). No eval, no inline handler: it runs under a strict CSP.
 */
export function airwallexFingerprint(base: typeof sandboxBase, scriptPath: string, reportPath: string): void {
  'use strict';
  const script = document.currentScript ?? document.getElementById('airwallex-fraud-api');
  if (!script) return;
  const endpoint = base(script instanceof HTMLScriptElement ? script : null, scriptPath) + reportPath;
  let reported = '';
  const report = (): void => {
    const sessionId = script.getAttribute('data-order-session-id');
    if (!sessionId || sessionId === reported) return;
    reported = sessionId;
    fetch(endpoint, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    }).catch(() => {
      if (reported === sessionId) reported = '';
    });
  };
  report();
  new MutationObserver(report).observe(script, { attributes: true, attributeFilter: ['data-order-session-id'] });
}
