import type { RequestFields } from '@tessera/core';
import { initCheckoutRequest, type createCheckoutSessionRequest } from '@tessera/core/schemas';
import { z, type OperationInput } from '@tessera/core/internal';
import type { output } from 'zod/mini';
import { byId, internalById } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { invalidState, notFound, validationError } from '../errors/http-error.js';
import { requireInstrument } from './instruments.js';
import { payments, type PaymentRecord } from './payment-records.js';
import { createOrder, orders, type OrderRecord } from './orders.js';
import { charge } from './payments.js';
import { type PriceRecord, type VariantRecord, products, variants } from './products.js';
import { countPromotionUses, type HeldUses, type PromotionCodeRecord, requireAppliedCodes } from './promotion-codes.js';
import { requireStore } from './stores.js';
import { startSubscription, subscriptions, type SubscriptionRecord } from './subscriptions.js';
import { validate } from '../wire/validate.js';

/** One line of a checkout session: a variant, the price chosen for it (else its default), a quantity. */
export interface CheckoutLine {
  variantId: string;
  quantity: number;
  priceId?: string;
}

/** A checkout session: core's create-checkout-session input with its id, total and where to send the customer. */
export type CheckoutSessionRecord = Omit<RequestFields<output<typeof createCheckoutSessionRequest>>, 'items'> & {
  id: string;
  items: CheckoutLine[];
  amount: number;
  redirectUrl: string;
  status: 'open' | 'completed';
  orderId?: string;
  /** The token a published `GET /checkout/init` put in its redirect, or a browser session's (random, 128 bits or more). */
  checkoutToken?: string;
  /** Where `pay-v2` sends the customer after paying (init's `returnUrl`). */
  returnUrl?: string;
  /** The browser session that started it (`POST /api/v1/checkout/session/init`), and that session's customer. */
  cmsSessionId?: string;
  customerId?: string;
  /** The last payment made for it: a second one waits until it is final (declined or failed: pay again). */
  paymentId?: string;
  /** The subscriptions its recurring prices started when it was paid. */
  subscriptionIds?: string[];
  /** The promotion codes applied to it (`POST /api/v1/checkout-sessions/{id}/promotions/apply`), and their promotions: each counts one use when it is paid. */
  promotionCodeIds?: string[];
  promotionIds?: string[];
  createdAt: string;
  updatedAt?: string;
};

/** Checkout sessions by id. */
export const checkoutSessions = byId<CheckoutSessionRecord>()('checkoutSessions');

/** Which checkout session each payment made for one pays (by payment id; internal). */
export const checkoutPayments = internalById<{ id: string; checkoutSessionId: string }>()('checkoutPayments');

/**
 * What a variant costs in `currency`: the price `priceId` names (one of the variant's), else its default price's
 * amount in that currency, else another price's, else the variant's own `price` (the document's shape; the published
 * one has none). `undefined` when it has none of them.
 */
export function priceOf(variant: VariantRecord, currency: string, priceId?: string): { amount: number; price?: PriceRecord } | undefined {
  if (priceId !== undefined) {
    const named = variant.prices.find((candidate) => candidate.id === priceId);
    const amount = named?.currencyOptions[currency]?.amount;
    return named && amount !== undefined ? { amount, price: named } : undefined;
  }
  const price = variant.prices.find((candidate) => candidate.default && candidate.currencyOptions[currency]) ??
    variant.prices.find((candidate) => candidate.currencyOptions[currency]);
  const amount = price?.currencyOptions[currency]?.amount;
  if (amount !== undefined && price) return { amount, price };
  return variant.price === undefined ? undefined : { amount: variant.price };
}

/**
 * `total` plus a line of `quantity` at `unitAmount`, or a 400 `too_large` naming the line's quantity (`field`) when the
 * sum is past a safe integer of minor units (it would be stored inexactly).
 */
export function addLine(total: number, unitAmount: number, quantity: number, field: string): number {
  const sum = total + unitAmount * quantity;
  if (!Number.isSafeInteger(sum)) throw validationError([{ field, code: 'too_large', message: 'makes the total more than an amount in minor units can be: order fewer' }]);
  return sum;
}

