import { getPaymentAction, isSettledPayment, type NormalizedPaymentStatus, normalizePaymentStatus, type Payment, type PaymentAction, TesseraAbortError } from '@tessera/core';
import type { ChallengeResult, StartChallengeOptions } from '../threeds/challenge-modal.js';
import { isSecureUrl, type TokenizerEnvironment } from '../vault/environment.js';
import { TesseraConfigurationError } from '../errors/errors.js';
import { TesseraNextActionError, TesseraPaymentActionError, TesseraPaymentFailedError } from './payment-action-errors.js';
import { returnUrlRefusal } from './return-url.js';
import { collectRadarSession, type RadarAction, type RadarSession } from './radar.js';
import { sandboxOrigin } from './sandbox-origin.js';
import type { ThreeDS } from '../threeds/threeds.js';
import { poll } from '@tessera/core/internal';
import { onStatusChange, type PaymentPollingOptions } from './wait-for-final-status.js';

/** How {@link confirmPayment} sends the customer to a `redirect` or `processor_auth` action's page. */
export type RedirectMode = 'navigate' | 'popup';

/** Options of {@link confirmPayment}. `P` is the payment type your server answers (core's `Payment`, or a wider one). */
export interface ConfirmPaymentOptions<P extends Payment = Payment> {
  /** The payment as your server answered it (its `POST /payments/process` result). */
  payment: P;
  /** The 3DS helper (`createThreeDS(...)`): needed when the payment asks for `threeds_auth`. */
  threeds?: Pick<ThreeDS, 'startChallenge'>;
  /**
   * Asks your server to continue the payment after the customer acted; your server calls
   * `tessera.payments.continue({ paymentId })` and answers the payment. Called once per action.
   */
  continuePayment?: (paymentId: string, signal?: AbortSignal) => Promise<P>;
  /**
   * Saves the device session a radar action collected, on your server: it calls
   * `tessera.radarSessions.create(session)` with the body as given. Needed for `radar` and `stripe_radar` actions;
   * the payment is continued only once it resolved.
   */
  saveRadarSession?: (session: RadarSession, signal?: AbortSignal) => Promise<unknown>;
  /**
   * Where a radar action's provider script loads from: `production` and `development` load the providers' published
   * scripts (Airwallex's fingerprint script, Stripe.js); `local` loads the sandbox's stand-ins from `sandboxUrl`, so
   * the whole flow runs offline. Default: the environment of this page's card fields, 3DS helper or tokenizer (so a
   * sandbox page never loads the real scripts), else the providers' scripts. Another environment than the page's is a
   * `TesseraConfigurationError` (`mixed_environments`).
   */
  environment?: TokenizerEnvironment;
  /**
   * The sandbox's origin, for `environment: 'local'`. Default `http://localhost:4010`. An https URL (plain http only on
   * localhost), else a `TesseraConfigurationError` at once.
   */
  sandboxUrl?: string;
  /** Time limit for loading a radar provider's script, in milliseconds. Default 10000. */
  scriptTimeoutMs?: number;
  /** Fetches the payment from your server (its `GET /payments/{id}`), polled until the status is final. */
  fetchPayment?: (paymentId: string, signal?: AbortSignal) => Promise<P>;
  /**
   * How a `redirect` or `processor_auth` action is run: `navigate` (default) leaves the page; `popup` opens the page
   * in a window and waits.
   */
  redirect?: RedirectMode;
  /**
   * Your page the customer comes back to (the `returnUrl` your server gave `payments.process`). When given, the
   * redirect page is opened with it as its `returnUrl` query parameter, carrying `paymentId` and the action's
   * `resumeToken` (as the vendor's example does: `…?returnUrl=https://shop.example/return?paymentId=…&resumeToken=…`),
   * and in popup mode the popup is done once it reaches a URL that starts with it. Default: none is added, and a
   * popup is done on any page of this page's origin. A path of this page (`/checkout/return`) or an https URL (plain
   * http only on localhost); anything else (`javascript:`, `data:`, plain http) is a `TesseraValidationError`, at once.
   */
  returnUrl?: string;
  /** Navigate mode: how the page leaves. Default `(url) => window.location.assign(url)`. */
  navigate?: (url: string) => void;
  /**
   * Popup mode: stop waiting after this many milliseconds (the popup closes, your server is asked once). Default 600000
   * (10 minutes). With `fetchPayment`, a payment that moves on before then (final, or asking for another action)
   * ends the wait within seconds (`redirect: 'settled'`), wherever the popup is.
   */
  popupTimeoutMs?: number;
  /** Options of the 3DS challenge modal (window size, labels, timeout, …). Its `signal` is this call's. */
  challenge?: Omit<StartChallengeOptions, 'signal'>;
  /** How the final status is polled (interval, timeout, progress callback). */
  polling?: Omit<PaymentPollingOptions<P>, 'signal'>;
  /**
   * Aborting it rejects with a `TesseraAbortError` in every phase (the challenge closes, the popup closes, a radar
   * script stops loading, polling stops), and nothing more is asked of your server.
   */
  signal?: AbortSignal;
}

