import { TesseraError } from '@tessera/core';

// The errors of confirmPayment's next actions, apart from the tokenizer's: a class with static fields stays in every
// bundle that imports its module, and the card path never runs an action.

/**
 * The payment asks for an action no source publishes (a `requireAction` the SDK does not know): `action` and
 * `actionData` say what it asked for, so the page (or its server) can handle it.
 */
export class TesseraPaymentActionError extends TesseraError {
  static override readonly brand: string = 'PaymentAction';
  /** The payment's `requireAction`. */
  declare readonly action: string;
  /** The payment's `requireActionData`, as the server answered it. */
  declare readonly actionData: unknown;
  /** The payment's id. */
  declare readonly paymentId: string;

  constructor(action: string, actionData: unknown, paymentId: string) {
    super('unsupported_payment_action', `Payment ${paymentId} needs an action the browser cannot run here: ${action}. Handle it on your page, or ask your server what it needs`);
    this.action = action;
    this.actionData = actionData;
    this.paymentId = paymentId;
  }
}

/**
 * Why a known next action could not run: its data lacks a field (`invalid_action_data`), its page is not https
 * (`insecure_url`), the provider's script did not load (`script_failed`), the provider gave no session
 * (`session_failed`), your `saveRadarSession` threw (`save_failed`), or there is no DOM (`no_dom`).
 */
export type NextActionFailureReason = 'invalid_action_data' | 'insecure_url' | 'script_failed' | 'session_failed' | 'save_failed' | 'no_dom';

/**
 * A next action the payment asks for (a redirect, a processor's page, a radar check) could not run. The payment was
 * not continued: nothing was asked of your server after the failure, so the customer may retry.
 */
export class TesseraNextActionError extends TesseraError {
  static override readonly brand: string = 'NextAction';
  /** Which step failed. */
  declare readonly reason: NextActionFailureReason;
  /** The action that failed (`redirect`, `processor_auth`, `radar`, `stripe_radar`, …). */
  declare readonly action: string;
  /** The payment's id. */
  declare readonly paymentId: string;

  constructor(reason: NextActionFailureReason, action: string, paymentId: string, message: string, options?: { cause?: unknown }) {
    super(`next_action_${reason}`, message, { ...options, reason });
    this.action = action;
    this.paymentId = paymentId;
  }
}

/**
 * The service ended a pending payment with an `error` action: the message is the service's own
 * (`requireActionData.message`), `errorCode` its code when it sent one. No money moved; the customer may pay again,
 * e.g. with another card.
 */
export class TesseraPaymentFailedError extends TesseraError {
  static override readonly brand: string = 'PaymentFailed';
  /** The payment's id. */
  declare readonly paymentId: string;
  /** The service's code (`requireActionData.errorCode`: `insufficient_funds`, …), when it sent one. */
  declare readonly errorCode: string | undefined;

  constructor(paymentId: string, { message, errorCode }: { message: string; errorCode?: string | undefined }) {
    super('payment_failed', message);
    this.paymentId = paymentId;
    this.errorCode = errorCode;
  }
}
