import { decodeServiceToken } from '@tessera/core';
import { createSandbox } from '@tessera/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenizer } from './tokenizer.js';

// The service's own browser library (@tagadapay/core-js@3.1.0) builds its service token ("TagadaToken") with
// `createTagadaToken` from Basis Theory's answer. Applied to the sandbox's BT answers, it must give the same card
// facts as Tessera's `tokenizeCard`, and each side must decode the other's token.
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

interface VendorTokenModule {
  createTagadaToken(tokenResponse: unknown, providerName?: string): string;
  decodeTagadaToken(token: string): { type: string; token: string; provider: string; nonSensitiveMetadata: Record<string, unknown> };
}
// tagada-token.js has no imports of its own; the package's exports map only names its index, which loads far more.
const vendor = async (): Promise<VendorTokenModule> => (await import(new URL('./tagada-token.js', import.meta.resolve('@tagadapay/core-js/core')).href)) as VendorTokenModule;

/** A tokenizer whose fetch keeps a copy of BT's raw answer, so both libraries read the very same answer. */
function recordingTokenizer() {
  const answers: Record<string, unknown>[] = [];
  const tokenizer = createTokenizer({
    environment: 'local',
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      answers.push((await response.clone().json()) as Record<string, unknown>);
      return response;
    },
  });
  return { tokenizer, answers };
}

// What @tagadapay/core-js's CardTokenizer.tokenizeAndNormalize makes of BT's answer (dist/core/tokenizer.js).
const vendorNormalized = (raw: Record<string, unknown>) => ({
  id: raw.id,
  type: raw.type,
  data: raw.data,
  metadata: {
    ...(raw.metadata as object | undefined),
    auth: { scaRequired: (raw.card as { authentication?: string } | undefined)?.authentication === 'sca_required' },
    tokenizedAt: new Date().toISOString(),
    rawProviderResponse: raw,
  },
});

const facts = ['last4', 'bin', 'brand', 'funding', 'expiryMonth', 'expiryYear', 'fingerprint', 'authentication', 'issuer'] as const;
const pick = (metadata: Record<string, unknown> | undefined) => Object.fromEntries(facts.map((key) => [key, metadata?.[key]]));

describe('Tessera tokenizeCard ⇄ the service library createTagadaToken, on the sandbox BT answers', () => {
  it.each(['4242 4242 4242 4242', '4000 0000 0000 3220', '5555 5555 5555 4444'])('same envelope facts for %s, and both directions decode', async (cardNumber) => {
    const { createTagadaToken, decodeTagadaToken } = await vendor();
    const { tokenizer, answers } = recordingTokenizer();
    const tessera = await tokenizer.tokenizeCard({ cardNumber, expiryDate: '12/35', cvc: '123' });
    const raw = answers[0]!;
    const theirs = createTagadaToken(vendorNormalized(raw), 'basistheory');

    const oursDecodedByThem = decodeTagadaToken(tessera);
    const theirsDecodedByUs = decodeServiceToken(theirs);
    expect(oursDecodedByThem).toMatchObject({ type: 'card', token: raw.id, provider: 'basistheory' });
    expect(theirsDecodedByUs).toMatchObject({ type: 'card', token: raw.id, provider: 'basistheory' });
    const ours = pick(decodeServiceToken(tessera).nonSensitiveMetadata);
    expect(ours.last4).toBe(cardNumber.slice(-4));
    expect(ours.authentication).toBe(cardNumber.endsWith('3220') ? 'sca_required' : 'optional');
    expect(pick(theirsDecodedByUs.nonSensitiveMetadata)).toEqual(ours);
  });
});
