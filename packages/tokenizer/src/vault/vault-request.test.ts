import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { visaCard } from '../../test/vault-fixtures.js';
import { TesseraConnectionError } from '../errors/errors.js';
import { createTokenizer } from './tokenizer.js';

// "Could not reach the vault" names the URL it tried and what to check, as the server client's connection error
// does, and never the card or the key (the CVC, in the body like the card, never reaches an error at all). No msw here: the local case is a real connection refused on 127.0.0.1.
const publicKey = 'key_test_us_pub_VaultKeyForThisTest';

async function unreachable(tokenize: Promise<unknown>): Promise<TesseraConnectionError> {
  const error = await tokenize.then(undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(TesseraConnectionError);
  const connectionError = error as TesseraConnectionError;
  const shown = `${connectionError.message} ${JSON.stringify(connectionError)} ${String(connectionError.causeSummary)}`;
  for (const secret of ['4242424242424242', '4242 4242', publicKey]) expect(shown).not.toContain(secret);
  return connectionError;
}

describe('a vault that cannot be reached', () => {
  it('on this machine: names the URL and what the runtime said, and asks whether the sandbox runs', async () => {
    // A port just released on 127.0.0.1: nothing listens there (fetch refuses the well-known closed ones, such as 9).
    const listener = createServer().listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const { port } = listener.address() as AddressInfo;
    await new Promise((resolve) => listener.close(resolve));
    const vaultUrl = `http://127.0.0.1:${port}`;
    const error = await unreachable(createTokenizer({ environment: 'local', vaultUrl, vaultKey: publicKey }).tokenizeCard(visaCard));
    expect(error.message).toBe(
      `Could not reach the vault at ${vaultUrl}/tokens (ECONNREFUSED 127.0.0.1:${port}): is the sandbox running? ` +
        'Start it with `npx -p @tessera/sandbox tessera-sandbox` (port 4010), or pass the vaultUrl it prints',
    );
    expect(error.toJSON()).toMatchObject({ code: 'connection_error', reason: 'ECONNREFUSED', origin: vaultUrl, causeSummary: `ECONNREFUSED 127.0.0.1:${port}` });
  });

  it('elsewhere: names the URL and says to check the network, the page’s connect-src and the vault option', async () => {
    const fetch = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));
    const error = await unreachable(createTokenizer({ environment: 'development', vaultUrl: 'https://bt.test', vaultKey: publicKey, fetch }).tokenizeCard(visaCard));
    expect(error.message).toBe(
      "Could not reach the vault at https://bt.test/tokens (Failed to fetch): check the network, that the page's Content-Security-Policy " +
        'allows connect-src https://bt.test, and that this is the vault you meant (the environment or vaultUrl option)',
    );
    expect(error.origin).toBe('https://bt.test');
  });

  it('keeps what the runtime said to its origin, and drops any text that could be a card number or holds the key', async () => {
    const echoes = [
      new TypeError('error sending request for url (https://bt.test/tokens?number=4242424242424242)'),
      new TypeError(`bad header BT-API-KEY: ${publicKey}`),
      new TypeError('request body 4242 4242 4242 4242 was refused'),
    ];
    const summaries: Array<string | undefined> = [];
    for (const echo of echoes) {
      const fetch = (): Promise<Response> => Promise.reject(echo);
      summaries.push((await unreachable(createTokenizer({ environment: 'development', vaultUrl: 'https://bt.test', vaultKey: publicKey, fetch }).tokenizeCard(visaCard))).causeSummary);
    }
    expect(summaries).toEqual(['error sending request for url (https://bt.test)', 'bad header BT-API-KEY: [redacted]', undefined]);
  });
});
