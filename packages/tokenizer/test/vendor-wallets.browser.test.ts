import { getGoogleTenantId, isApplePayAvailable, isGooglePayAvailable, startApplePaySession, startGooglePaySession } from '@tagadapay/core-js';
import { SANDBOX_VAULT_KEY, SERVICE_VAULT_TENANT_IDS } from '@tessera/core/internal';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { commands, userEvent } from 'vitest/browser';

// The vendor's unmodified wallet code (@tagadapay/core-js 3.1.0, dist/payments/apple-pay-service.js and
// google-pay-service.js) in Chromium through the sandbox's stand-ins: its hard-coded hosts (Apple Pay JS, pay.js,
// Basis Theory's API) are served from the sandbox on 127.0.0.1 (routeVendorHostsToSandbox), the sheet is approved
// as a customer would, and the Basis Theory token the vendor's code gets back is the sandbox vault's.
const sandboxUrl = inject('sandboxUrl');

interface Outcome {
  token?: Record<string, any>;
  contacts?: Record<string, any>;
  error?: string;
  cancelled?: true;
}

/** Runs `start` in a real click on a button of the page (the vendor's code must run in a user gesture). */
async function clickToStart(start: () => void): Promise<void> {
  const button = document.createElement('button');
  button.textContent = 'Pay with a wallet';
  document.body.append(button);
  button.addEventListener('click', start, { once: true });
  await userEvent.click(button);
  button.remove();
}

const callbacks = (settle: (outcome: Outcome) => void) => ({
  onSuccess: (token: Record<string, any>, contacts: Record<string, any>) => settle({ token, contacts }),
  onError: (error: string) => settle({ error }),
  onCancel: () => settle({ cancelled: true }),
});

beforeAll(async () => {
  await commands.routeVendorHostsToSandbox(sandboxUrl);
});

describe("the vendor's wallet code through the sandbox's stand-ins", () => {
  it('startApplePaySession: merchant validation, the sheet, and a dpan token of the sandbox vault', async () => {
    expect(await isApplePayAvailable()).toBe(true);
    const outcome = new Promise<Outcome>((settle) => {
      void clickToStart(() => {
        startApplePaySession({ basisTheoryApiKey: SANDBOX_VAULT_KEY, countryCode: 'FR', storeName: 'Boutique' }, { currency: 'EUR', totalAmountMinor: 1999 }, callbacks(settle));
      });
    });
    await commands.actOnWalletSheet('pay', 'visa_approved');
    const { token, contacts, error } = await outcome;
    expect(error).toBeUndefined();
    expect(token).toMatchObject({ id: expect.any(String), tenant_id: SERVICE_VAULT_TENANT_IDS.development, type: 'dpan', status: 'active', card: { last4: '8412', brand: 'visa' } });
    expect(contacts?.shipping).toMatchObject({ countryCode: 'FR', addressLines: ['12 rue de Rivoli'] });
    expect(document.querySelector('[data-tessera-wallet-sheet]')).toBeNull();
  });

  it('startApplePaySession: Cancel calls onCancel', async () => {
    const outcome = new Promise<Outcome>((settle) => {
      void clickToStart(() => {
        startApplePaySession({ basisTheoryApiKey: SANDBOX_VAULT_KEY, countryCode: 'FR', storeName: 'Boutique' }, { currency: 'EUR', totalAmountMinor: 1999 }, callbacks(settle));
      });
    });
    await commands.actOnWalletSheet('cancel');
    expect(await outcome).toEqual({ cancelled: true });
  });

  it("startGooglePaySession with getGoogleTenantId('local'): the sheet mints for basistheory and that tenant, and a google_pay token of the sandbox vault", async () => {
    expect(getGoogleTenantId('local')).toBe(SERVICE_VAULT_TENANT_IDS.development);
    expect(await isGooglePayAvailable(true)).toBe(true);
    const outcome = new Promise<Outcome>((settle) => {
      void clickToStart(() => {
        startGooglePaySession({ basisTheoryApiKey: SANDBOX_VAULT_KEY, basisTheoryTenantId: getGoogleTenantId('local'), merchantId: '12345678901234567890', merchantName: 'Boutique', countryCode: 'FR', sandboxed: true }, { currency: 'EUR', totalAmountMinor: 1999 }, callbacks(settle));
      });
    });
    await commands.actOnWalletSheet('pay', 'visa_approved');
    const { token, contacts, error } = await outcome;
    expect(error).toBeUndefined();
    expect(token).toMatchObject({ id: expect.any(String), tenant_id: SERVICE_VAULT_TENANT_IDS.development, status: 'active', card: { brand: 'visa' } });
    expect(contacts).toMatchObject({ email: 'camille.martin@example.com' });
  });
});
