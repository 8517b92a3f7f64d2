import { decodeServiceToken } from '@tessera/core';
import { createSandbox, testCardNumbers } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenizer } from './tokenizer.js';

// The sandbox's own service tokens (`sandbox.createServiceToken`, for a backend's tests without this package) are
// the tokenizer's, byte for byte but the vault token's id: the same vault, the same envelope read from its answer.
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const json = (serviceToken: string): string => new TextDecoder().decode(Uint8Array.from(atob(serviceToken), (char) => char.charCodeAt(0)));

describe("the sandbox's service tokens are the tokenizer's", () => {
  const tokenizer = createTokenizer({ environment: 'local' });

  it.each(Object.entries(testCardNumbers))('%s', async (_name, number) => {
    const cvc = number.startsWith('37') ? '1234' : '123';
    const fromTokenizer = await tokenizer.tokenizeCard({ cardNumber: number, expiryDate: '12/2031', cvc });
    const fromSandbox = await sandbox.createServiceToken({ number, expMonth: 12, expYear: 2031, cvc });
    const [tokenizerId, sandboxId] = [decodeServiceToken(fromTokenizer).token, decodeServiceToken(fromSandbox).token];
    expect(sandboxId).not.toBe(tokenizerId);
    // Same envelope, same field order, same encoding: only the vault token's id differs.
    expect(json(fromSandbox)).toBe(json(fromTokenizer).replace(tokenizerId, sandboxId));
    expect(fromSandbox).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });
});
