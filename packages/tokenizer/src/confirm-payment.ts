import { getRedirectUrl, getThreeDSChallenge, isSettledPayment, type NormalizedPaymentStatus, normalizePaymentStatus, type Payment, TesseraAbortError, TesseraTimeoutError } from '@tessera/core';
import type { ChallengeResult, StartChallengeOptions } from './challenge-modal.js';
import { isSecureUrl } from './environment.js';
import { TesseraConfigurationError, TesseraPaymentActionError } from './errors.js';
import type { ThreeDS } from './threeds.js';
import { waitForFinalStatus, type PaymentPollingOptions } from './wait-for-final-status.js';

/** How {@link confirmPayment} sends the customer to a `redirect` action's page. */
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
  /** Fetches the payment from your server (its `GET /payments/{id}`), polled until the status is final. */
  fetchPayment?: (paymentId: string, signal?: AbortSignal) => Promise<P>;
  /** How a `redirect` action is run: `navigate` (default) leaves the page; `popup` opens the page in a window and waits. */
  redirect?: RedirectMode;
  /**
   * Popup mode: the popup is done once it reaches a URL that starts with this (the `returnUrl` your server gave
   * `payments.process`). Default: any page of this page's origin.
   */
  returnUrl?: string;
  /** Navigate mode: how the page leaves. Default `(url) => window.location.assign(url)`. */
  navigate?: (url: string) => void;
  /** Popup mode: give up after this many milliseconds. Default 600000 (10 minutes). */
  popupTimeoutMs?: number;
  /** Options of the 3DS challenge modal (window size, labels, timeout, …). Its `signal` is this call's. */
  challenge?: Omit<StartChallengeOptions, 'signal'>;
  /** How the final status is polled (interval, timeout, progress callback). */
  polling?: Omit<PaymentPollingOptions<P>, 'signal'>;
  /** Aborting it cancels the challenge, closes the popup, and stops polling with a `TesseraAbortError`. */
  signal?: AbortSignal;
}

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
  /** `navigate`: the page is leaving for the redirect page; `popup`: the popup `returned` or was `closed`. */
  redirect?: 'navigate' | 'returned' | 'closed';
}

// A payment may ask for a second action after the first (a redirect, then 3DS); more than this is a loop.
const MAX_ACTIONS = 3;

/**
 * Runs whatever the payment your server answered asks for, then resolves once with its outcome, like Stripe's
 * `confirmCardPayment`. A payment that needs nothing resolves at once. `threeds_auth` runs the challenge in the modal
 * (`threeds.startChallenge`); `redirect` sends the customer to `requireActionData.metadata.redirect.redirectUrl`
 * (navigate, or a popup waited for until it comes back to `returnUrl` or is closed). Then it asks your server to
 * continue (`continuePayment`) and, while the payment is not final, polls `fetchPayment` (or `continuePayment`) until
 * it is. Any other action rejects with a `TesseraPaymentActionError` carrying the action and its data. When the
 * customer did not act (cancel, timeout, popup closed before returning) your server is asked once, without polling,
 * and the result says `requires_action`.
 */
