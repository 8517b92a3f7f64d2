import {
  toConfirmablePayment,
  TesseraResponseValidationError,
  TesseraValidationError,
  type CheckoutPaymentAnswer,
  type CustomerData,
  type Payment,
  type ProcessPaymentRequest,
} from '@tessera/core';
import { TesseraOutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import { TesseraResponseTooLargeError } from '../errors/response-too-large-error.js';
import type { ReconcileFrom, ReconcileOptions, ReconcileResult } from '../resources/reconcile.js';
import { parseOrThrow } from '@tessera/core/internal';
import type * as z from 'zod/mini';
import type { CheckoutHandlerOptions, CheckoutOrder } from './checkout-options.js';
import { CheckoutFailure } from './checkout-failure.js';
import { checkoutPayRequest } from './checkout-requests.js';
import { payStepKey } from './idempotency-keys.js';
import type { PaymentTokens } from './payment-token.js';
import { serverFailure, serviceFailure, type ServiceCall } from './service-failure.js';

type PayRequest = z.output<typeof checkoutPayRequest>;

/** What the pay route needs of the handler. */
export interface PayContext {
  options: CheckoutHandlerOptions;
  tokens: PaymentTokens;
  report: (error: unknown) => void;
}

/** The page's body, checked: a 400 `invalid_request` naming every bad field. */
function payRequest(body: Record<string, unknown>): PayRequest {
  try {
    return parseOrThrow(checkoutPayRequest, body);
  } catch (error) {
    if (!(error instanceof TesseraValidationError)) throw error;
    throw new CheckoutFailure(400, 'invalid_request', 'The payment request is not complete: send orderRef, serviceToken and attempt as the checkout client does.', error.fields);
  }
}

/** The customer of the instrument: the order's, else what the page sent (a new customer either way but for an id). */
function customerOf(order: CheckoutOrder, request: PayRequest): { customerId: string } | { customerData: CustomerData } {
  const customer = order.customer ?? request.customer ?? {};
  if ('customerId' in customer) return { customerId: customer.customerId };
  const [firstName, ...rest] = (customer.name ?? '').trim().split(/\s+/);
  return {
    customerData: {
      ...(customer.email !== undefined ? { email: customer.email } : {}),
      ...(firstName ? { firstName } : {}),
      ...(rest.length > 0 ? { lastName: rest.join(' ') } : {}),
    },
  };
}

// What the page gave, by the field the client refuses it under: a refusal of only these is the page's (a 400).
const pageFields: Readonly<Record<string, string>> = {
  serviceToken: 'serviceToken',
  tagadaToken: 'serviceToken',
  'customerData.email': 'customer.email',
  'customerData.firstName': 'customer.name',
  'customerData.lastName': 'customer.name',
  'sessionData.id': 'threedsSession.id',
  'sessionData.sessionId': 'threedsSession.id',
};

/**
 * A service call; its failure becomes the page's answer and is reported. The client refusing what the page sent (a
 * service token that is not one) is a 400 naming the page's fields; refusing the merchant's order is a 500; the
 * service's own failures are answered as `serviceFailure` says.
 */
async function serviceCall<T>(call: ServiceCall, report: (error: unknown) => void, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CheckoutFailure) throw error;
    if (!(error instanceof TesseraValidationError)) {
      report(error);
      throw serviceFailure(error, call);
    }
    const fromPage = error.fields.length > 0 && error.fields.every((field) => pageFields[field.field] !== undefined);
    if (!fromPage) {
      report(error);
      throw serverFailure();
    }
    const fields = error.fields.map((field) => ({ ...field, field: pageFields[field.field]! }));
    throw new CheckoutFailure(400, 'invalid_request', 'The payment request is not complete: send what the checkout client made, unchanged.', fields);
  }
}

/** A merchant's function: what it throws is reported and answered as a 500, never passed on with its words. */
async function merchantCall<T>(report: (error: unknown) => void, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    report(error);
    throw serverFailure();
  }
}

/**
 * The payment a purchase whose answer was lost made, found with `payments.reconcile` (by the attempt's metadata)
 * before the page is answered: the page never has to resend a purchase that went through, which a service ignoring
 * idempotency keys would charge again. None made: the original error, a 502 the page resends. Candidates that cannot
 * be told apart, or a search that failed: a 409 `outcome_unknown`, so that the page does not pay again.
 */
async function reconciled(context: PayContext, error: TesseraOutcomeUnknownError): Promise<Payment> {
  const result = await searched(context, error);
  if (result?.outcome === 'found') return result.payment;
  if (result?.outcome === 'not_found') throw error;
  context.report(error);
  throw outcomeUnknown();
}

/**
 * The payment of a purchase the service answered 2xx in a shape the client cannot read (a response validation
 * error, an answer over the size limit): the card was charged, so a resend of the attempt, against a service that
 * ignores idempotency keys, would charge it again. It is searched for (never replayed: the replay's answer would be
 * the same, or a second charge); found, the page gets it; else a 409 `outcome_unknown`, never a 502 it resends.
 */
