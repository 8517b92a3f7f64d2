import { describe, expect, inject, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { createCardFields } from '../fields.js';

const sandboxUrl = inject('sandboxUrl');
const sandboxOrigin = new URL(sandboxUrl).origin;
const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

// This file runs in its own frame: the policy holds for this document only. It is exactly what the README lists for
// card fields on the local sandbox ('self' stands for the page's own scripts): the page needs the sandbox's client
// script and its element frames, nothing else; the frames post to the vault themselves.
const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = `script-src 'self' ${sandboxOrigin}; frame-src ${sandboxOrigin}`;
document.head.append(meta);

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective}: ${event.blockedURI}`));
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('card fields under the CSP the README lists for the local sandbox', () => {
  it('the policy is in force: a frame from another origin is reported', async () => {
    const probe = Object.assign(document.createElement('iframe'), { src: 'https://elsewhere.invalid/' });
    document.body.append(probe);
    await vi.waitFor(() => expect(violations).toEqual([expect.stringContaining('frame-src')]), { timeout: 5000 });
    probe.remove();
    violations.length = 0;
  });

  it('mounting, typing, tokenizing and unmounting report no violation', async () => {
    const container = Object.assign(document.createElement('div'), { id: 'checkout' });
    container.append(Object.assign(document.createElement('div'), { id: 'card' }), Object.assign(document.createElement('div'), { id: 'name' }));
    document.body.append(container);
    const fields = createCardFields({ environment: 'local', vaultUrl: sandboxUrl });
    await fields.mount({ card: '#card', name: '#name' });
    await commands.fillCardFieldsWithPlaywright({ number: '4242 4242 4242 4242', expiry: `12/${year}`, cvc: '123', name: 'Ada Lovelace' }, '#checkout');
    await expect(fields.tokenize()).resolves.toMatchObject({ card: { card: { last4: '4242' } } });
    fields.unmount();
    await settle();
    expect(violations).toEqual([]);
  });
});