/** {@link priceOf}, or a 400 naming the item whose variant has no price in the currency. */
function requirePrice(variant: VariantRecord, currency: string, field: string, priceId?: string): { amount: number; price?: PriceRecord } {
  const priced = priceOf(variant, currency, priceId);
  if (!priced) throw validationError([{ field, code: 'no_price', message: `variant ${variant.id} has no price${priceId === undefined ? '' : ` ${priceId}`} in ${currency}` }]);
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
    const { amount: unitAmount } = requirePrice(requireVariant(ctx, input.storeId, item.variantId), input.currency, `items.${index}.variantId`);
    amount = addLine(amount, unitAmount, item.quantity, `items.${index}.quantity`);
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

/** What pays a checkout session: its instrument, who initiates, and how 3DS runs. */
export interface CheckoutPaymentInput {
  checkoutSessionId: string;
  paymentInstrumentId: string;
  initiatedBy: 'customer' | 'merchant';
  /** The instrument's 3DS session: the payment runs 3DS as process does. */
  threedsSessionId?: string | undefined;
  returnUrl?: string | undefined;
}

/**
 * Published `POST /checkout/pay-v2`: pays the session with `paymentInstrumentId` (required here: the sandbox has no
 * saved instrument to choose), customer-initiated unless `initiatedBy: 'merchant'`. With `threedsSessionId` (or
 * `threeDs`, a browser session's payment: its customer is there to act) the payment runs through the flow as process
 * does (3DS challenges, radar checks, declines); without, 3DS is skipped as in {@link completeCheckoutSession}.
 * Answers `{ order, payment, redirectUrl }` (plus the session and subscriptions); the order is `null` until the
 * payment succeeds (then made once, whenever that is: {@link completePaidCheckout}).
 */
export function payCheckout(ctx: SandboxContext, input: OperationInput<'payCheckout'>, origin: string): CheckoutPayment {
  if (input.paymentInstrumentId === undefined) {
    throw validationError([{ field: 'paymentInstrumentId', code: 'required', message: 'is required by the sandbox (it has no saved instrument to choose)' }]);
  }
  const { checkoutSessionId, paymentInstrumentId, threedsSessionId, returnUrl } = input;
  return payCheckoutSession(ctx, { checkoutSessionId, paymentInstrumentId, threedsSessionId, returnUrl, initiatedBy: input.initiatedBy ?? 'customer' }, origin, threedsSessionId !== undefined);
}

/** Pays a checkout session (pay-v2 on either key) → `{ order, payment, redirectUrl }` with the session. */
export function payCheckoutSession(ctx: SandboxContext, input: CheckoutPaymentInput, origin: string, threeDs: boolean): CheckoutPayment {
  const completion = payOpenSession(ctx, input, origin, threeDs);
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
  return payOpenSession(ctx, { checkoutSessionId: id, paymentInstrumentId: input.paymentInstrumentId, initiatedBy: 'customer' }, '', false);
}

/**
 * The session's payment that is not final yet (routing or waiting on its customer), if any: a second payment
 * waits for it (never two charges for one session), and so does a promotion code (`store-checkout.ts`).
 */
export function unsettledPayment(ctx: SandboxContext, session: CheckoutSessionRecord): PaymentRecord | undefined {
  const payment = session.paymentId === undefined ? undefined : payments.of(ctx).get(session.paymentId);
  return payment && (payment.status === 'pending' || payment.status === 'processing') ? payment : undefined;
}

/**
 * What other open checkouts' payments, not final yet, will count when they are approved: the uses of `record` and of
 * its promotion, which a limit leaves room for, and the orders of `customerId`, one of which may be its first
 * (docs/contracts.md, "Promotions and promotion codes").
 */
function heldUses(ctx: SandboxContext, session: CheckoutSessionRecord, record: PromotionCodeRecord, customerId: string): HeldUses {
  const held = { code: 0, promotion: 0, customer: 0 };
  for (const other of checkoutSessions.of(ctx).values()) {
    if (other.id === session.id || other.status !== 'open') continue;
    const paying = unsettledPayment(ctx, other);
    if (!paying) continue;
    if (other.promotionCodeIds?.includes(record.id)) held.code += 1;
    if (other.promotionIds?.includes(record.promotionId)) held.promotion += 1;
    if (paying.customerId === customerId) held.customer += 1;
  }
  return held;
}

/**
 * Pays an open session: the payment, linked to the session before it is routed, so that its approval (at once or
 * later) completes the session ({@link completePaidCheckout}). A session already paid, or with a payment still
 * waiting on its customer, is a 409 `invalid_state` and nothing is charged. Every promotion code applied to it is
 * checked again first: one that no longer applies (its limit reached, counting other checkouts' payments in progress;
 * a first-order code while another checkout of the customer has one; expired; …) is a 409 with its refusal's code, and
 * nothing is charged either.
 */
function payOpenSession(ctx: SandboxContext, input: CheckoutPaymentInput, origin: string, threeDs: boolean): CheckoutCompletion {
  const id = input.checkoutSessionId;
  const session = checkoutSessions.of(ctx).get(id);
  if (!session) throw notFound('checkout session', id);
  if (session.status !== 'open') throw invalidState(`Checkout session ${id} is already completed: read its order (orderId ${session.orderId ?? ''}) instead of paying again`);
  const waiting = unsettledPayment(ctx, session);
  if (waiting) throw invalidState(`Checkout session ${id} has payment ${waiting.id} still ${waiting.status}: finish its action (or poll it) before paying again`);
  const instrument = requireInstrument(ctx, input.paymentInstrumentId);
  const use = { storeId: session.storeId, customerId: session.customerId ?? instrument.customerId };
  requireAppliedCodes(ctx, id, session.promotionCodeIds ?? [], use, (record) => heldUses(ctx, session, record, use.customerId));
  const payment = charge(
    ctx,
    {
      mode: 'purchase',
      amount: session.amount,
      currency: session.currency,
      storeId: session.storeId,
      paymentInstrumentId: instrument.id,
      initiatedBy: input.initiatedBy,
      threedsSessionId: input.threedsSessionId,
    },
    origin,
    {
      threeDs,
      opened: (opened) => {
        session.paymentId = opened.id;
        checkoutPayments.of(ctx).set(opened.id, { id: opened.id, checkoutSessionId: session.id });
      },
    },
  );
  const order = session.orderId === undefined || session.paymentId !== payment.id ? null : (orders.of(ctx).get(session.orderId) ?? null);
  const subscriptionList = order === null ? [] : (session.subscriptionIds ?? []).flatMap((subscriptionId) => subscriptions.of(ctx).get(subscriptionId) ?? []);
  return { checkoutSession: session, payment, order, subscriptions: subscriptionList };
}

/**
 * Completes the checkout session a payment pays, once, when the payment is approved (whenever that is: at once, after
 * its 3DS challenge, after its radar check): an order and, per recurring price, a subscription; the session
 * `completed`; one use of each promotion code applied to it, and of its promotion. Called through `ctx.paymentApproved` by the lifecycle; a payment that pays no session is ignored.
 */
export function completePaidCheckout(ctx: SandboxContext, paymentId: string): void {
  const link = checkoutPayments.of(ctx).get(paymentId);
  const session = link === undefined ? undefined : checkoutSessions.of(ctx).get(link.checkoutSessionId);
  const payment = payments.of(ctx).get(paymentId);
  if (!session || !payment || session.status !== 'open') return;
  const instrument = requireInstrument(ctx, payment.paymentInstrumentId);
  const lines = session.items.map((item) => ({ item, variant: requireVariant(ctx, session.storeId, item.variantId) }));
  const order = createOrder(
    ctx,
    payment,
    lines.map(({ item, variant }, index) => ({
      variantId: item.variantId,
      quantity: item.quantity,
      amount: requirePrice(variant, session.currency, `items.${index}.variantId`, item.priceId).amount * item.quantity,
    })),
    { checkoutSessionId: session.id },
  );
  const started: string[] = [];
  for (const [index, { item, variant }] of lines.entries()) {
    const { amount, price } = requirePrice(variant, session.currency, `items.${index}.variantId`, item.priceId);
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
    started.push(subscription.id);
  }
  session.status = 'completed';
  session.orderId = order.id;
  session.subscriptionIds = started;
  session.updatedAt = ctx.nowIso();
  // Once: a completed session is never completed again (the status check above).
  countPromotionUses(ctx, session.promotionCodeIds ?? []);
}

/** Checkout sessions (init and pay, which read the request, are handlers of `http/operation-handlers.ts`): the operations this module serves. */
export const checkoutOperations = {
  createCheckoutSession,
} satisfies ServedOperations;