/**
 * How a redirect popup ended: back on `returnUrl`; `settled`, the payment moved on (final, or asking for another
 * action) while the popup was still open (it is polled with `fetchPayment`, so a popup that ends on a page of another
 * origin, which this page cannot read, is noticed within seconds; the call then goes on as after a return); closed by
 * the customer; or still open after `popupTimeoutMs`.
 */
export type PopupOutcome = 'returned' | 'settled' | 'closed' | 'timeout';

/** What {@link confirmPayment} resolves with. */
export interface ConfirmPaymentResult<P extends Payment = Payment> {
  /**
   * The payment's normalized status (`normalizePaymentStatus`): final (`succeeded`, `authorized`, `declined`,
   * `failed`, …) once the customer acted, or `requires_action` when they did not (a cancelled or timed-out
   * challenge, a closed popup) and after a `navigate` redirect (the page is leaving).
   */
  status: NormalizedPaymentStatus;
  /** The payment as your server last answered it. */
  payment: P;
  /** The 3DS challenge's outcome, when one ran. */
  challenge?: ChallengeResult;
  /** `navigate`: the page is leaving for the redirect page; in popup mode, how the popup ended ({@link PopupOutcome}). */
  redirect?: 'navigate' | PopupOutcome;
  /** The radar sessions collected and saved, in order, when radar actions ran. */
  radarSessions?: RadarSession[];
  /**
   * Why a `declined` or `failed` payment ended, when the service said so with an `error` action: its own `message`
   * and, when sent, its `errorCode` (`insufficient_funds`, …). Show the message; branch on the code.
   */
  failure?: PaymentFailure;
}

/** What the service said of a payment it ended with an `error` action. */
export interface PaymentFailure {
  /** The service's own text (`requireActionData.message`). */
  message: string;
  /** Its code (`requireActionData.errorCode`), when it sent one. */
  errorCode?: string;
}

const failureOf = (action: Extract<PaymentAction, { type: 'error' }>): PaymentFailure => ({ message: action.message, ...(action.errorCode !== undefined ? { errorCode: action.errorCode } : {}) });

// A payment may ask for further actions after the first (a radar check, then 3DS); more than this is a loop.
const MAX_ACTIONS = 4;

/**
 * Runs whatever the payment your server answered asks for, then resolves once with its outcome, like Stripe's
 * `confirmCardPayment`, running each action as the vendor's own browser code does (`getPaymentAction` reads it). A
 * payment that needs nothing resolves at once.
 * - `threeds_auth`: the challenge in the modal (`threeds.startChallenge`).
 * - `redirect` and `processor_auth`: the customer goes to `requireActionData.metadata.redirect.redirectUrl` (navigate,
 *   or a popup waited for until it comes back to `returnUrl`, is closed, or `fetchPayment` polled while it is open
 *   finds the payment moved on, e.g. after the popup ended on a page of another origin); an URL that is not https is
 *   refused.
 * - `radar` (Airwallex) and `stripe_radar`: the provider's script collects a device session in this page, your
 *   server saves it (`saveRadarSession`), then the payment is continued.
 * - `error`: on a payment still pending, rejects with a `TesseraPaymentFailedError` whose message is the service's; on
 *   one already `declined` or `failed`, resolves with that status and the service's words in `failure`.
 * After an action it asks your server to continue (`continuePayment`, once) and, while the payment has not moved on,
 * polls `fetchPayment` until it is final or asks for another action, which then runs in turn (at most four); without
 * `fetchPayment` the continued payment is answered as it is. An abort rejects with `TesseraAbortError` in every
 * phase. An action no source publishes rejects with a `TesseraPaymentActionError`; a known one that cannot run with
 * a `TesseraNextActionError` naming what is missing, before your server is asked anything. When the customer
 * did not act (cancel, timeout, popup closed or not back in time) your server is asked once, without polling, and
 * the result says what it answered (`requires_action` while the customer has still to act).
 */
