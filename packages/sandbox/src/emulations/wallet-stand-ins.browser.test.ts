import { SANDBOX_VAULT_KEY, SERVICE_VAULT_TENANT_IDS, vaultApplePayPath, vaultGooglePayPath } from '@tessera/core/internal';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { sandboxRoutes } from '../wire/sandbox-routes.js';

// The stand-ins for Apple Pay JS and pay.js loaded from a sandbox server on 127.0.0.1 (another origin than this
// page's), driven as a merchant's page drives the real ones, the sheet approved or cancelled as a customer would
// (commands.approveWalletSheet / cancelWalletSheet: Playwright clicks in the sheet's frame).
const sandboxUrl = inject('sandboxUrl');

// The stand-ins' globals, as the page sees them.
const win = window as any;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.crossOrigin = 'anonymous';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    document.head.append(script);
  });
}

/** Runs `act` in a real click (a user gesture) on a button of the page. */
async function inGesture<T>(act: () => T): Promise<T> {
  const button = document.createElement('button');
  button.textContent = 'Buy with a wallet';
  document.body.append(button);
  const result = new Promise<T>((resolve, reject) => {
    button.addEventListener('click', () => {
      try {
        resolve(act());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }, { once: true });
  });
  await userEvent.click(button);
  button.remove();
  return result;
}

const vault = async (path: string, body: unknown): Promise<{ status: number; json: any }> => {
  const response = await fetch(`${sandboxUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'BT-API-KEY': SANDBOX_VAULT_KEY }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
};

const appleRequest = {
  countryCode: 'FR',
  currencyCode: 'EUR',
  supportedNetworks: ['visa', 'masterCard'],
  merchantCapabilities: ['supports3DS'],
  total: { label: 'Boutique', amount: '12.00' },
  lineItems: [{ label: 'Mug', amount: '12.00' }],
  requiredShippingContactFields: ['postalAddress'],
  shippingMethods: [{ identifier: 'standard', label: 'Standard', amount: '0.00', detail: '3 days' }, { identifier: 'express', label: 'Express', amount: '5.00', detail: 'tomorrow' }],
};

const googleRequest = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  apiVersion: 2,
  apiVersionMinor: 0,
  allowedPaymentMethods: [{
    type: 'CARD',
    parameters: { allowedAuthMethods: ['CRYPTOGRAM_3DS', 'PAN_ONLY'], allowedCardNetworks: ['VISA', 'MASTERCARD'] },
    tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'basistheory', gatewayMerchantId: SERVICE_VAULT_TENANT_IDS.development } },
  }],
  merchantInfo: { merchantName: 'Boutique' },
  transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '12.00', currencyCode: 'EUR', countryCode: 'FR' },
  ...overrides,
});

beforeAll(async () => {
  await loadScript(`${sandboxUrl}${sandboxRoutes.applePayJsScript}`);
  await loadScript(`${sandboxUrl}${sandboxRoutes.googlePayJsScript}`);
});

afterEach(() => {
  document.querySelectorAll('[data-tessera-wallet-sheet]').forEach((overlay) => overlay.remove());
});

describe('the Apple Pay JS stand-in', () => {
  it('defines ApplePaySession as Safari does: availability, versions, status constants; refuses a session (and pay.js a sheet) outside a user gesture', async () => {
    const Session = win.ApplePaySession;
    expect(Session.canMakePayments()).toBe(true);
    await expect(Session.canMakePaymentsWithActiveCard('merchant.test')).resolves.toBe(true);
    expect([Session.supportsVersion(3), Session.supportsVersion(14), Session.supportsVersion(15)]).toEqual([true, true, false]);
    expect([Session.STATUS_SUCCESS, Session.STATUS_FAILURE, Session.STATUS_INVALID_SHIPPING_POSTAL_ADDRESS, Session.STATUS_PIN_LOCKOUT]).toEqual([0, 1, 3, 7]);
    expect(() => new Session(3, appleRequest)).toThrow(expect.objectContaining({ name: 'InvalidAccessError', message: expect.stringContaining('user gesture') }));
    // pay.js's sheet outside a gesture too (in the first test: a click gives the page a few seconds of user
    // activation; the browser project runs a file's tests in order).
    const client = new win.google.payments.api.PaymentsClient({ environment: 'TEST' });
    await expect(client.loadPaymentData(googleRequest())).rejects.toMatchObject({ statusCode: 'DEVELOPER_ERROR', statusMessage: expect.stringContaining('user gesture') });
  });

  it('validates the merchant against the vault, fires the events in order, round-trips shipping changes, and the token tokenizes in the vault', async () => {
    const Session = win.ApplePaySession;
    const events: string[] = [];
    let session: any;
    let resolve: (payment: any) => void = () => undefined;
    const authorized = new Promise<any>((settle) => {
      resolve = settle;
    });
    await inGesture(() => {
        session = new Session(3, appleRequest);
        session.onvalidatemerchant = async (event: any) => {
          events.push('validatemerchant');
          expect(event.validationURL).toBe(`${sandboxUrl}${sandboxRoutes.vaultApplePayMerchantSession}`);
          const answer = await vault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Boutique', domain: location.host });
          session.completeMerchantValidation(answer.json);
        };
        session.onpaymentmethodselected = (event: any) => {
          events.push(`paymentmethodselected:${event.paymentMethod.network}`);
          session.completePaymentMethodSelection({ newTotal: appleRequest.total });
        };
        session.onshippingcontactselected = (event: any) => {
          events.push(`shippingcontactselected:${event.shippingContact.countryCode}:${'addressLines' in event.shippingContact}`);
          session.completeShippingContactSelection(Session.STATUS_SUCCESS, appleRequest.shippingMethods, { label: 'Boutique', amount: '12.00' }, appleRequest.lineItems);
        };
        session.onshippingmethodselected = (event: any) => {
          events.push(`shippingmethodselected:${event.shippingMethod.identifier}`);
          session.completeShippingMethodSelection({ newTotal: { label: 'Boutique', amount: '17.00' }, newLineItems: [...appleRequest.lineItems, { label: 'Express', amount: '5.00' }] });
        };
        session.onpaymentauthorized = (event: any) => {
          events.push('paymentauthorized');
          resolve(event.payment);
        };
        session.begin();
        expect(() => new Session(3, appleRequest).begin()).toThrow(expect.objectContaining({ name: 'InvalidAccessError', message: expect.stringContaining('active payment session') }));
    });
    const frame = document.querySelector<HTMLIFrameElement>('iframe[name="tessera-wallet-sheet"]');
    expect(frame?.src).toBe(`${sandboxUrl}${sandboxRoutes.walletSheet}?wallet=apple_pay`);
    await commands.chooseWalletSheetShipping('method', 'express');
    await commands.approveWalletSheet('mastercard_approved');
    const payment = await authorized;
    expect(events).toEqual(['validatemerchant', 'paymentmethodselected:Visa', 'shippingcontactselected:FR:false', 'shippingmethodselected:express', 'paymentmethodselected:MasterCard', 'paymentauthorized']);
    expect(payment.token).toMatchObject({ paymentData: { version: 'EC_v1' }, paymentMethod: { network: 'MasterCard' }, transactionIdentifier: expect.any(String) });
    expect(payment.shippingContact).toMatchObject({ countryCode: 'FR', addressLines: ['12 rue de Rivoli'] });
    const tokenized = await vault(vaultApplePayPath, { apple_payment_data: payment.token });
    expect(tokenized.status).toBe(201);
    expect(tokenized.json.apple_pay).toMatchObject({ id: expect.any(String), tenant_id: SERVICE_VAULT_TENANT_IDS.development, type: 'dpan' });
    session.completePayment({ status: Session.STATUS_SUCCESS });
    expect(document.querySelector('[data-tessera-wallet-sheet]')).toBeNull();
  });

  it('Cancel fires oncancel and closes the sheet; a new session may begin after', async () => {
    const Session = win.ApplePaySession;
    let resolve: (type: string) => void = () => undefined;
    const cancelled = new Promise<string>((settle) => {
      resolve = settle;
    });
    await inGesture(() => {
      const session = new Session(3, { ...appleRequest, requiredShippingContactFields: [] });
      session.onvalidatemerchant = () => undefined;
      session.oncancel = (event: Event) => resolve(event.type);
      session.begin();
    });
    await commands.cancelWalletSheet();
    expect(await cancelled).toBe('cancel');
    expect(document.querySelector('[data-tessera-wallet-sheet]')).toBeNull();
    await inGesture(() => {
      const again = new Session(3, appleRequest);
      again.begin();
      again.abort();
    });
  });

  it('defines <apple-pay-button> as Apple Pay JS does: a visible button named by its type, focusable, that Enter and Space click in a user gesture', async () => {
    const button = document.createElement('apple-pay-button');
    button.setAttribute('type', 'check-out');
    button.setAttribute('locale', 'en-GB');
    document.body.append(button);
    const face = button.shadowRoot?.querySelector('span');
    expect([button.getAttribute('role'), button.getAttribute('tabindex'), button.getAttribute('aria-label'), face?.textContent]).toEqual(['button', '0', 'Check out with Apple Pay', 'Check out with Apple Pay']);
    // Black by default, white by buttonstyle; never an empty box.
    expect(getComputedStyle(face!)).toMatchObject({ backgroundColor: 'rgb(0, 0, 0)', color: 'rgb(255, 255, 255)' });
    button.setAttribute('buttonstyle', 'white');
    button.setAttribute('type', 'plain');
    expect([getComputedStyle(face!).backgroundColor, face?.textContent, button.getAttribute('aria-label')]).toEqual(['rgb(255, 255, 255)', 'Apple Pay', 'Apple Pay']);
    const box = button.getBoundingClientRect();
    expect([box.width > 0, box.height >= 30]).toEqual([true, true]);
    // A page's own name is kept.
    const named = document.createElement('apple-pay-button');
    named.setAttribute('aria-label', 'Pay for the mug with Apple Pay');
    document.body.append(named);
    expect(named.getAttribute('aria-label')).toBe('Pay for the mug with Apple Pay');
    // Each key's click is a user gesture: a session can be created in it, as after a click.
    const sessions: string[] = [];
    button.addEventListener('click', () => {
      new win.ApplePaySession(3, appleRequest);
      sessions.push('created');
    });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await userEvent.keyboard('a');
    expect(sessions).toEqual(['created', 'created']);
    button.remove();
    named.remove();
  });
});

describe('the wallet sheet trusts nothing of the merchant page', () => {
  it('the page cannot mint a wallet token itself, and a message the page forges is not taken for the sheet\'s', async () => {
    const mint = fetch(`${sandboxUrl}${sandboxRoutes.mintGooglePayToken}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card: 'visa_approved', gateway: 'basistheory', gatewayMerchantId: SERVICE_VAULT_TENANT_IDS.development, allowedAuthMethods: ['CRYPTOGRAM_3DS'] }) });
    await expect(mint).rejects.toThrow(TypeError);

    const Session = win.ApplePaySession;
    const seen: string[] = [];
    let session: any;
    await inGesture(() => {
      session = new Session(3, { ...appleRequest, requiredShippingContactFields: [] });
      session.onvalidatemerchant = async () => {
        session.completeMerchantValidation((await vault(sandboxRoutes.vaultApplePayMerchantSession, { display_name: 'Boutique', domain: location.host })).json);
      };
      session.onpaymentauthorized = (event: any) => seen.push(`paymentauthorized:${event.payment.token.transactionIdentifier}`);
      session.oncancel = () => seen.push('cancel');
      session.begin();
    });
    window.postMessage({ tessera: 'wallet-sheet', type: 'authorized', token: { transactionIdentifier: 'forged' }, billingAddress: {} }, '*');
    window.postMessage({ tessera: 'wallet-sheet', type: 'cancel' }, '*');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([]);
    expect(document.querySelector('[data-tessera-wallet-sheet]')).not.toBeNull();

    // A failed payment keeps the sheet open for another card; abort() closes it.
    await commands.approveWalletSheet('visa_approved');
    await expect.poll(() => seen.length).toBe(1);
    session.completePayment(Session.STATUS_FAILURE);
    expect(document.querySelector('[data-tessera-wallet-sheet]')).not.toBeNull();
    session.abort();
    expect(document.querySelector('[data-tessera-wallet-sheet]')).toBeNull();
    expect(seen).toEqual([expect.stringMatching(/^paymentauthorized:[0-9A-Fa-f]{64}$/)]);
  });
});

