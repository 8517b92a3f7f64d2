import { describe, expect, inject, it } from 'vitest';
import { commands, page } from 'vitest/browser';
import { createThreeDS } from '../basis-theory.js';

const sandboxUrl = inject('sandboxUrl');

// This file runs in its own frame: the policy below holds for this document only. It allows no inline style
// attribute (`style-src-attr 'none'`), what a checkout page with no 'unsafe-inline' in style-src has, and it requires
// Trusted Types for every HTML and script sink (`require-trusted-types-for 'script'`) with no default policy: a string
// given to `innerHTML` is blocked and reported. The modal's own <style> element is allowed by its nonce, as the README
// says.
const nonce = 'tessera-test-nonce';
const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = `style-src-attr 'none'; style-src-elem 'self' 'nonce-${nonce}'; require-trusted-types-for 'script'`;
document.head.append(meta);

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`));
// A violation event is dispatched in a task of its own: wait a turn before reading the list.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const threeds = createThreeDS({ environment: 'local', vaultUrl: sandboxUrl });

describe('a 3DS checkout under a strict style and Trusted Types policy (issues 26 and 34: web-threeds styles and empties its containers)', () => {
  it('the policy is in force: a style attribute and an empty string given to innerHTML are reported', async () => {
    const probe = document.createElement('div');
    probe.setAttribute('style', 'color: red');
    document.body.append(probe);
    // Chromium checks any string given to an HTML sink, the empty one too: the assignment throws and is reported.
    expect(() => (probe.innerHTML = '')).toThrow(TypeError);
    await settle();
    expect(violations).toEqual([expect.stringContaining('style-src-attr'), expect.stringContaining('require-trusted-types-for')]);
    probe.remove();
    violations.length = 0;
  });

  it('creating the session with the real web-threeds and running the challenge report nothing, and leave nothing behind', async () => {
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

  it('a failed and a cancelled challenge report nothing either', async () => {
    const bodyBefore = document.body.innerHTML;
    const failing = await commands.createPendingChallenge();
    const failed = threeds.startChallenge(failing.challenge, { nonce });
    await commands.readAcsPage('Card issuer verification', 'Fail authentication');
    await commands.clickAcsButton('Card issuer verification', 'Fail authentication');
    await expect(failed).resolves.toMatchObject({ success: false, reason: 'failed' });

    const cancelling = await commands.createPendingChallenge();
    const cancelled = threeds.startChallenge(cancelling.challenge, { nonce });
    await commands.readAcsPage('Card issuer verification', 'Approve');
    await page.getByRole('button', { name: 'Cancel verification' }).click();
    await expect(cancelled).resolves.toMatchObject({ success: false, reason: 'cancelled' });
    await settle();
    expect(violations).toEqual([]);
    expect(document.body.innerHTML).toBe(bodyBefore);
  });
});
