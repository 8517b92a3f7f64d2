import { type ConfirmablePayment, DEFAULT_CHECKOUT_BASE_PATH, normalizePaymentStatus, TesseraAbortError, TesseraTimeoutError, TesseraValidationError, type CheckoutPayRequest } from '@tessera/core';
import { confirmPayment, type ConfirmPaymentOptions, type ConfirmPaymentResult } from '../confirm/confirm-payment.js';
import { TesseraConfigurationError } from '../errors/errors.js';
import { createCardFields } from '../fields/create-card-fields.js';
import type { CardFields, CardFieldsOptions } from '../fields/card-fields.js';
import { createThreeDS, type ThreeDS, type ThreeDSOptions } from '../threeds/threeds.js';
import { isSecureUrl, resolveVaultConnection, type TokenizerEnvironment, type VaultConnectionOptions } from '../vault/environment.js';
import type { TokenizedCardResult } from '../vault/tokenized-card.js';
import { returnUrlRefusal } from '../confirm/return-url.js';
import { TesseraCheckoutError } from './checkout-error.js';
import { merchantRoutes } from './merchant-routes.js';
import { isPagePath } from '../platform/page-path.js';
import { randomUuid } from '../platform/random-uuid.js';
import { pick } from './pick.js';

/** Options of {@link createTessera}: the environment once, for everything the client hands out. */
export interface TesseraClientOptions extends VaultConnectionOptions, Pick<ThreeDSOptions, 'loadWebThreeds' | 'sdkBaseUrl'> {
  /**
   * Where your server mounts `createCheckoutHandler` of `@tessera/server`: a path of this page's origin (default
   * `/api/tessera`), or an https URL (plain http only on localhost).
   */
  basePath?: string;
  /** The `fetch` the client calls your routes with. Default: the page's. */
  fetch?: typeof fetch;
}

/** What the card is: card fields to tokenize, or a card or wallet the page tokenized already. */
export type PaymentSource = { fields: CardFields } | { tokenized: TokenizedCardResult | { serviceToken: string } };

/** What `pay()` takes: the card and the order, never an amount (your server decides it for the order). */
export type PayRequest = PaymentSource & {
  /** Your reference of what is bought (a cart or order id): your server's `order` resolver prices it. */
  orderRef: string;
  /** What the customer typed, for your server's resolver. */
  customer?: { email?: string; name?: string };
} & Pick<ConfirmPaymentOptions, 'redirect' | 'returnUrl' | 'navigate' | 'challenge' | 'polling' | 'popupTimeoutMs' | 'scriptTimeoutMs' | 'signal'>;

/** The browser client: created once per page with the environment, and every piece of a checkout from it. */
export interface TesseraClient {
  readonly environment: TokenizerEnvironment;
  /** Card fields in this environment (`createCardFields` with the client's vault). */
  cardFields(options?: Omit<CardFieldsOptions, keyof VaultConnectionOptions>): CardFields;
  /**
   * The client's vault connection (environment, vault URL and public key), for the standalone functions a page may
   * also use, so they share the environment: `createTokenizer(tessera.vault)` for raw inputs (the page reads the
   * card: SAQ A-EP; prefer the card fields), the wallets' `startApplePay`/`startGooglePay` with that tokenizer. Not a
   * method of the client, so a page on the card fields does not carry the raw-input code.
   */
  readonly vault: Readonly<VaultConnectionOptions>;
  /** The 3DS helper in this environment (web-threeds loads on first use). */
  threeds(): ThreeDS;
  /**
   * The whole payment in one call: tokenizes the card (card fields) unless it was tokenized, makes Basis Theory's
   * 3DS session when the card requires it, asks your server's handler to pay the order (one payment per call: it
   * sends the same attempt again after a lost answer, so nothing is charged twice), runs every next action the
   * payment asks for (3DS challenge, redirect, processor page, radar checks) and resolves with its final status, as
   * `confirmPayment` does. One payment at a time: a call for another order while one runs is a `TesseraValidationError`
   * (`orderRef`, `payment_in_progress`). A second call for the same `orderRef` while one runs (a double click) gets the first one's
   * promise, and after a call that got no answer it could read (the payment may have been made), or made the payment
   * but could not learn how it ends, the next call for that `orderRef` sends the same request again (same attempt,
   * same card) and goes on with that payment. Refusals of your server are a
   * `TesseraCheckoutError`; a declined card is not an error: its `status`. A bad `returnUrl` is refused before anything.
   */
  pay(request: PayRequest): Promise<ConfirmPaymentResult<ConfirmablePayment>>;
}

