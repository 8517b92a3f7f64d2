import type { RequestFields } from '@tessera/core';
import { initCheckoutRequest, type createCheckoutSessionRequest } from '@tessera/core/schemas';
import { z, type OperationInput } from '@tessera/core/internal';
import type { output } from 'zod/mini';
import { byId } from '../state/collection.js';
import type { SandboxContext } from '../state/context.js';
import { invalidState, notFound, validationError } from '../errors/http-error.js';
import { requireInstrument } from './instruments.js';
import type { PaymentRecord } from './payment-records.js';
import { createOrder, type OrderRecord } from './orders.js';
import { charge } from './payments.js';
import { type PriceRecord, type VariantRecord, products, variants } from './products.js';
import { requireStore } from './stores.js';
import { startSubscription, type SubscriptionRecord } from './subscriptions.js';
import { validate } from '../http/validate.js';

/** A checkout session: core's create-checkout-session input with its id, total and where to send the customer. */
export type CheckoutSessionRecord = RequestFields<output<typeof createCheckoutSessionRequest>> & {
  id: string;
  amount: number;
  redirectUrl: string;
  status: 'open' | 'completed';
  orderId?: string;
  /** The token a published `GET /checkout/init` put in its redirect. */
  checkoutToken?: string;
  /** Where `pay-v2` sends the customer after paying (init's `returnUrl`). */
  returnUrl?: string;
  createdAt: string;
};

/** Checkout sessions by id. */
export const checkoutSessions = byId<CheckoutSessionRecord>()('checkoutSessions');

/**
 * What a variant costs in `currency`: its default price's amount in that currency, else another price's, else the
 * variant's own `price` (the document's shape; the published one has none). `undefined` when it has none of them.
 */
function priceOf(variant: VariantRecord, currency: string): { amount: number; price?: PriceRecord } | undefined {
  const price = variant.prices.find((candidate) => candidate.default && candidate.currencyOptions[currency]) ??
    variant.prices.find((candidate) => candidate.currencyOptions[currency]);
  const amount = price?.currencyOptions[currency]?.amount;
  if (amount !== undefined && price) return { amount, price };
  return variant.price === undefined ? undefined : { amount: variant.price };
}

/** {@link priceOf}, or a 400 naming the item whose variant has no price in the currency. */
function requirePrice(variant: VariantRecord, currency: string, field: string): { amount: number; price?: PriceRecord } {
  const priced = priceOf(variant, currency);
  if (!priced) throw validationError([{ field, code: 'no_price', message: `variant ${variant.id} has no price in ${currency}` }]);
  return priced;
}

function requireVariant(ctx: SandboxContext, storeId: string, variantId: string): VariantRecord {
  const variant = variants.of(ctx).get(variantId);
  if (!variant || products.of(ctx).get(variant.productId)?.storeId !== storeId) throw notFound('variant', variantId);
  return variant;
}

/** Create checkout session → the session with `redirectUrl` (the merchant's `checkoutUrl` with `checkoutSessionId`). */
export function createCheckoutSession(ctx: SandboxContext, input: OperationInput<'createCheckoutSession'>): CheckoutSessionRecord {
  requireStore(ctx, input.storeId);
  let amount = 0;
  for (const [index, item] of input.items.entries()) {
    amount += requirePrice(requireVariant(ctx, input.storeId, item.variantId), input.currency, `items.${index}.variantId`).amount * item.quantity;
  }
  const id = ctx.nextId('cs');
  const redirectUrl = new URL(input.checkoutUrl);
  redirectUrl.searchParams.set('checkoutSessionId', id);
  const session: CheckoutSessionRecord = {
    id,
    storeId: input.storeId,
    items: input.items,
    currency: input.currency,
    amount,
    checkoutUrl: input.checkoutUrl,
    redirectUrl: redirectUrl.toString(),
    status: 'open',
    createdAt: ctx.nowIso(),
  };
  checkoutSessions.of(ctx).set(id, session);
  return session;
}

/** Where the sandbox's hosted checkout would be: init's redirect points here when the caller gives no `checkoutUrl`. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';

// The query parameters of init that configure the session; any other one is forwarded to the checkout URL (utm_*).
const initParameters = new Set(Object.keys(initCheckoutRequest._zod.def.shape));

/**
 * Published `GET /checkout/init`: creates a checkout session (as create does) and answers where the browser goes:
 * the caller's `checkoutUrl` (else the sandbox's `{origin}/sandbox/checkout`) with `checkoutSessionId`, the token
 * under `includeCheckoutToken` (default `checkoutToken`) and the forwarded parameters.
 */
export function initCheckout(ctx: SandboxContext, input: OperationInput<'initCheckout'>, origin: string): string {
  const checkoutUrl = input.checkoutUrl ?? `${origin}${SANDBOX_CHECKOUT_PATH}`;
  const session = createCheckoutSession(ctx, { storeId: input.storeId, items: input.items, currency: input.currency, checkoutUrl });
  session.checkoutToken = ctx.nextId('chtok');
  if (input.returnUrl !== undefined) session.returnUrl = input.returnUrl;
  const location = new URL(session.redirectUrl);
  location.searchParams.set(input.includeCheckoutToken ?? 'checkoutToken', session.checkoutToken);
  for (const [name, value] of Object.entries(input)) {
    if (!initParameters.has(name) && typeof value === 'string') location.searchParams.set(name, value);
  }
  return location.toString();
}

