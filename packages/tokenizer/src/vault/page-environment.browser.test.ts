import { afterEach, describe, expect, inject, it } from 'vitest';
import { collectRadarSession } from '../confirm/radar.js';
import { TesseraConfigurationError } from '../errors/errors.js';
import { createCardFields } from '../fields.js';
import { createThreeDS } from '../threeds/threeds.js';
import { createWalletButtons } from '../wallets/wallet-buttons.js';
import { createTokenizer } from './tokenizer.js';

const sandboxUrl = inject('sandboxUrl');

afterEach(() => document.querySelector('#airwallex-fraud-api')?.remove());

describe('one environment per page', () => {
  it('refuses a second environment in the page, naming the option, whichever function is called', () => {
    createTokenizer({ environment: 'local', vaultUrl: sandboxUrl });
    const others = [
      () => createCardFields({ environment: 'production' }),
      () => createThreeDS({ environment: 'development' }),
      () => createTokenizer({ environment: 'production' }),
      () => createWalletButtons({ environment: 'development', request: { amount: 100, currency: 'USD', country: 'US', label: 'Shop' }, onToken: () => undefined }),
    ];
    for (const create of others) {
      const error = (() => {
        try {
          create();
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(TesseraConfigurationError);
      expect(error).toMatchObject({ reason: 'mixed_environments' });
      expect((error as Error).message).toMatch(/^environment is "(production|development)", but this page uses "local": give every Tessera call of a page one environment/);
    }
    // The page's own environment stays usable.
    expect(() => createCardFields({ environment: 'local', vaultUrl: sandboxUrl })).not.toThrow();
  });

  it('a radar check given no environment takes the page\'s: a sandbox page loads the sandbox\'s stand-in, never the provider\'s script', async () => {
    createThreeDS({ environment: 'local', vaultUrl: sandboxUrl });
    const session = await collectRadarSession({ type: 'radar', provider: 'airwallex', isTest: true }, 'pay_page_env', { sandboxUrl });
    const script = document.querySelector<HTMLScriptElement>('#airwallex-fraud-api');
    expect(script?.src).toBe(`${sandboxUrl}/airwallex/webapp/fraud/device-fingerprint/index.js`);
    expect(session).toEqual({ paymentId: 'pay_page_env', airwallexRadarSessionId: script?.getAttribute('data-order-session-id') });
  });

  it('a radar check given another environment than the page\'s is refused before any script loads', async () => {
    createTokenizer({ environment: 'local', vaultUrl: sandboxUrl });
    await expect(collectRadarSession({ type: 'radar', provider: 'airwallex', isTest: true }, 'pay_page_env', { environment: 'production' })).rejects.toMatchObject({ reason: 'mixed_environments' });
    expect(document.querySelector('#airwallex-fraud-api')).toBeNull();
  });
});