export async function confirmPayment<P extends Payment>(options: ConfirmPaymentOptions<P>): Promise<ConfirmPaymentResult<P>> {
  const { signal } = options;
  // At once, before any action: the redirect page sends the customer to `returnUrl`; radar scripts load from `sandboxUrl`.
  const refusal = returnUrlRefusal(options.returnUrl);
  if (refusal) throw refusal;
  if (options.sandboxUrl !== undefined) sandboxOrigin(options.sandboxUrl);
  try {
    return await runActions(options);
  } catch (error) {
    // One abort behaviour in every phase: a merchant's fetch aborted mid-call rejects with its own AbortError.
    if (signal?.aborted && !TesseraAbortError.isInstance(error)) throw new TesseraAbortError(undefined, { cause: error });
    throw error;
  }
}

async function runActions<P extends Payment>(options: ConfirmPaymentOptions<P>): Promise<ConfirmPaymentResult<P>> {
  const { signal } = options;
  let payment = options.payment;
  const result: ConfirmPaymentResult<P> = { status: normalizePaymentStatus(payment), payment };
  for (let actions = 0; result.status === 'requires_action' || result.status === 'processing'; actions++) {
    throwIfAborted(signal);
    let acted = true;
    const ran = result.status === 'requires_action' ? actionKey(payment) : undefined;
    if (result.status === 'requires_action') {
      if (actions >= MAX_ACTIONS) break;
      const action = getPaymentAction(payment);
      const outcome = await runAction(action, payment, options, result);
      // An abort during the action ends the call: the merchant's server is not asked to continue.
      throwIfAborted(signal);
      if (outcome === 'left') return result;
      acted = outcome === 'acted';
    }
    payment = await settle(payment.id, options, acted, ran);
    result.payment = payment;
    result.status = normalizePaymentStatus(payment);
    // Stop when the customer did not act, or when the payment did not move on (still processing, or still asking
    // for what just ran: no `fetchPayment` to poll with, or polling gave up): never continue it again from here.
    if (!acted || !movedOn(payment, ran)) break;
  }
  const last = getPaymentAction(payment);
  if (last.type === 'error' && (result.status === 'failed' || result.status === 'declined')) result.failure = failureOf(last);
  return result;
}

/** What running an action led to: the customer `acted`, did `not` (cancelled, closed), or the page `left` (navigate). */
type ActionOutcome = 'acted' | 'not' | 'left';