/**
 * True for a failure that says nothing of how the payment ends: no answer, a 5xx or an unreadable one, the handler's
 * `outcome_unknown`, an abort, a time limit.
 */
const outcomeUnknown = (error: unknown): boolean =>
  TesseraAbortError.isInstance(error) ||
  TesseraTimeoutError.isInstance(error) ||
  (TesseraCheckoutError.isInstance(error) && (error.status === 0 || error.status >= 500 || error.reason === 'invalid_answer' || error.reason === 'outcome_unknown'));

/** 1-255 visible ASCII characters, as the handler takes an order reference. */
const ORDER_REF = /^[\x21-\x7e]{1,255}$/;

/**
 * Creates the browser client for one environment, as `loadStripe(key)` does: card fields, 3DS, the vault connection
 * for raw tokenization and wallets, and `pay()`, which runs a whole payment against your server's checkout handler (`createCheckoutHandler` of
 * `@tessera/server`). Checks the options at once (`TesseraConfigurationError`); loads nothing until used.
 *
 * ```ts
 * const tessera = createTessera({ environment: 'production', loadWebThreeds });
 * const fields = tessera.cardFields();
 * await fields.mount({ card: '#card', name: '#name' });
 * const { status } = await tessera.pay({ fields, orderRef: 'cart_42', customer: { email } });
 * ```
 */