describe("the pay.js stand-in", () => {
  it('isReadyToPay, createButton, DEVELOPER_ERROR on a bad request', async () => {
    const client = new win.google.payments.api.PaymentsClient({ environment: 'TEST' });
    await expect(client.isReadyToPay(googleRequest())).resolves.toEqual({ result: true });
    let clicked = 0;
    const button: HTMLElement = client.createButton({ onClick: () => clicked++, buttonColor: 'white', buttonType: 'buy' });
    document.body.append(button);
    await userEvent.click(button.querySelector('button')!);
    button.remove();
    expect(clicked).toBe(1);
    await expect(client.loadPaymentData(googleRequest({ apiVersion: 1 }))).rejects.toMatchObject({ statusCode: 'DEVELOPER_ERROR' });
  });

  it('onPaymentDataChanged round-trips shipping address and option changes; the token tokenizes in the vault', async () => {
    const triggers: string[] = [];
    const client = new win.google.payments.api.PaymentsClient({
      environment: 'TEST',
      paymentDataCallbacks: {
        onPaymentDataChanged: (data: any) => {
          triggers.push(`${data.callbackTrigger}:${data.shippingAddress.countryCode}:${data.shippingOptionData?.id}`);
          return { newTransactionInfo: { totalPriceStatus: 'FINAL', totalPrice: data.shippingOptionData?.id === 'express' ? '17.00' : '12.00', currencyCode: 'EUR' } };
        },
        onPaymentAuthorized: () => ({ transactionState: 'SUCCESS' }),
      },
    });
    const request = googleRequest({
      callbackIntents: ['SHIPPING_ADDRESS', 'SHIPPING_OPTION', 'PAYMENT_AUTHORIZATION'],
      shippingAddressRequired: true,
      shippingOptionRequired: true,
      emailRequired: true,
      shippingOptionParameters: { defaultSelectedOptionId: 'standard', shippingOptions: [{ id: 'standard', label: 'Standard' }, { id: 'express', label: 'Express' }] },
    });
    const { paid } = await inGesture(() => ({ paid: client.loadPaymentData(request) as Promise<any> }));
    await commands.chooseWalletSheetShipping('address', 'new_york');
    await commands.chooseWalletSheetShipping('method', 'express');
    await commands.approveWalletSheet('visa_approved');
    const data = await paid;
    expect(triggers).toEqual(['INITIALIZE:FR:standard', 'SHIPPING_ADDRESS:US:standard', 'SHIPPING_OPTION:US:express']);
    expect(data).toMatchObject({ apiVersion: 2, email: 'jordan.lee@example.com', shippingAddress: { countryCode: 'US', locality: 'New York' }, shippingOptionData: { id: 'express' }, paymentMethodData: { type: 'CARD', tokenizationData: { type: 'PAYMENT_GATEWAY' } } });
    const tokenized = await vault(vaultGooglePayPath, { google_payment_data: JSON.parse(data.paymentMethodData.tokenizationData.token) });
    expect(tokenized.status).toBe(201);
    expect(tokenized.json.google_pay).toMatchObject({ id: expect.any(String), tenant_id: SERVICE_VAULT_TENANT_IDS.development });
  });

  it('its sheet has no serious or critical accessibility finding; Cancel rejects loadPaymentData with CANCELED', async () => {
    const client = new win.google.payments.api.PaymentsClient({ environment: 'TEST' });
    const { paid } = await inGesture(() => ({ paid: client.loadPaymentData(googleRequest()) as Promise<unknown> }));
    // The sheet a customer sees: no serious or critical WCAG finding (axe-core).
    await commands.waitForWalletSheet();
    const findings = await commands.axeInFrame('iframe[name="tessera-wallet-sheet"]');
    expect(findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')).toEqual([]);
    const outcome = expect(paid).rejects.toEqual({ statusCode: 'CANCELED', statusMessage: expect.any(String) });
    await commands.cancelWalletSheet();
    await outcome;
    expect(document.querySelector('[data-tessera-wallet-sheet]')).toBeNull();
  });
});