async function unreadPurchase(context: PayContext, request: ProcessPaymentRequest, idempotencyKey: string, sentAt: Date, error: unknown): Promise<Payment> {
  context.report(error);
  const result = await searched(context, { request, idempotencyKey, sentAt }, { replay: false });
  if (result?.outcome === 'found') return result.payment;
  throw outcomeUnknown();
}

/** What `payments.reconcile` answers for `from`, or `undefined` when it failed (its error reported). */
async function searched(context: PayContext, from: ReconcileFrom, options: Pick<ReconcileOptions, 'replay'> = {}): Promise<ReconcileResult | undefined> {
  try {
    return await context.options.tessera.payments.reconcile(from, { ...context.options.reconcile, ...options });
  } catch (error) {
    context.report(error);
    return undefined;
  }
}

const outcomeUnknown = () =>
  new CheckoutFailure(409, 'outcome_unknown', 'The payment service did not say whether this payment went through: do not pay again; the shop will confirm your order.');

/**
 * `POST {base}/payments`: the order the merchant resolves for `orderRef`, `beforePayment`, then the instrument, the
 * page's 3DS session and the purchase, each with a key derived from `(orderRef, attempt)`, then `afterPayment`. A
 * declined payment is a 201 like any other: its status says so.
 */
export async function pay(context: PayContext, body: Record<string, unknown>, request: Request): Promise<Response> {
  const { options, tokens, report } = context;
  const input = payRequest(body);
  const { tessera } = options;
  const order = await merchantCall(report, () => options.order(input.orderRef, request));
  if (order === undefined) throw new CheckoutFailure(404, 'unknown_order', 'This order is not known to the shop: reload the page and start the checkout again.');
  const decision = await merchantCall(report, () => options.beforePayment?.({ orderRef: input.orderRef, order, request }));
  if (decision && typeof decision === 'object' && typeof decision.refuse === 'string') {
    throw new CheckoutFailure(409, 'payment_refused', decision.refuse || 'The shop cannot take this payment: contact the shop.');
  }
  const { orderRef, attempt } = input;
  const { storeId } = order;

  const { paymentInstrument } = await serviceCall('instrument', report, async () =>
    tessera.paymentInstruments.createFromToken(
      { serviceToken: input.serviceToken, storeId, ...customerOf(order, input) },
      { idempotencyKey: await payStepKey('instrument', orderRef, attempt) },
    ),
  );
  let threedsSessionId: string | undefined;
  if (input.threedsSession !== undefined) {
    const { id, cardBrand, additionalCardBrands } = input.threedsSession;
    const metadata = { ...(cardBrand !== undefined ? { cardBrand } : {}), ...(additionalCardBrands !== undefined ? { additionalCardBrands } : {}) };
    const session = await serviceCall('threeds_session', report, async () =>
      tessera.threeds.createSession(
        { provider: 'basis_theory', storeId, paymentInstrumentId: paymentInstrument.id, sessionData: { id, sessionId: id, metadata } },
        { idempotencyKey: await payStepKey('threeds_session', orderRef, attempt) },
      ),
    );
    threedsSessionId = session.id;
  }
  const purchase = {
    amount: order.amount,
    currency: order.currency,
    storeId,
    paymentInstrumentId: paymentInstrument.id,
    initiatedBy: 'customer' as const,
    ...(order.returnUrl !== undefined ? { returnUrl: order.returnUrl } : {}),
    ...(threedsSessionId !== undefined ? { threedsSessionId } : {}),
    // The merchant's reference as metadata, not as `orderId`: the published `orderId` names the service's own
    // order (GET /orders/{orderId}). `payments.reconcile` and the dashboard find the payment by it either way.
    metadata: { ...order.metadata, checkoutOrderRef: orderRef, checkoutAttempt: attempt },
  };
  const idempotencyKey = await payStepKey('purchase', orderRef, attempt);
  const payment: Payment = await serviceCall('payment', report, async () => {
    const sentAt = new Date();
    try {
      return await tessera.payments.purchase(purchase, { idempotencyKey });
    } catch (error) {
      if (error instanceof TesseraOutcomeUnknownError) return reconciled(context, error);
      // A 2xx the client could not read: the card was charged.
      if (error instanceof TesseraResponseValidationError || error instanceof TesseraResponseTooLargeError) {
        return unreadPurchase(context, { ...purchase, mode: 'purchase' }, idempotencyKey, sentAt, error);
      }
      throw error;
    }
  });
  if (options.afterPayment) {
    try {
      await options.afterPayment({ orderRef, order, payment });
    } catch (error) {
      report(error);
    }
  }
  const answer: CheckoutPaymentAnswer = { payment: toConfirmablePayment(payment), paymentToken: await tokens.sign(payment.id) };
  return Response.json(answer, { status: 201, headers: { 'cache-control': 'no-store' } });
}
