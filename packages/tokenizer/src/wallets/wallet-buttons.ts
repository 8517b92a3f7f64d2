import { TesseraAbortError, TesseraValidationError } from '@tessera/core';
import { TesseraConfigurationError, TesseraWalletError } from '../errors/errors.js';
import { resolveVaultConnection } from '../vault/environment.js';
import type { TokenizerOptions } from '../vault/tokenizer.js';
import { tokenizedCardFrom, type TokenizedCard } from '../vault/tokenized-card.js';
import type { VaultToken } from '../vault/basis-theory-token.js';
import { walletVault } from '../vault/wallet-vault.js';
import { applePaySession, isApplePayAvailable, runApplePay, toApplePayRequest } from './apple-pay.js';
import { buildGooglePayPaymentDataRequest, googlePayEnvironment, googlePaymentsClientClass, isGooglePayReady, runGooglePay, toGooglePayTransactionInfo, type GooglePayPaymentDataRequest, type GooglePaymentsClientLike } from './google-pay.js';
import { loadWalletScript } from './wallet-scripts.js';
import { toWalletAddress, toWalletContacts, walletUnavailable, type WalletContacts, type WalletName, type WalletPaymentRequest, type WalletRequestUpdate, type WalletShippingCallbacks } from './wallet-request.js';

/** The card facts of a wallet's token: those of the card path, with the wallet's token type. */
export type TokenizedWalletCard = Omit<TokenizedCard, 'type'> & { type: WalletName };

/**
 * What a wallet button gives once the customer paid on the sheet: the same service token and card facts the card
 * path gives (`pay({ tokenized: result })` takes it, 3DS included), and what the customer gave on the sheet.
 */
export interface WalletPaymentResult {
  wallet: WalletName;
  /** The service token string for your server. */
  serviceToken: string;
  /** The card facts, ready for `createSession` (`scaRequired` says whether the issuer wants 3DS). */
  card: TokenizedWalletCard;
  contacts: WalletContacts;
}

/** Options of {@link createWalletButtons}: the vault connection (as `createTokenizer` takes it), the request, the callbacks. */
export interface WalletButtonsOptions extends TokenizerOptions, WalletShippingCallbacks {
  /** What the sheet shows and asks for. */
  request: WalletPaymentRequest;
  /** Which wallets to offer, in this order. Default both. */
  wallets?: WalletName[];
  /**
   * The customer paid and the vault tokenized it; the sheet has closed (as the service's own library closes Apple's,
   * so a 3DS challenge the payment asks for shows on the page). Pay with it: `tessera.pay({ tokenized: result, … })`.
   * A click on a button is ignored until the promise you return settles.
   */
  onToken: (result: WalletPaymentResult) => unknown;
  /** A sheet did not give a token: a `TesseraWalletError` (`reason`) or the vault's typed error; or your `onToken` threw. */
  onError?: (error: unknown) => void;
  /** Apple Pay: merchant name for the merchant validation (default `request.label`), the domain (default the page's). */
  applePay?: { displayName?: string; domainName?: string; buttonType?: string; buttonStyle?: 'black' | 'white' | 'white-outline' };
  /** Google Pay: your Google merchant id (required in production), the tenant id (default the service's), the button. */
  googlePay?: { merchantId?: string; gatewayMerchantId?: string; buttonType?: string; buttonColor?: 'default' | 'black' | 'white' };
  /** Time limit for loading Apple Pay JS or pay.js, in milliseconds. Default 10000. */
  scriptTimeoutMs?: number;
}

/** What `mount` shows: the wallets whose button is on the page, and why each other one is not. */
export interface WalletButtonsMountResult {
  shown: WalletName[];
  /** Per wallet not shown: `TesseraWalletError` (`not_available`, `script_failed`), or `TesseraAbortError` when unmounted while mounting. */
  notShown: Partial<Record<WalletName, Error>>;
}

/** Apple Pay and Google Pay buttons: mounted into a container, each shown only where its wallet can pay. */
export interface WalletButtons {
  /**
   * Loads what each wallet needs (Apple Pay JS or pay.js, only when missing; the sandbox's stand-ins in `local`),
   * asks each whether it can pay (Apple `canMakePayments`, Google `isReadyToPay`) and renders each one's own button
   * into `container`. Never throws for a wallet: the result says which are shown. A click opens the sheet at once
   * (the user gesture kept), and the result goes to `onToken`, a failure to `onError`.
   */
  mount(container: string | Element): Promise<WalletButtonsMountResult>;
  /** Removes the buttons and closes an open sheet (Apple; Google's late answer is ignored). */
  unmount(): void;
}