/** Runs one action of `payment`, recording what it did on `result`. */
async function runAction<P extends Payment>(action: PaymentAction, payment: P, options: ConfirmPaymentOptions<P>, result: ConfirmPaymentResult<P>): Promise<ActionOutcome> {
  const { signal } = options;
  switch (action.type) {
    case 'threeds_auth': {
      if (!options.threeds) throw new TesseraConfigurationError('invalid_option', 'confirmPayment needs `threeds` (createThreeDS) for a 3DS challenge');
      result.challenge = await options.threeds.startChallenge(action.challenge, { ...options.challenge, ...(signal ? { signal } : {}) });
      return result.challenge.success || result.challenge.reason === 'failed' ? 'acted' : 'not';
    }
    case 'redirect':
    case 'processor_auth': {
      // Only an https page (http on this machine) is ever opened: a `javascript:` or `data:` URL from a hostile or
      // broken answer would run in this page.
      if (!isSecureUrl(action.redirectUrl)) {
        throw new TesseraNextActionError('insecure_url', action.type, payment.id, `Payment ${payment.id} asks to open a page that is not https (requireActionData.metadata.redirect.redirectUrl): refused`);
      }
      // Resolved once against this page, so a relative `returnUrl` ("/checkout/return") is recognised in the popup.
      const returnUrl = options.returnUrl === undefined ? undefined : new URL(options.returnUrl, typeof location === 'undefined' ? undefined : location.href).href;
      const url = withReturnUrl(action.redirectUrl, returnUrl, payment.id, action.resumeToken);
      if (options.redirect !== 'popup') {
        (options.navigate ?? ((target: string) => window.location.assign(target)))(url);
        result.redirect = 'navigate';
        return 'left';
      }
      const { fetchPayment } = options;
      const ran = actionKey(payment);
      // The payment moved on (final, or asking for another action) while the popup was open: the customer is done
      // with this page wherever the popup is, and the call goes on as after a return (your server continues it).
      result.redirect = await runPopup(url, returnUrl, options, fetchPayment && (async () => movedOn(await fetchPayment(payment.id, signal), ran)));
      return result.redirect === 'returned' || result.redirect === 'settled' ? 'acted' : 'not';
    }
    case 'radar':
    case 'stripe_radar':
      (result.radarSessions ??= []).push(await runRadar(action, payment.id, options));
      return 'acted';
    case 'error':
      throw new TesseraPaymentFailedError(payment.id, failureOf(action));
    case 'invalid':
      throw new TesseraNextActionError('invalid_action_data', action.action, payment.id, `Payment ${payment.id} asks for ${action.action} without ${action.missing}: the service's answer is incomplete, ask your server for the payment again`);
    case 'unknown':
    case 'none':
      throw new TesseraPaymentActionError(payment.requireAction ?? '', payment.requireActionData, payment.id);
  }
}

/** What a radar check reads of {@link ConfirmPaymentOptions}. */
type RadarRunOptions = Pick<ConfirmPaymentOptions, 'saveRadarSession' | 'environment' | 'sandboxUrl' | 'scriptTimeoutMs' | 'signal'> & { continuePayment?: unknown };

/**
 * Collects the radar session (the provider's script is loaded only now), then has your server save it. A failure at
 * any step is a `TesseraNextActionError`, and the payment is not continued.
 */
async function runRadar(action: RadarAction, paymentId: string, options: RadarRunOptions): Promise<RadarSession> {
  const { saveRadarSession, signal } = options;
  if (!saveRadarSession) throw new TesseraConfigurationError('invalid_option', 'confirmPayment needs `saveRadarSession` for a radar check: your server saves the session with tessera.radarSessions.create(session)');
  if (!options.continuePayment) throw new TesseraConfigurationError('invalid_option', 'confirmPayment needs `continuePayment` for a radar check: the payment goes on only once continued');
  const session = await collectRadarSession(action, paymentId, { environment: options.environment, sandboxUrl: options.sandboxUrl, scriptTimeoutMs: options.scriptTimeoutMs, signal });
  throwIfAborted(signal);
  try {
    await saveRadarSession(session, signal);
  } catch (error) {
    // An aborted save is mapped to TesseraAbortError once, in confirmPayment.
    throw new TesseraNextActionError('save_failed', action.type, paymentId, `Your saveRadarSession failed, so payment ${paymentId} was not continued: check your server's radar-sessions route`, { cause: error });
  }
  return session;
}

const throwIfAborted = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted) throw new TesseraAbortError();
};

/**
 * The redirect page's URL with `returnUrl` (when given, already absolute) as its `returnUrl` query parameter, itself
 * carrying `paymentId` and the `resumeToken`, as the vendor's example builds it.
 */
function withReturnUrl(redirectUrl: string, returnUrl: string | undefined, paymentId: string, resumeToken: string | undefined): string {
  if (returnUrl === undefined) return redirectUrl;
  const back = new URL(returnUrl);
  back.searchParams.set('paymentId', paymentId);
  if (resumeToken !== undefined) back.searchParams.set('resumeToken', resumeToken);
  const target = new URL(redirectUrl);
  target.searchParams.set('returnUrl', back.href);
  return target.href;
}

/**
 * What identifies an action, as `getPaymentAction` reads it: its kind and the data that runs it (the same challenge,
 * the same page, the same radar check), not fields that may change on each answer (a fresh `resumeToken`).
 */
function actionKey(payment: Payment): string {
  const action: Record<string, unknown> = { ...getPaymentAction(payment) };
  delete action.resumeToken;
  return JSON.stringify(action);
}