export function createTessera(options: TesseraClientOptions): TesseraClient {
  const connection = resolveVaultConnection(options);
  const vault: VaultConnectionOptions = { environment: connection.environment, vaultUrl: connection.vaultUrl, vaultKey: connection.vaultKey, timeoutMs: connection.timeoutMs };
  const basePath = options.basePath ?? DEFAULT_CHECKOUT_BASE_PATH;
  if (!isPagePath(basePath) && !(/^https?:\/\//.test(basePath) && isSecureUrl(basePath))) {
    throw new TesseraConfigurationError('invalid_option', `basePath must be a path of this page's origin ("/api/tessera") or an https URL (plain http only on localhost), not ${JSON.stringify(basePath.slice(0, 100))}`);
  }
  const routes = merchantRoutes(basePath, options.fetch ?? ((input, init) => fetch(input, init)));
  // Made at once (it loads nothing until used), so its options (`sdkBaseUrl`) are refused here, not at a challenge.
  const threeds = createThreeDS({ ...vault, ...(options.loadWebThreeds ? { loadWebThreeds: options.loadWebThreeds } : {}), ...(options.sdkBaseUrl !== undefined ? { sdkBaseUrl: options.sdkBaseUrl } : {}) });
  const running = new Map<string, Promise<ConfirmPaymentResult<ConfirmablePayment>>>();
  // By order, the request of a pay() that got no answer it could read (none, a 5xx, an abort, an unreadable one):
  // the payment may have been made, so the next pay() of the order sends it again unchanged (its attempt, its card).
  const unanswered = new Map<string, CheckoutPayRequest>();

  const runPay = async (request: PayRequest): Promise<ConfirmPaymentResult<ConfirmablePayment>> => {
    const { orderRef, signal } = request;
    let body = unanswered.get(orderRef);
    if (!body) {
      const tokenized: TokenizedCardResult | { serviceToken: string } = 'fields' in request ? await request.fields.tokenize(signal ? { signal } : {}) : request.tokenized;
      const card = 'card' in tokenized ? (tokenized as TokenizedCardResult).card : undefined;
      // The issuer requires SCA: Basis Theory's 3DS session first, named in the payment by the handler.
      const session = card?.scaRequired === true ? await threeds.createBasisTheorySession(card.tokenId) : undefined;
      body = {
        orderRef,
        serviceToken: tokenized.serviceToken,
        // A new id for this call, sent again unchanged with every resend of its request.
        attempt: randomUuid(),
        ...(request.customer ? { customer: request.customer } : {}),
        ...(session ? { threedsSession: { id: session.id, ...pick(session, ['cardBrand', 'additionalCardBrands']) } } : {}),
      };
    }
    // The payment as the handler last answered it, once it did; and whether a continue was sent and not yet answered.
    let last: ConfirmablePayment | undefined;
    let continuing = false;
    try {
      const created = await routes.pay(body, signal);
      unanswered.delete(orderRef);
      const { paymentToken } = created;
      last = created.payment;
      return await confirmPayment<ConfirmablePayment>({
        payment: created.payment,
        threeds: { startChallenge: (challenge, challengeOptions) => threeds.startChallenge(challenge, challengeOptions) },
        continuePayment: async (id, continueSignal) => {
          continuing = true;
          last = (await routes.continue(id, paymentToken, continueSignal)).payment;
          continuing = false;
          return last;
        },
        fetchPayment: async (id, fetchSignal) => (last = (await routes.retrieve(id, paymentToken, fetchSignal)).payment),
        saveRadarSession: (radarSession, saveSignal) => routes.saveRadarSession(radarSession, paymentToken, saveSignal),
        environment: connection.environment,
        // The radar stand-ins come from the sandbox's origin, which is the vault's in `local`.
        ...(connection.environment === 'local' ? { sandboxUrl: new URL(connection.vaultUrl).origin } : {}),
        ...pick(request, ['redirect', 'returnUrl', 'navigate', 'challenge', 'polling', 'popupTimeoutMs', 'scriptTimeoutMs', 'signal']),
      });
    } catch (error) {
      // The payment may have been made and how it ends is not known (no answer, a 5xx or an unreadable one, polling
      // gave up, an abort but while it waited on the customer with no continue on its way, when it cannot go
      // through): the next pay() of the order sends this request again (the same attempt) and goes on with that
      // payment, never a second one. After a refusal or an outcome, the next pay() is a new attempt.
      const waiting = TesseraAbortError.isInstance(error) && !continuing && last !== undefined && normalizePaymentStatus(last) === 'requires_action';
      if (outcomeUnknown(error) && !waiting) unanswered.set(orderRef, body);
      else unanswered.delete(orderRef);
      throw error;
    }
  };

  return {
    environment: connection.environment,
    cardFields: (fieldOptions = {}) => createCardFields({ ...fieldOptions, ...vault }),
    vault,
    threeds: () => threeds,
    pay(request) {
      if (typeof request.orderRef !== 'string' || !ORDER_REF.test(request.orderRef)) {
        return Promise.reject(new TesseraValidationError([{ field: 'orderRef', code: 'invalid', message: 'must be 1-255 visible ASCII characters: your reference of what is bought' }]));
      }
      const refusal = returnUrlRefusal(request.returnUrl);
      if (refusal) return Promise.reject(refusal);
      const source = request as Partial<{ fields: unknown; tokenized: { serviceToken?: unknown } }>;
      if (source.fields === undefined && typeof source.tokenized?.serviceToken !== 'string') {
        return Promise.reject(new TesseraValidationError([{ field: 'fields', code: 'required', message: 'is required: pass the card fields, or a card already tokenized as `tokenized`' }]));
      }
      const inFlight = running.get(request.orderRef);
      if (inFlight) return inFlight;
      // One payment at a time: a page that names a new order on each click would otherwise pay twice.
      const [other] = running.keys();
      if (other !== undefined) {
        return Promise.reject(new TesseraValidationError([{ field: 'orderRef', code: 'payment_in_progress', message: `must wait until order ${other} is paid` }]));
      }
      const paying = runPay(request).finally(() => running.delete(request.orderRef));
      running.set(request.orderRef, paying);
      return paying;
    },
  };
}