/**
 * Creates the wallet buttons for one vault connection (`tessera.vault` of the browser client, or `createTokenizer`'s
 * options). Checks the options at once (`TesseraConfigurationError`); loads nothing until `mount`.
 *
 * ```ts
 * const buttons = createWalletButtons({ ...tessera.vault, request: { amount: 1999, currency: 'USD', country: 'US', label: 'Shop' }, onToken: (result) => tessera.pay({ tokenized: result, orderRef }) });
 * const { shown } = await buttons.mount('#wallets');
 * ```
 */
export function createWalletButtons(options: WalletButtonsOptions): WalletButtons {
  const connection = resolveVaultConnection(options);
  const vault = walletVault(connection, options.fetch);
  const { request } = options;
  // The request is checked here, before anything loads: the fields named, every amount an integer in minor units
  // (Apple's request is made now, which converts each one).
  const expected = { label: [/\S/, 'is required: your business name'], currency: [/^[A-Z]{3}$/, 'must be an ISO 4217 code in capitals (USD)'], country: [/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in capitals (US)'] } as const;
  const invalid = Object.entries(expected).filter(([field, [pattern]]) => {
    const value = (request as unknown as Record<string, unknown> | undefined)?.[field];
    return !(typeof value === 'string' && pattern.test(value));
  });
  if (invalid.length > 0) throw new TesseraValidationError(invalid.map(([field, [, message]]) => ({ field: `request.${field}`, code: 'invalid', message })));
  // Google's PRODUCTION environment takes only a registered merchant: without its id every sheet would fail at the click.
  if (connection.environment === 'production' && (options.wallets ?? ['google_pay']).includes('google_pay') && !options.googlePay?.merchantId) {
    throw new TesseraConfigurationError('invalid_option', 'googlePay.merchantId is required in production: your merchant id from the Google Pay & Wallet Console (or leave google_pay out of wallets)');
  }
  const applePayRequest = toApplePayRequest(request);
  let mounted: { root: Element; controller: AbortController } | undefined;
  let sheet: AbortController | undefined;

  const result = (token: VaultToken, contacts: WalletContacts): WalletPaymentResult => {
    const { serviceToken, card } = tokenizedCardFrom(token, connection.provider);
    return { wallet: token.type as WalletName, serviceToken, card: { ...card, type: token.type as WalletName }, contacts };
  };
  // One sheet at a time: a click while one is open is ignored.
  const open = (run: (signal: AbortSignal) => Promise<WalletPaymentResult>): void => {
    if (sheet) return;
    const controller = (sheet = new AbortController());
    run(controller.signal)
      .then(options.onToken)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) options.onError?.(error);
      })
      .finally(() => {
        if (sheet === controller) sheet = undefined;
      });
  };
  const button = (wallet: WalletName, element: Element): Element => {
    const holder = document.createElement('div');
    holder.setAttribute('data-tessera-wallet', wallet);
    holder.append(element);
    return holder;
  };

  const appleButton = async (signal: AbortSignal): Promise<Element> => {
    await loadWalletScript('apple_pay', connection, options.scriptTimeoutMs, signal);
    const Session = applePaySession();
    if (!Session || !isApplePayAvailable()) throw walletUnavailable('apple_pay');
    const { displayName = request.label, domainName, buttonType = 'plain', buttonStyle = 'black' } = options.applePay ?? {};
    // Apple's own button when Apple Pay JS defined it; else Safari's CSS button.
    const element = document.createElement(customElements.get('apple-pay-button') ? 'apple-pay-button' : 'button');
    if (element.localName === 'button') element.setAttribute('style', `-webkit-appearance:-apple-pay-button;-apple-pay-button-type:${buttonType};-apple-pay-button-style:${buttonStyle};display:inline-block;width:100%;min-height:40px`);
    else {
      for (const [name, value] of Object.entries({ buttonstyle: buttonStyle, type: buttonType, locale: document.documentElement.lang || 'en-US' })) element.setAttribute(name, value);
      // Apple's element is sized by its CSS properties (default 100 × 30 px): as wide as its container, as the CSS
      // button and Google's are. Set through the CSSOM, which a Content-Security-Policy without 'unsafe-inline' allows.
      element.style.cssText = '--apple-pay-button-width:100%;--apple-pay-button-height:40px;display:block';
    }
    // Named by what it says ('buy' → "Buy with Apple Pay"), so the name holds the visible text (WCAG 2.5.3).
    const verb = buttonType === 'set-up' ? 'Set up' : `${buttonType.charAt(0).toUpperCase()}${buttonType.slice(1).replace(/-/g, ' ')} with`;
    element.setAttribute('aria-label', buttonType === 'plain' || !buttonType ? 'Apple Pay' : `${verb} Apple Pay`);
    element.addEventListener('click', () =>
      open((sheetSignal) =>
        runApplePay(Session, {
          request: applePayRequest,
          walletRequest: request,
          merchant: { displayName, ...(domainName ? { domainName } : {}) },
          signal: sheetSignal,
          onShippingContactChange: options.onShippingContactChange,
          onShippingMethodChange: options.onShippingMethodChange,
          validate: vault.validateApplePayMerchant,
          tokenize: async (payment, requestOptions) =>
            result(
              await vault.tokenizeWallet('apple_pay', payment.token, requestOptions),
              toWalletContacts(payment.shippingContact?.emailAddress, payment.shippingContact?.phoneNumber, payment.shippingContact, payment.billingContact),
            ),
        }),
      ),
    );
    return button('apple_pay', element);
  };

  const googleButton = async (signal: AbortSignal): Promise<Element> => {
    await loadWalletScript('google_pay', connection, options.scriptTimeoutMs, signal);
    const PaymentsClient = googlePaymentsClientClass() as NonNullable<ReturnType<typeof googlePaymentsClientClass>>;
    const { merchantId, gatewayMerchantId, buttonType = 'plain', buttonColor = 'default' } = options.googlePay ?? {};
    const paymentDataRequest = googlePayRequest(request, connection.environment, merchantId, gatewayMerchantId, options);
    const client: GooglePaymentsClientLike = new PaymentsClient({
      environment: googlePayEnvironment(connection.environment),
      ...(paymentDataRequest.callbackIntents ? { paymentDataCallbacks: { onPaymentDataChanged: (data) => googlePayUpdate(data, request, options) } } : {}),
    });
    if (!(await isGooglePayReady(client, paymentDataRequest)) || !client.createButton) throw walletUnavailable('google_pay');
    const onClick = (): void =>
      open((sheetSignal) =>
        runGooglePay(
          client,
          paymentDataRequest,
          async (token, paymentData, requestOptions) =>
            result(
              await vault.tokenizeWallet('google_pay', token, requestOptions),
              toWalletContacts(paymentData.email, paymentData.shippingAddress?.phoneNumber, paymentData.shippingAddress, paymentData.paymentMethodData.info?.billingAddress),
            ),
          sheetSignal,
        ),
      );
    return button('google_pay', client.createButton({ onClick, buttonType, buttonColor, buttonSizeMode: 'fill', allowedPaymentMethods: paymentDataRequest.allowedPaymentMethods }));
  };

  const unmount = (): void => {
    sheet?.abort();
    sheet = undefined;
    mounted?.controller.abort();
    mounted?.root.remove();
    mounted = undefined;
  };

  return {
    async mount(target) {
      const wallets = options.wallets ?? ['apple_pay', 'google_pay'];
      const outcome: WalletButtonsMountResult = { shown: [], notShown: {} };
      if (typeof document === 'undefined') {
        for (const wallet of wallets) outcome.notShown[wallet] = walletUnavailable(wallet, 'without a page (server-side rendering)');
        return outcome;
      }
      const container = typeof target === 'string' ? document.querySelector(target) : target;
      if (!container) throw new TesseraConfigurationError('invalid_option', `No element matches ${JSON.stringify(typeof target === 'string' ? target : 'the container')}: render the wallet buttons' container before mount`);
      unmount();
      const controller = new AbortController();
      const root = document.createElement('div');
      root.setAttribute('data-tessera-wallets', '');
      container.append(root);
      mounted = { root, controller };
      const settled = await Promise.allSettled(wallets.map((wallet) => (wallet === 'apple_pay' ? appleButton : googleButton)(controller.signal)));
      settled.forEach((answer, index) => {
        const wallet = wallets[index] as WalletName;
        if (controller.signal.aborted) outcome.notShown[wallet] = new TesseraAbortError('The wallet buttons were unmounted while mounting');
        // A wallet's own failure is said as it is; anything else (the provider's constructor or createButton threw)
        // is not_available, with what threw as its cause.
        else if (answer.status === 'rejected') outcome.notShown[wallet] = TesseraWalletError.isInstance(answer.reason) || TesseraAbortError.isInstance(answer.reason) ? answer.reason : new TesseraWalletError('not_available', walletUnavailable(wallet).message, { cause: answer.reason });
        else {
          root.append(answer.value);
          outcome.shown.push(wallet);
        }
      });
      return outcome;
    },
    unmount,
  };
}