/** True once the payment will not change by itself, or asks for an action other than the one just run (`ran`). */
const movedOn = (payment: Payment, ran: string | undefined): boolean =>
  isSettledPayment(payment) || (normalizePaymentStatus(payment) === 'requires_action' && actionKey(payment) !== ran);

/**
 * Asks the server to continue (once), then, when the customer acted and the payment has not moved on, polls
 * `fetchPayment` until it has: final, or asking for another action (the caller runs it). One that still asks for the
 * action just run (`ran`) has not caught up yet, so it is polled rather than run twice. `continuePayment` is never
 * polled: each call would be another request to go on.
 */
async function settle<P extends Payment>(paymentId: string, options: ConfirmPaymentOptions<P>, acted: boolean, ran: string | undefined): Promise<P> {
  const { continuePayment, fetchPayment, signal } = options;
  if (!continuePayment && !fetchPayment) throw new TesseraConfigurationError('invalid_option', 'confirmPayment needs `continuePayment` or `fetchPayment`');
  const payment = continuePayment ? await continuePayment(paymentId, signal) : await (fetchPayment as NonNullable<typeof fetchPayment>)(paymentId, signal);
  if (!acted || !fetchPayment || movedOn(payment, ran)) return payment;
  const { intervalMs, timeoutMs, onStatus } = options.polling ?? {};
  return poll((pollSignal) => fetchPayment(paymentId, pollSignal), { intervalMs, timeoutMs, onValue: onStatusChange(onStatus), signal, until: (fetched) => movedOn(fetched, ran) });
}

/** The popup's URL once it is back on this origin; `undefined` while it is on the redirect page (reading throws). */
function readableHref(popup: Window): string | undefined {
  try {
    return popup.location.href;
  } catch {
    return undefined;
  }
}

/**
 * Opens the redirect page in a popup and waits until it comes back to this origin (`returnUrl`) or is closed, at
 * most `popupTimeoutMs`. The popup is closed when it returns, times out or the signal aborts. A timeout is not an
 * error: the customer may have approved on a page that never came back, so the caller asks the server once.
 * Meanwhile `isSettled` (the payment through `fetchPayment`) is asked every `polling.intervalMs` (at most once a
 * second), one request at a time: a page of another origin cannot be told from the bank's, so the payment says when
 * it is over. A settled payment ends the wait a second later, so a popup already on its way back still counts as
 * `returned`.
 */
function runPopup<P extends Payment>(
  url: string,
  returnUrl: string | undefined,
  options: Pick<ConfirmPaymentOptions<P>, 'popupTimeoutMs' | 'polling' | 'signal'>,
  isSettled?: () => Promise<boolean>,
): Promise<PopupOutcome> {
  const popup = window.open(url, 'tessera-redirect', 'popup,width=500,height=700');
  if (!popup) return Promise.resolve('closed');
  // Still this origin's blank page: cut its way back (`opener`), so the redirect page, of another origin and named by
  // the payment's answer, cannot send this page elsewhere. This page keeps its own handle to watch and close it.
  popup.opener = null;
  const { signal } = options;
  const back = returnUrl ?? `${window.location.origin}/`;
  return new Promise((resolve, reject) => {
    let done = false;
    let asking = false;
    const finish = (outcome: PopupOutcome | Error): void => {
      if (done) return;
      done = true;
      clearInterval(watch);
      clearInterval(ask);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (!popup.closed) popup.close();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onAbort = (): void => finish(new TesseraAbortError());
    const watch = setInterval(() => {
      if (popup.closed) return finish('closed');
      if (readableHref(popup)?.startsWith(back)) finish('returned');
    }, 100);
    const ask = isSettled
      ? setInterval(() => {
          if (asking) return;
          asking = true;
          // A failed read is asked again at the next tick; the wait stays bounded by popupTimeoutMs.
          isSettled().then(
            (settled) => {
              asking = false;
              if (settled) setTimeout(finish, 1000, 'settled');
            },
            () => (asking = false),
          );
        }, Math.max(options.polling?.intervalMs ?? 1500, 1000))
      : undefined;
    const timer = setTimeout(() => finish('timeout'), options.popupTimeoutMs ?? 600_000);
    signal?.addEventListener('abort', onAbort);
  });
}