export async function confirmPayment<P extends Payment>(options: ConfirmPaymentOptions<P>): Promise<ConfirmPaymentResult<P>> {
  const { signal } = options;
  let payment = options.payment;
  const result: ConfirmPaymentResult<P> = { status: normalizePaymentStatus(payment), payment };
  for (let actions = 0; result.status === 'requires_action' || result.status === 'processing'; actions++) {
    if (signal?.aborted) throw new TesseraAbortError();
    let acted = true;
    const ran = result.status === 'requires_action' ? actionKey(payment) : undefined;
    if (result.status === 'requires_action') {
      if (actions >= MAX_ACTIONS) break;
      const action = payment.requireAction ?? '';
      const challenge = action === 'threeds_auth' ? getThreeDSChallenge(payment) : undefined;
      // Only an https page (http on this machine) is ever opened: a `javascript:` or `data:` URL from a hostile or
      // broken answer would run in this page. Anything else is an action this page cannot run.
      const redirectUrl = action === 'redirect' ? secureUrl(getRedirectUrl(payment)) : undefined;
      if (challenge) {
        if (!options.threeds) throw new TesseraConfigurationError('invalid_option', 'confirmPayment needs `threeds` (createThreeDS) for a 3DS challenge');
        result.challenge = await options.threeds.startChallenge(challenge, { ...options.challenge, ...(signal ? { signal } : {}) });
        acted = result.challenge.success || result.challenge.reason === 'failed';
      } else if (redirectUrl) {
        if (options.redirect !== 'popup') {
          (options.navigate ?? ((url: string) => window.location.assign(url)))(redirectUrl);
          result.redirect = 'navigate';
          return result;
        }
        result.redirect = await runPopup(redirectUrl, options);
        acted = result.redirect === 'returned';
      } else {
        throw new TesseraPaymentActionError(action, payment.requireActionData, payment.id);
      }
    }
    payment = await settle(payment.id, options, acted, ran);
    result.payment = payment;
    result.status = normalizePaymentStatus(payment);
    if (!acted) break;
  }
  return result;
}

/** `url` when it is an https URL (or http on localhost), else `undefined`. */
const secureUrl = (url: string | undefined): string | undefined => (url !== undefined && isSecureUrl(url) ? url : undefined);

/** What identifies an action: its kind and its data (the same challenge, the same redirect URL). */
const actionKey = (payment: Payment): string => `${payment.requireAction ?? ''}:${JSON.stringify(payment.requireActionData ?? null)}`;

/**
 * Asks the server to continue, then polls while the payment is not final (only when the customer acted). A payment
 * that asks for another action is answered as is (the caller runs it); one that still asks for the action just run
 * (`ran`) has not caught up yet, so it is polled rather than run twice.
 */
async function settle<P extends Payment>(paymentId: string, options: ConfirmPaymentOptions<P>, poll: boolean, ran: string | undefined): Promise<P> {
  const { continuePayment, fetchPayment, signal } = options;
  if (!continuePayment && !fetchPayment) throw new TesseraConfigurationError('invalid_option', 'confirmPayment needs `continuePayment` or `fetchPayment`');
  const payment = continuePayment ? await continuePayment(paymentId, signal) : undefined;
  if (payment && (!poll || isSettledPayment(payment) || (normalizePaymentStatus(payment) === 'requires_action' && actionKey(payment) !== ran))) return payment;
  const fetch = (fetchPayment ?? continuePayment) as (id: string, signal?: AbortSignal) => Promise<P>;
  if (!poll) return fetch(paymentId, signal);
  return waitForFinalStatus((pollSignal) => fetch(paymentId, pollSignal), { ...options.polling, ...(signal ? { signal } : {}) });
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
 * most `popupTimeoutMs`. The popup is closed when it returns, times out or the signal aborts.
 */
function runPopup(url: string, options: Pick<ConfirmPaymentOptions, 'returnUrl' | 'popupTimeoutMs' | 'signal'>): Promise<'returned' | 'closed'> {
  const popup = window.open(url, 'tessera-redirect', 'popup,width=500,height=700');
  if (!popup) return Promise.resolve('closed');
  const { signal } = options;
  const returnUrl = options.returnUrl ?? `${window.location.origin}/`;
  return new Promise((resolve, reject) => {
    const finish = (outcome: 'returned' | 'closed' | Error): void => {
      clearInterval(watch);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (!popup.closed) popup.close();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onAbort = (): void => finish(new TesseraAbortError());
    const watch = setInterval(() => {
      if (popup.closed) return finish('closed');
      if (readableHref(popup)?.startsWith(returnUrl)) finish('returned');
    }, 100);
    const timer = setTimeout(() => finish(new TesseraTimeoutError('The redirect popup did not come back in time')), options.popupTimeoutMs ?? 600_000);
    signal?.addEventListener('abort', onAbort);
  });
}
