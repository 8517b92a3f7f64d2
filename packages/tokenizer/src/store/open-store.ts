import { TesseraAbortError, TesseraValidationError, type ConfirmablePayment } from '@tessera/core';
import {
  checkoutSessionInitPath,
  checkoutSessionV2Path,
  sessionContinuePaymentPath,
  sessionPaymentInstrumentPath,
  sessionPaymentPath,
  sessionPayPath,
  sessionProductsPath,
  sessionRadarSessionPath,
  sessionThreeDSSessionPath,
} from '@tessera/core/internal';
import { TesseraCheckoutError } from '../client/checkout-error.js';
import { pick } from '../client/pick.js';
import type { PaymentSource, TesseraClient } from '../client/tessera-client.js';
import { confirmPayment, type ConfirmPaymentOptions, type ConfirmPaymentResult } from '../confirm/confirm-payment.js';
import type { RadarSession } from '../confirm/radar.js';
import { returnUrlRefusal } from '../confirm/return-url.js';
import { BASIS_THEORY_THREEDS_PROVIDER } from '../threeds/threeds.js';
import { LOCAL_VAULT_URL } from '../vault/environment.js';
import { readVaultToken } from './card-source.js';
import { checkStartCheckout, checkStoreId, type StartCheckoutRequest } from './checkout-request.js';
import { readCheckoutSummary, type StoreCheckoutSummary } from './checkout-summary.js';
import { resolveServiceOrigin } from './service-origin.js';
import { isObject } from '../client/is-object.js';
import { openStoreSession } from './store-session.js';
import { readStoreProducts, type StoreProduct } from './store-products.js';

/** Options of {@link openStore}. */
export interface StoreOptions {
  /** The store whose catalog the page sells from (the service's store id; the sandbox's shop: `sandbox.defaults.shop.storeId`). */
  storeId: string;
  /**
   * Overrides the service's origin (default: the environment's, the sandbox's in `local`): an https URL, plain http
   * only on localhost.
   */
  serviceUrl?: string;
  /** The `fetch` the store calls the service with. Default: the page's. */
  fetch?: typeof fetch;
}

/** What `checkout.pay()` takes: the card (card fields, or a card or wallet tokenized already) and how next actions run. */
export type StorePayRequest = PaymentSource & Pick<ConfirmPaymentOptions, 'redirect' | 'returnUrl' | 'navigate' | 'challenge' | 'polling' | 'popupTimeoutMs' | 'scriptTimeoutMs' | 'signal'>;

/** A store checkout: what it charges (read from the service, never from the page) and `pay()`. */
export interface StoreCheckout extends StoreCheckoutSummary {
  /**
   * Pays the checkout: tokenizes the card (card fields) unless it was tokenized, creates the instrument from the vault
   * token on the store session, and Basis Theory's 3DS session when the card requires SCA, pays (pay-v2), then runs
   * every next action to the final status as `confirmPayment` does, and resolves with the same result as the
   * server-backed `tessera.pay()`. A second call while one runs (a double click) gets the first one's promise. The
   * service's refusals are a `TesseraCheckoutError`; a declined card is not an error: its `status`.
   */
  pay(request: StorePayRequest): Promise<ConfirmPaymentResult<ConfirmablePayment>>;
}

/** The store of one page: its catalog and its checkouts, on one anonymous session of the service. */
export interface Store {
  readonly storeId: string;
  /** The store's catalog: its products, their variants and each variant's price (`currency`'s when it has one). */
  products(options?: { currency?: string; signal?: AbortSignal }): Promise<StoreProduct[]>;
  /** Starts a checkout of line items of the store's catalog and reads back what it charges. */
  startCheckout(request: StartCheckoutRequest & { signal?: AbortSignal }): Promise<StoreCheckout>;
}

/** A session path with its one `{name}` parameter filled in (encoded). */
const withParam = (path: string, value: string): string => path.replace(/\{\w+\}/, encodeURIComponent(value));

/** The payment of a service answer (bare, or `{ payment }`), or a `TesseraCheckoutError` when it is none. */
function paymentOf(answer: unknown, route: string): ConfirmablePayment {
  const payment = isObject(answer) && isObject(answer.payment) ? answer.payment : answer;
  if (isObject(payment) && typeof payment.id === 'string' && typeof payment.status === 'string') return payment as unknown as ConfirmablePayment;
  throw new TesseraCheckoutError('invalid_answer', `${route} answered without a payment: check serviceUrl, then read the payment before paying again`, { status: 200 });
}

/** The `id` of a service answer, or a `TesseraCheckoutError` when it has none. */
function idOf(answer: unknown, route: string): string {
  if (isObject(answer) && typeof answer.id === 'string' && answer.id !== '') return answer.id;
  throw new TesseraCheckoutError('invalid_answer', `${route} answered without an id: check serviceUrl, then try again`, { status: 200 });
}

/**
 * Opens the store of `storeId` for a page that pays from the browser alone, with no route of its own: the service's
 * browser session API, as its own browser code (`@tagadapay/plugin-sdk`) speaks it. Prices come from the store's
 * catalog, never from the page. The anonymous session opens on first use and lives in memory only. Checks the options
 * at once (`TesseraValidationError` for `storeId`, `TesseraConfigurationError` for `serviceUrl`); sends nothing until used.
 *
 * ```ts
 * const store = openStore(tessera, { storeId });
 * const checkout = await store.startCheckout({ lineItems: [{ variantId, quantity: 1 }] });
 * const { status } = await checkout.pay({ fields });
 * ```
 */