/** What paying a checkout with published `POST /checkout/pay-v2` answers (the order also as `totalAmount`). */
export interface CheckoutPayment extends CheckoutCompletion {
  /** `returnUrl` (pay-v2's, else init's) with the order's id, or `null` when neither was given or nothing was paid. */
  redirectUrl: string | null;
}

/**
 * Published `POST /checkout/pay-v2`: pays the session with `paymentInstrumentId` (required here: the sandbox has no
 * saved instrument to choose), customer-initiated unless `initiatedBy: 'merchant'`; 3DS skipped as in
 * {@link completeCheckoutSession}. Answers `{ order, payment, redirectUrl }` (plus the session and subscriptions).
 */
export function payCheckout(ctx: SandboxContext, input: OperationInput<'payCheckout'>): CheckoutPayment {
  if (input.paymentInstrumentId === undefined) {
    throw validationError([{ field: 'paymentInstrumentId', code: 'required', message: 'is required by the sandbox (it has no saved instrument to choose)' }]);
  }
  const completion = payOpenSession(ctx, input.checkoutSessionId, input.paymentInstrumentId, input.initiatedBy ?? 'customer');
  const returnUrl = input.returnUrl ?? completion.checkoutSession.returnUrl;
  let redirectUrl: string | null = null;
  if (returnUrl !== undefined && completion.order) {
    const url = new URL(returnUrl);
    url.searchParams.set('orderId', completion.order.id);
    redirectUrl = url.toString();
  }
  // The published answer names the order's amount `totalAmount`.
  const order = completion.order && { ...completion.order, totalAmount: completion.order.amount };
  return { ...completion, order, redirectUrl };
}

const completeRequest = z.strictObject({ paymentInstrumentId: z.string().check(z.minLength(1)) });

/** What completing a checkout produced. */
export interface CheckoutCompletion {
  checkoutSession: CheckoutSessionRecord;
  payment: PaymentRecord;
  order: OrderRecord | null;
  subscriptions: SubscriptionRecord[];
}

/**
 * `POST /sandbox/checkout-sessions/{id}/complete { paymentInstrumentId }`: the customer pays the session (3DS is
 * skipped, as in the hosted checkout). On success: an order and, per recurring price, a subscription.
 */
export function completeCheckoutSession(ctx: SandboxContext, id: string, body: unknown): CheckoutCompletion {
  const input = validate(completeRequest, body);
  return payOpenSession(ctx, id, input.paymentInstrumentId, 'customer');
}

/** Pays an open session: the payment, and on success an order and, per recurring price, a subscription. */
function payOpenSession(ctx: SandboxContext, id: string, paymentInstrumentId: string, initiatedBy: 'customer' | 'merchant'): CheckoutCompletion {
  const session = checkoutSessions.of(ctx).get(id);
  if (!session) throw notFound('checkout session', id);
  if (session.status !== 'open') throw invalidState(`Checkout session ${id} is already completed`);
  const instrument = requireInstrument(ctx, paymentInstrumentId);
  const payment = charge(
    ctx,
    { mode: 'purchase', amount: session.amount, currency: session.currency, storeId: session.storeId, paymentInstrumentId: instrument.id, initiatedBy },
    '',
    { threeDs: false },
  );
  if (payment.status !== 'succeeded') return { checkoutSession: session, payment, order: null, subscriptions: [] };
  const lines = session.items.map((item) => ({ item, variant: requireVariant(ctx, session.storeId, item.variantId) }));
  const order = createOrder(
    ctx,
    payment,
    lines.map(({ item, variant }, index) => ({
      variantId: item.variantId,
      quantity: item.quantity,
      amount: requirePrice(variant, session.currency, `items.${index}.variantId`).amount * item.quantity,
    })),
    { checkoutSessionId: session.id },
  );
  const subscriptions: SubscriptionRecord[] = [];
  for (const [index, { item, variant }] of lines.entries()) {
    const { amount, price } = requirePrice(variant, session.currency, `items.${index}.variantId`);
    if (!price?.recurring) continue;
    const subscription = startSubscription(ctx, {
      storeId: session.storeId,
      customerId: instrument.customerId,
      paymentInstrumentId: instrument.id,
      variantId: variant.id,
      priceId: price.id,
      quantity: item.quantity,
      amount: amount * item.quantity,
      currency: session.currency,
      interval: price.interval ?? 'month',
      intervalCount: price.intervalCount ?? 1,
      metadata: { source: 'checkout' },
    });
    subscriptions.push(subscription);
  }
  session.status = 'completed';
  session.orderId = order.id;
  return { checkoutSession: session, payment, order, subscriptions };
}
