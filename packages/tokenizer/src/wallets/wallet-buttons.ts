import { TesseraAbortError, TesseraValidationError } from '@tessera/core';
import { TesseraConfigurationError, TesseraWalletError } from '../errors/errors.js';
import type { VaultToken } from '../vault/basis-theory-token.js';
import { resolveVaultConnection, type TokenizerEnvironment } from '../vault/environment.js';
import { tokenizedCardFrom } from '../vault/tokenized-card.js';
import { walletVault } from '../vault/wallet-vault.js';
import { applePaySession, isApplePayAvailable } from './apple-pay.js';
import { applePayButtonElement } from './apple-pay-button.js';
import { toApplePayRequest } from './apple-pay-request.js';
import { runApplePay } from './apple-pay-sheet.js';
import { googlePaymentsClientClass, isGooglePayReady, runGooglePay, type GooglePaymentsClientLike } from './google-pay.js';
import { googlePayClientOptions, googlePayRequest } from './google-pay-button.js';
import type { WalletButtonsMountResult, WalletButtonsOptions, WalletPaymentResult } from './wallet-buttons-options.js';
import { createWalletSheetGate } from './wallet-sheet-gate.js';
import { loadWalletScript } from './wallet-scripts.js';
import { toWalletContacts, walletUnavailable, type WalletContacts, type WalletName } from './wallet-request.js';

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
  checkWalletButtonsOptions(options, connection.environment);
  const applePayRequest = toApplePayRequest(request);
  let mounted: { root: Element; controller: AbortController } | undefined;
  // One sheet at a time: a click while one is open is ignored.
  const sheets = createWalletSheetGate(options);
  const result = (token: VaultToken, contacts: WalletContacts): WalletPaymentResult => walletPaymentResult(token, contacts, connection.provider);

  const appleButton = async (signal: AbortSignal): Promise<Element> => {
    await loadWalletScript('apple_pay', connection, options.scriptTimeoutMs, signal);
    const Session = applePaySession();
    if (!Session || !isApplePayAvailable()) throw walletUnavailable('apple_pay');
    const { displayName = request.label, domainName, buttonType = 'plain', buttonStyle = 'black' } = options.applePay ?? {};
    const element = applePayButtonElement(buttonType, buttonStyle);
    element.addEventListener('click', () =>
      sheets.open((sheetSignal) =>
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
    return walletButtonHolder('apple_pay', element);
  };

  const googleButton = async (signal: AbortSignal): Promise<Element> => {
    await loadWalletScript('google_pay', connection, options.scriptTimeoutMs, signal);
    const PaymentsClient = googlePaymentsClientClass() as NonNullable<ReturnType<typeof googlePaymentsClientClass>>;
    const { merchantId, gatewayMerchantId, buttonType = 'plain', buttonColor = 'default' } = options.googlePay ?? {};
    const paymentDataRequest = googlePayRequest(request, connection.environment, merchantId, gatewayMerchantId, options);
    const client: GooglePaymentsClientLike = new PaymentsClient(googlePayClientOptions(connection.environment, paymentDataRequest, request, options));
    if (!(await isGooglePayReady(client, paymentDataRequest)) || !client.createButton) throw walletUnavailable('google_pay');
    const onClick = (): void =>
      sheets.open((sheetSignal) =>
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
    return walletButtonHolder('google_pay', client.createButton({ onClick, buttonType, buttonColor, buttonSizeMode: 'fill', allowedPaymentMethods: paymentDataRequest.allowedPaymentMethods }));
  };

  const unmount = (): void => {
    sheets.close();
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
      const root = walletsRoot(container);
      mounted = { root, controller };
      const settled = await Promise.allSettled(wallets.map((wallet) => (wallet === 'apple_pay' ? appleButton : googleButton)(controller.signal)));
      settled.forEach((answer, index) => {
        const wallet = wallets[index] as WalletName;
        if (controller.signal.aborted) outcome.notShown[wallet] = new TesseraAbortError('The wallet buttons were unmounted while mounting');
        else if (answer.status === 'rejected') outcome.notShown[wallet] = notShownReason(wallet, answer.reason);
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

/** What `onToken` gets from a sheet's vault token and contacts: the service token, the card facts with the wallet's type. */
function walletPaymentResult(token: VaultToken, contacts: WalletContacts, provider: string): WalletPaymentResult {
  const { serviceToken, card } = tokenizedCardFrom(token, provider);
  return { wallet: token.type as WalletName, serviceToken, card: { ...card, type: token.type as WalletName }, contacts };
}

/** The buttons' root (`data-tessera-wallets`), added to the container. */
function walletsRoot(container: Element): Element {
  const root = document.createElement('div');
  root.setAttribute('data-tessera-wallets', '');
  container.append(root);
  return root;
}

/** A wallet's button in its holder (`data-tessera-wallet`), as the buttons' root takes it. */
function walletButtonHolder(wallet: WalletName, element: Element): Element {
  const holder = document.createElement('div');
  holder.setAttribute('data-tessera-wallet', wallet);
  holder.append(element);
  return holder;
}

/**
 * Why a wallet's button is not shown, from what its mount threw: a wallet's own failure as it is; anything else (the
 * provider's constructor or createButton threw) is `not_available`, with what threw as its cause.
 */
function notShownReason(wallet: WalletName, reason: unknown): Error {
  return TesseraWalletError.isInstance(reason) || TesseraAbortError.isInstance(reason) ? reason : new TesseraWalletError('not_available', walletUnavailable(wallet).message, { cause: reason });
}

/**
 * Checks the options before anything loads: the request's label, currency and country (`TesseraValidationError`
 * naming each), and Google's merchant id in production (`TesseraConfigurationError`). Its amounts are checked where
 * Apple's request is made from them.
 */
function checkWalletButtonsOptions(options: WalletButtonsOptions, environment: TokenizerEnvironment): void {
  const { request } = options;
  const expected = { label: [/\S/, 'is required: your business name'], currency: [/^[A-Z]{3}$/, 'must be an ISO 4217 code in capitals (USD)'], country: [/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in capitals (US)'] } as const;
  const invalid = Object.entries(expected).filter(([field, [pattern]]) => {
    const value = (request as unknown as Record<string, unknown> | undefined)?.[field];
    return !(typeof value === 'string' && pattern.test(value));
  });
  if (invalid.length > 0) throw new TesseraValidationError(invalid.map(([field, [, message]]) => ({ field: `request.${field}`, code: 'invalid', message })));
  // Google's PRODUCTION environment takes only a registered merchant: without its id every sheet would fail at the click.
  if (environment === 'production' && (options.wallets ?? ['google_pay']).includes('google_pay') && !options.googlePay?.merchantId) {
    throw new TesseraConfigurationError('invalid_option', 'googlePay.merchantId is required in production: your merchant id from the Google Pay & Wallet Console (or leave google_pay out of wallets)');
  }
}
