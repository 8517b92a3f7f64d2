import { describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';
import { createThreeDS } from '../basis-theory.js';

const sandboxUrl = inject('sandboxUrl');

// This file runs in its own frame: the policy below holds for this document only. It allows no inline style
// attribute (`style-src-attr 'none'`), what a checkout page with no 'unsafe-inline' in style-src has; the modal's
// own <style> element is allowed by its nonce, as the README says.
const nonce = 'tessera-test-nonce';
const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = `style-src-attr 'none'; style-src-elem 'self' 'nonce-${nonce}'`;
document.head.append(meta);

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`));
// A violation event is dispatched in a task of its own: wait a turn before reading the list.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a 3DS checkout under a strict style policy (issue 26: web-threeds hides its method frame with a style attribute)', () => {
  it('the policy is in force: a style attribute set by a script is reported', async () => {
    const probe = document.createElement('div');
    probe.setAttribute('style', 'color: red');
    document.body.append(probe);
    await settle();
    expect(violations).toEqual([expect.stringContaining('style-src-attr')]);
    probe.remove();
    violations.length = 0;
  });

  it('creating the session with the real web-threeds and running the challenge report nothing, and leave nothing behind', async () => {
    const threeds = createThreeDS({ environment: 'local', vaultUrl: sandboxUrl });
    const bodyBefore = document.body.innerHTML;
    const { storeId, instrument } = await commands.createThreeDSInstrument();
    const body = await threeds.createSession({ instrument, payment: { amount: 1999, currency: 'USD' }, storeId });
    expect(document.body.innerHTML).toBe(bodyBefore);
    const { challenge } = await commands.payWithThreeDSSession(body as unknown as Record<string, unknown>);
    const result = threeds.startChallenge(challenge, { nonce });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await commands.clickAcsButton('Card issuer verification', 'Approve');
    await expect(result).resolves.toMatchObject({ success: true });
    await settle();
    expect(violations).toEqual([]);
    expect(document.body.innerHTML).toBe(bodyBefore);
  });
});