/** Google's request from Tessera's: the vault as gateway, the contacts asked for, the shipping options and intents. */
function googlePayRequest(request: WalletPaymentRequest, environment: WalletButtonsOptions['environment'], merchantId: string | undefined, gatewayMerchantId: string | undefined, callbacks: WalletShippingCallbacks): GooglePayPaymentDataRequest {
  const built = buildGooglePayPaymentDataRequest({
    environment,
    merchantName: request.label,
    ...(merchantId ? { merchantId } : {}),
    ...(gatewayMerchantId ? { gatewayMerchantId } : {}),
    amount: request.amount,
    currency: request.currency,
    countryCode: request.country,
    ...(request.lineItems ? { lineItems: request.lineItems } : {}),
  });
  const card = built.allowedPaymentMethods[0] as GooglePayPaymentDataRequest['allowedPaymentMethods'][number];
  if (request.billingAddressRequired) Object.assign(card.parameters, { billingAddressRequired: true, billingAddressParameters: { format: 'FULL', phoneNumberRequired: request.phoneNumberRequired === true } });
  const shipping = request.shippingAddressRequired === true;
  const methods = shipping ? request.shippingMethods : undefined;
  const intents = [...(shipping && callbacks.onShippingContactChange ? (['SHIPPING_ADDRESS'] as const) : []), ...(methods?.length && callbacks.onShippingMethodChange ? (['SHIPPING_OPTION'] as const) : [])];
  return {
    ...built,
    ...(request.emailRequired ? { emailRequired: true } : {}),
    ...(shipping ? { shippingAddressRequired: true, shippingAddressParameters: { phoneNumberRequired: request.phoneNumberRequired === true } } : {}),
    ...(methods?.length ? { shippingOptionRequired: true, shippingOptionParameters: googleShippingOptions(methods) } : {}),
    ...(intents.length > 0 ? { callbackIntents: intents } : {}),
  };
}