export function openStore(tessera: Pick<TesseraClient, 'environment' | 'vault' | 'threeds'>, options: StoreOptions): Store {
  const storeId = checkStoreId((options as Partial<StoreOptions> | undefined)?.storeId);
  const { environment, vault } = tessera;
  const origin = resolveServiceOrigin(environment, vault.vaultUrl ?? LOCAL_VAULT_URL, options.serviceUrl);
  const session = openStoreSession(origin, storeId, options.fetch ?? ((input, init) => fetch(input, init)));

  const runPay = async (summary: StoreCheckoutSummary, request: StorePayRequest): Promise<ConfirmPaymentResult<ConfirmablePayment>> => {
    const { signal } = request;
    if (signal?.aborted) throw new TesseraAbortError(undefined, { cause: signal.reason });
    const tokenized = 'fields' in request ? await request.fields.tokenize(signal ? { signal } : {}) : request.tokenized;
    const { type, tokenId, scaRequired } = readVaultToken(tokenized);
    // The card facts come from the vault on the service's side: only the token's type and id are sent.
    const instrumentId = idOf(await session.post(sessionPaymentInstrumentPath, { paymentInstrumentData: { type, token: tokenId } }, signal), sessionPaymentInstrumentPath);
    let threedsSessionId: string | undefined;
    if (scaRequired) {
      const bt = await tessera.threeds().createBasisTheorySession(tokenId);
      const body = { provider: BASIS_THEORY_THREEDS_PROVIDER, paymentInstrumentId: instrumentId, sessionData: { ...bt, sessionId: bt.id } };
      threedsSessionId = idOf(await session.post(sessionThreeDSSessionPath, body, signal), sessionThreeDSSessionPath);
    }
    const paid = await session.post(
      sessionPayPath,
      { checkoutSessionId: summary.id, paymentInstrumentId: instrumentId, ...(threedsSessionId === undefined ? {} : { threedsSessionId }), ...(request.returnUrl === undefined ? {} : { returnUrl: request.returnUrl }) },
      signal,
      // Sent once: without a key the service is known to take from a page, a second pay-v2 could charge twice.
      true,
    );
    return confirmPayment<ConfirmablePayment>({
      payment: paymentOf(paid, sessionPayPath),
      threeds: { startChallenge: (threedsChallenge, challengeOptions) => tessera.threeds().startChallenge(threedsChallenge, challengeOptions) },
      continuePayment: async (paymentId, continueSignal) => paymentOf(await session.post(sessionContinuePaymentPath, { paymentId }, continueSignal), sessionContinuePaymentPath),
      fetchPayment: async (paymentId, fetchSignal) => paymentOf(await session.get(withParam(sessionPaymentPath, paymentId), fetchSignal), sessionPaymentPath),
      saveRadarSession: (radarSession: RadarSession, saveSignal) => session.post(sessionRadarSessionPath, radarSession, saveSignal),
      environment,
      // The radar stand-ins come from the sandbox, the service's origin in `local`.
      ...(environment === 'local' ? { sandboxUrl: origin } : {}),
      ...pick(request, ['redirect', 'returnUrl', 'navigate', 'challenge', 'polling', 'popupTimeoutMs', 'scriptTimeoutMs', 'signal']),
    });
  };

  const checkoutOf = (summary: StoreCheckoutSummary): StoreCheckout => {
    let running: Promise<ConfirmPaymentResult<ConfirmablePayment>> | undefined;
    return {
      ...summary,
      pay(request) {
        const source = request as Partial<{ fields: unknown; tokenized: { serviceToken?: unknown } }>;
        if (source.fields === undefined && typeof source.tokenized?.serviceToken !== 'string') {
          return Promise.reject(new TesseraValidationError([{ field: 'fields', code: 'required', message: 'is required: pass the card fields, or a card or wallet already tokenized as `tokenized`' }]));
        }
        // pay-v2 takes it as it is: an URL, never a path.
        const refusal = returnUrlRefusal(request.returnUrl, true);
        if (refusal) return Promise.reject(refusal);
        running ??= runPay(summary, request)
          .catch((error: unknown) => {
            if (request.signal?.aborted && !TesseraAbortError.isInstance(error)) throw new TesseraAbortError(undefined, { cause: error });
            throw error;
          })
          .finally(() => {
            running = undefined;
          });
        return running;
      },
    };
  };

  return {
    storeId,
    async products(productOptions = {}) {
      const answer = await session.post(sessionProductsPath, { storeId, includeVariants: true, includePrices: true }, productOptions.signal);
      return readStoreProducts(answer, productOptions.currency);
    },
    async startCheckout(request) {
      const { lineItems, currency, returnUrl } = checkStartCheckout(request);
      const { signal } = request;
      const body = { storeId, lineItems, ...(currency === undefined ? {} : { customer: { currency } }), ...(returnUrl === undefined ? {} : { returnUrl }) };
      const started = await session.post(checkoutSessionInitPath, body, signal);
      const checkoutToken = isObject(started) && typeof started.checkoutToken === 'string' && started.checkoutToken !== '' ? started.checkoutToken : undefined;
      if (checkoutToken === undefined) throw new TesseraCheckoutError('invalid_answer', 'The service answered no checkout token: check serviceUrl, then start the checkout again', { status: 200 });
      return checkoutOf(readCheckoutSummary(await session.get(withParam(checkoutSessionV2Path, checkoutToken), signal), checkoutToken));
    },
  };
}