const googleShippingOptions = (methods: NonNullable<WalletPaymentRequest['shippingMethods']>): NonNullable<GooglePayPaymentDataRequest['shippingOptionParameters']> => ({
  defaultSelectedOptionId: (methods[0] as { id: string }).id,
  shippingOptions: methods.map((method) => ({ id: method.id, label: method.label, description: method.detail ?? '' })),
});

/**
 * Google's `onPaymentDataChanged`: the merchant's callback for the address or the option picked, as a
 * `PaymentDataRequestUpdate`. Google cannot be closed from the page: a callback that throws shows an error on the sheet.
 */
async function googlePayUpdate(data: Record<string, unknown>, request: WalletPaymentRequest, callbacks: WalletShippingCallbacks): Promise<Record<string, unknown>> {
  const option = (data.shippingOptionData as { id?: unknown } | undefined)?.id;
  const method = data.callbackTrigger === 'SHIPPING_OPTION' ? request.shippingMethods?.find((candidate) => candidate.id === option) : undefined;
  const intent = method ? 'SHIPPING_OPTION' : 'SHIPPING_ADDRESS';
  // The callback and its answer made Google's (an amount that is not in minor units throws there), as one step.
  try {
    let answer: WalletRequestUpdate | undefined;
    if (method) answer = await callbacks.onShippingMethodChange?.(method);
    else if (callbacks.onShippingContactChange) answer = await callbacks.onShippingContactChange(toWalletAddress(data.shippingAddress as Record<string, unknown> | undefined) ?? {});
    if (!answer) return {};
    const methods = answer.shippingMethods;
    return {
      newTransactionInfo: toGooglePayTransactionInfo(answer.amount, request.currency, request.country, answer.lineItems),
      ...(methods?.length ? { newShippingOptionParameters: googleShippingOptions(methods) } : {}),
      ...(answer.error ? { error: { reason: 'SHIPPING_ADDRESS_UNSERVICEABLE', message: answer.error, intent: 'SHIPPING_ADDRESS' } } : {}),
    };
  } catch {
    return { error: { reason: 'OTHER_ERROR', message: 'The shipping could not be updated: try again', intent } };
  }
}
