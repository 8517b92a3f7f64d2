import type { OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { requireCustomer, customers, customerFields } from './customers.js';
import { invalidState, notFound, SandboxHttpError, validationError } from '../errors/http-error.js';
import { requireInstrument, defaultInstrumentOf } from './instruments.js';
import type { PaymentRecord } from './payment-records.js';
import { anyGiven, directionOf, paginationStyle, paginationStyleOf, passes, passesDate, passingValues, sortRecords } from './lists.js';
import { countWalk, groupFor, pageOf, risesWithCreation, walk } from '../state/ordered.js';
import { createOrder } from './orders.js';
import { charge } from './payments.js';
import { processors } from './processors.js';
import { type PriceRecord, type VariantRecord, products, variants } from './products.js';
import { requireStore } from './stores.js';

/** The intervals the sandbox's test clock rebills. */
export type BillingInterval = 'day' | 'week' | 'month' | 'year';

/** A subscription, created by a checkout with a recurring price or by `POST /subscriptions/create`; the test clock rebills it. */
export interface SubscriptionRecord {
  id: string;
  storeId: string;
  customerId: string;
  /** The instrument each period is charged on; `null` for one created without any (its renewals fail: `past_due`). */
  paymentInstrumentId: string | null;
  variantId: string;
  priceId: string;
  quantity: number;
  amount: number;
  currency: string;
  /** The price's interval as given; only a {@link BillingInterval} is rebilled. */
  interval: string;
  intervalCount: number;
  status: 'active' | 'past_due';
  /**
   * When the next renewal is due (ISO time), derived from `createdAt`, the interval and `renewals`; `null` for an
   * interval the sandbox does not bill (never rebilled).
   */
  readonly currentPeriodEnd: string | null;
  /** How many renewals have been billed. */
  renewals: number;
  /** The processor `POST /subscriptions/change-processor` set (recorded and answered; the store's flow still routes). */
  preferredProcessorId?: string | null;
  /** The published `metadata`: `source` (`api` or `checkout`) and what create was given. */
  metadata?: Record<string, unknown>;
  createdAt: string;
  /** When it last changed; its `createdAt` until then. */
  updatedAt?: string;
}

/** Subscriptions by id. */
export const subscriptions = byId<SubscriptionRecord>()('subscriptions');

/**
 * Adds `count` intervals to a time, in UTC calendar terms. Months and years keep the day of the month, clamped to
 * the target month's last day: Jan 31 + 1 month is Feb 28 (29 in a leap year), + 2 months is Mar 31.
 */
export function addInterval(fromMs: number, interval: BillingInterval, count: number): number {
  const date = new Date(fromMs);
  if (interval === 'day' || interval === 'week') {
    date.setUTCDate(date.getUTCDate() + (interval === 'week' ? 7 * count : count));
    return date.getTime();
  }
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + (interval === 'year' ? 12 * count : count));
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** True for the intervals the test clock rebills; a subscription on any other interval is stored but not rebilled. */
export function isBillingInterval(interval: string): interval is BillingInterval {
  return interval === 'day' || interval === 'week' || interval === 'month' || interval === 'year';
}

/**
 * End of the current period: the start plus `renewals + 1` periods, counted from the start rather than from the last
 * period end, so a clamped month end does not drift (Jan 31 → Feb 28 → Mar 31, not Mar 28). `null` for an interval
 * the test clock does not bill.
 */
function periodEnd(subscription: SubscriptionRecord): string | null {
  const { interval } = subscription;
  if (!isBillingInterval(interval)) return null;
  return new Date(addInterval(Date.parse(subscription.createdAt), interval, subscription.intervalCount * (subscription.renewals + 1))).toISOString();
}

/**
 * Gives every subscription read back from the data file its derived `currentPeriodEnd` again: the file holds the
 * value it had when written (JSON keeps a getter's value, not the getter), which would never move on, so the first
 * advance after a restart billed the same period until {@link MAX_RENEWALS_PER_ADVANCE}. Reads without noting a read.
 */
export function deriveLoadedPeriodEnds(ctx: SandboxContext): void {
  const all = subscriptions.of(ctx);
  for (const id of all.order) {
    const subscription = all.peek(id);
    if (subscription === undefined || Object.getOwnPropertyDescriptor(subscription, 'currentPeriodEnd')?.get !== undefined) continue;
    Object.defineProperty(subscription, 'currentPeriodEnd', { get: () => periodEnd(subscription), enumerable: true, configurable: true });
  }
}

/** The facts a new subscription starts from; its id, status, period end and renewal count are set here. */
export type SubscriptionStart = Omit<SubscriptionRecord, 'id' | 'status' | 'currentPeriodEnd' | 'renewals' | 'createdAt'>;

/**
 * Creates an active subscription starting now (its first period is paid) and fires `subscription/created`. Every
 * subscription event's `data` is the subscription as the published create answer shows it ({@link subscriptionFields}).
 */
export function startSubscription(ctx: SandboxContext, start: SubscriptionStart): SubscriptionRecord {
  const subscription: SubscriptionRecord = {
    id: ctx.nextId('sub'),
    ...start,
    status: 'active',
    get currentPeriodEnd() {
      return periodEnd(subscription);
    },
    renewals: 0,
    createdAt: ctx.nowIso(start.customerId),
  };
  subscriptions.of(ctx).set(subscription.id, subscription);
  ctx.webhooks.emit('subscription/created', subscription.storeId, subscriptionFields(subscription));
  return subscription;
}

/** Upper bound of renewals billed by one clock move, so a huge jump cannot loop for long. */
export const MAX_RENEWALS_PER_ADVANCE = 10_000;

/**
 * Charges one period of `subscription` on its instrument, as a merchant-initiated recurring purchase (3DS skipped),
 * or `undefined` when it could not be tried (no instrument, or the store's flow can no longer take payments).
 */
function chargePeriod(ctx: SandboxContext, subscription: SubscriptionRecord): PaymentRecord | undefined {
  if (subscription.paymentInstrumentId === null) return undefined;
  try {
    return charge(
      ctx,
      {
        mode: 'purchase',
        amount: subscription.amount,
        currency: subscription.currency,
        storeId: subscription.storeId,
        paymentInstrumentId: subscription.paymentInstrumentId,
        initiatedBy: 'merchant',
        reasonType: 'recurring',
        subscriptionId: subscription.id,
      },
      '',
      { threeDs: false },
    );
  } catch (error) {
    if (!(error instanceof SandboxHttpError)) throw error;
    return undefined;
  }
}

/**
 * Bills the next period of `subscription` now: on success the period moves on (`renewals` + 1), the subscription is
 * `active`, an order is recorded and `subscription/renewed` fires; otherwise it is `past_due` and
 * `subscription/past_due` fires. Returns the payment, when one was tried.
 */
export function renewSubscription(ctx: SandboxContext, subscription: SubscriptionRecord): { succeeded: boolean; payment: PaymentRecord | undefined } {
  const payment = chargePeriod(ctx, subscription);
  subscription.updatedAt = ctx.nowIso(subscription.customerId);
  if (payment?.status !== 'succeeded') {
    subscription.status = 'past_due';
    ctx.webhooks.emit('subscription/past_due', subscription.storeId, subscriptionFields(subscription));
    return { succeeded: false, payment };
  }
  subscription.renewals++;
  subscription.status = 'active';
  createOrder(ctx, payment, [{ variantId: subscription.variantId, quantity: subscription.quantity, amount: subscription.amount }], { subscriptionId: subscription.id });
  ctx.webhooks.emit('subscription/renewed', subscription.storeId, subscriptionFields(subscription));
  return { succeeded: true, payment };
}

/**
 * Bills every active subscription whose period ended by `nowMs`, as merchant-initiated recurring purchases, one
 * per elapsed period, among the subscriptions on the clock that moved: the customers of the test clock `testClockId`,
 * or (without one) those on the sandbox's clock. A renewal that does not succeed marks the subscription `past_due`
 * and stops its billing.
 */
export function rebillDueSubscriptions(ctx: SandboxContext, nowMs: number, testClockId?: string): void {
  let budget = MAX_RENEWALS_PER_ADVANCE;
  const allCustomers = customers.of(ctx);
  for (const subscription of subscriptions.of(ctx).values()) {
    const { interval } = subscription;
    if (!isBillingInterval(interval)) continue;
    if (allCustomers.peek(subscription.customerId)?.testClockId !== testClockId) continue;
    while (budget-- > 0 && subscription.status === 'active' && subscription.currentPeriodEnd !== null && Date.parse(subscription.currentPeriodEnd) <= nowMs) {
      if (!renewSubscription(ctx, subscription).succeeded) break;
    }
  }
}

/** The subscription, or a 404. */
export function requireSubscription(ctx: SandboxContext, id: string): SubscriptionRecord {
  const subscription = subscriptions.of(ctx).get(id);
  if (!subscription) throw notFound('subscription', id);
  return subscription;
}

/** Start of the current period: the start plus `renewals` periods; `null` for an interval the test clock does not bill. */
function periodStart(subscription: SubscriptionRecord): string | null {
  const { interval } = subscription;
  if (!isBillingInterval(interval)) return null;
  return new Date(addInterval(Date.parse(subscription.createdAt), interval, subscription.intervalCount * subscription.renewals)).toISOString();
}

/**
 * A subscription as the published create answer shows it (`id, customerId, priceId, storeId, status, quantity,
 * currency, createdAt, currentPeriodStart, currentPeriodEnd, nextBillingDate, cancelAtPeriodEnd, metadata`), with
 * the sandbox's `updatedAt`, `preferredProcessorId`, `paymentInstrumentId`, `variantId`, `amount`, `interval`,
 * `intervalCount` and `renewals`. `nextBillingDate` is the period's end while the subscription is `active`.
 */
export function subscriptionFields(subscription: SubscriptionRecord): Record<string, unknown> {
  const { id, customerId, priceId, storeId, status, quantity, currency, createdAt, currentPeriodEnd, paymentInstrumentId, variantId, amount, interval, intervalCount, renewals } = subscription;
  return {
    id,
    customerId,
    priceId,
    storeId,
    status,
    quantity,
    currency,
    createdAt,
    updatedAt: subscription.updatedAt ?? createdAt,
    currentPeriodStart: periodStart(subscription),
    currentPeriodEnd,
    nextBillingDate: status === 'active' ? currentPeriodEnd : null,
    cancelAtPeriodEnd: false,
    metadata: { ...subscription.metadata },
    preferredProcessorId: subscription.preferredProcessorId ?? null,
    paymentInstrumentId,
    variantId,
    amount,
    interval,
    intervalCount,
    renewals,
  };
}

/** A price of a store's products with its variant, or a 404. */
function requirePrice(ctx: SandboxContext, storeId: string, priceId: string): { variant: VariantRecord; price: PriceRecord } {
  for (const variant of variants.of(ctx).values()) {
    const price = variant.prices.find((candidate) => candidate.id === priceId);
    if (price && products.of(ctx).get(variant.productId)?.storeId === storeId) return { variant, price };
  }
  throw notFound('price', priceId);
}

/**
 * `POST /subscriptions/create` → `{ subscription }` (published), plus `payment` when the first period was charged.
 * The price is one of the store's (404 otherwise), recurring, with an amount in `currency` (400 otherwise). The
 * instrument is `defaultPaymentInstrumentId` (the customer's) or the customer's default instrument, or none.
 * `initiatePayment: true` charges the first period now on it (merchant-initiated, recurring; 400 when the customer
 * has none): a charge that does not succeed leaves the subscription `past_due`. Without it (the published default)
 * the first period is not charged here (a checkout, say, already took it) and the test clock bills the next ones.
 * `metadata` is the given one with `source: 'api'` (the published answer shows it for a request without metadata).
 */
export function createSubscription(ctx: SandboxContext, input: OperationInput<'createSubscription'>): { subscription: Record<string, unknown>; payment?: PaymentRecord } {
  requireStore(ctx, input.storeId);
  const customer = requireCustomer(ctx, input.customerId);
  if (customer.storeId !== input.storeId) throw validationError([{ field: 'customerId', code: 'store_mismatch', message: 'is a customer of another store' }]);
  const { variant, price } = requirePrice(ctx, input.storeId, input.priceId);
  if (!price.recurring) throw validationError([{ field: 'priceId', code: 'not_recurring', message: 'is not a recurring price' }]);
  const option = price.currencyOptions[input.currency];
  if (!option) throw validationError([{ field: 'currency', code: 'no_price', message: `price ${price.id} has no amount in ${input.currency}` }]);
  let instrument = defaultInstrumentOf(ctx, customer.id);
  if (input.defaultPaymentInstrumentId !== undefined) {
    instrument = requireInstrument(ctx, input.defaultPaymentInstrumentId);
    if (instrument.customerId !== customer.id) {
      throw validationError([{ field: 'defaultPaymentInstrumentId', code: 'instrument_mismatch', message: 'is not an instrument of the customer' }]);
    }
  }
  if (input.initiatePayment === true && !instrument) {
    throw validationError([{ field: 'defaultPaymentInstrumentId', code: 'required', message: 'is required to initiate a payment: the customer has no payment instrument' }]);
  }
  const quantity = input.quantity ?? 1;
  const subscription = startSubscription(ctx, {
    storeId: input.storeId,
    customerId: customer.id,
    paymentInstrumentId: instrument?.id ?? null,
    variantId: variant.id,
    priceId: price.id,
    quantity,
    amount: option.amount * quantity,
    currency: input.currency,
    interval: price.interval ?? 'month',
    intervalCount: price.intervalCount ?? 1,
    metadata: { source: 'api', ...input.metadata },
  });
  if (input.initiatePayment !== true) return { subscription: subscriptionFields(subscription) };
  const payment = chargePeriod(ctx, subscription);
  if (payment?.status === 'succeeded') {
    createOrder(ctx, payment, [{ variantId: subscription.variantId, quantity, amount: subscription.amount }], { subscriptionId: subscription.id });
  } else {
    subscription.status = 'past_due';
    ctx.webhooks.emit('subscription/past_due', subscription.storeId, subscriptionFields(subscription));
  }
  return { subscription: subscriptionFields(subscription), ...(payment ? { payment } : {}) };
}

/**
 * `GET /subscriptions/{subscriptionId}` → `{ subscription }` (published): its fields with `customer { id, email,
 * firstName, lastName }`, `product { id, name }` and `price { id, recurring, interval, intervalCount,
 * currencyOptions }`.
 */
export function retrieveSubscription(ctx: SandboxContext, id: string): { subscription: Record<string, unknown> } {
  const subscription = requireSubscription(ctx, id);
  const customer = customers.of(ctx).get(subscription.customerId);
  const variant = variants.of(ctx).get(subscription.variantId);
  const product = variant ? products.of(ctx).get(variant.productId) : undefined;
  const price = variant?.prices.find((candidate) => candidate.id === subscription.priceId);
  return {
    subscription: {
      ...subscriptionFields(subscription),
      customer: customer ? customerFields(customer) : { id: subscription.customerId },
      product: { id: product?.id ?? null, name: product?.name ?? null },
      price: {
        id: subscription.priceId,
        recurring: price?.recurring ?? true,
        interval: subscription.interval,
        intervalCount: subscription.intervalCount,
        currencyOptions: Object.fromEntries(Object.entries(price?.currencyOptions ?? {}).map(([code, option]) => [code, { amount: option.amount }])),
      },
    },
  };
}

/** The list item of a subscription, as published: `customer` is the customer's name (a string). */
function listedSubscription(ctx: SandboxContext, subscription: SubscriptionRecord): Record<string, unknown> {
  const { subscription: details } = retrieveSubscription(ctx, subscription.id);
  const customer = customers.of(ctx).get(subscription.customerId);
  const name = [customer?.firstName, customer?.lastName].filter((part) => part !== undefined && part !== '').join(' ');
  const price = details.price as { currencyOptions: unknown };
  return {
    ...subscriptionFields(subscription),
    customer: name === '' ? null : name,
    customerEmail: customer?.email ?? null,
    priceCurrencyOptions: price.currencyOptions,
    priceInterval: subscription.interval,
    priceIntervalCount: subscription.intervalCount,
  };
}

const subscriptionSortKeys: Record<string, (listed: Record<string, unknown>) => string | number | null> = {
  'customers.email': (listed) => listed.customerEmail as string | null,
  'customers.fullName': (listed) => listed.customer as string | null,
  'subscriptions.status': (listed) => listed.status as string,
  'subscriptions.price': (listed) => listed.amount as number,
  'subscriptions.createdAt': (listed) => listed.createdAt as string,
  'subscriptions.billing_period': (listed) => `${String(listed.interval)}:${String(listed.intervalCount).padStart(6, '0')}`,
  'subscriptions.nextBillingDate': (listed) => listed.nextBillingDate as string | null,
  'subscriptions.processorName': (listed) => listed.preferredProcessorId as string | null,
};

/**
 * `POST /subscriptions/list` → `{ items, pagination: { hasNext, totalItems, nextPage, previousPage } }`
 * (published), sorted by `sort` (default `subscriptions.createdAt`) and `sort_order` (default `desc`). Filters (not
 * published; typed by core's catalog): `storeIds`, `customerId`, `status`, `currency`, `date` (on `createdAt`).
 */
export function listSubscriptions(ctx: SandboxContext, input: OperationInput<'listSubscriptions'>) {
  const filters = input.filters ?? {};
  const all = subscriptions.of(ctx);
  const listable = (subscription: SubscriptionRecord): boolean =>
    passes(filters.storeIds, subscription.storeId) &&
    passes(filters.customerId, subscription.customerId) &&
    passes(filters.status, subscription.status) &&
    passes(filters.currency, subscription.currency) &&
    passesDate(filters.date, subscription.createdAt);
  const sort = input.sort !== undefined && Object.hasOwn(subscriptionSortKeys, input.sort) ? input.sort : 'subscriptions.createdAt';
  const direction = directionOf(input.sort_order);
  const page = input.page ?? 1;
  const perPage = input.per_page ?? 20;
  if (sort === 'subscriptions.createdAt' && risesWithCreation(all, 'createdAt')) {
    // Sorted on creation: the creation order read from either end, within the customer's (or store's) subscriptions
    // (an index); a status filter is applied while walking and counted in one pass. A page costs its size.
    const customerIds = passingValues(filters.customerId);
    const group = customerIds === undefined ? groupFor(all, 'storeId', passingValues(filters.storeIds)) : groupFor(all, 'customerId', customerIds);
    const rest = anyGiven(filters.status, filters.currency, filters.date) || (customerIds !== undefined && passingValues(filters.storeIds) !== undefined);
    const matches = group.several || rest ? listable : undefined;
    const scope = { positions: group.positions, matches, from: direction === 'desc' ? ('newest' as const) : ('oldest' as const) };
    const total = matches === undefined ? group.total! : countWalk(all, scope);
    const onPage = pageOf(walk(all, scope), (page - 1) * perPage, perPage).map((subscription) => listedSubscription(ctx, subscription));
    return paginationStyleOf(onPage, total, page, perPage);
  }
  const listed = [...all.values()].filter(listable).map((subscription) => listedSubscription(ctx, subscription));
  return paginationStyle(sortRecords(listed, subscriptionSortKeys[sort]!, direction), page, perPage);
}

/**
 * `POST /subscriptions/rebill` → as published, `{ success, message }`, with the `subscription` and the period's
 * `payment`: charges the next period now (see {@link renewSubscription}); a `past_due` subscription is charged
 * its overdue period and is `active` again when it succeeds. `success: false` when the charge did not succeed.
 */
export function rebillSubscription(ctx: SandboxContext, input: OperationInput<'rebillSubscription'>): Record<string, unknown> {
  const subscription = requireSubscription(ctx, input.subscriptionId);
  const { succeeded, payment } = renewSubscription(ctx, subscription);
  return {
    success: succeeded,
    message: succeeded ? 'Subscription rebilled successfully' : `Subscription rebill failed: the payment ${payment ? `was ${payment.status}` : 'could not be made'}`,
    subscription: subscriptionFields(subscription),
    ...(payment ? { payment } : {}),
  };
}

/**
 * `POST /subscriptions/change-processor` → as published, `{ subscription: { id, preferredProcessorId, updatedAt }
 * }` (with its other fields). The processor must exist (404) and not be archived (409); without `processorId` the
 * preference is cleared. Recorded only: the store's flow still routes every period.
 */
export function changeSubscriptionProcessor(ctx: SandboxContext, input: OperationInput<'changeSubscriptionProcessor'>): { subscription: Record<string, unknown> } {
  const subscription = requireSubscription(ctx, input.subscriptionId);
  if (input.processorId !== undefined) {
    const processor = processors.of(ctx).get(input.processorId);
    if (!processor) throw notFound('processor', input.processorId);
    if (processor.archived) throw invalidState(`Processor ${input.processorId} is archived`);
  }
  subscription.preferredProcessorId = input.processorId ?? null;
  subscription.updatedAt = ctx.nowIso(subscription.customerId);
  return { subscription: subscriptionFields(subscription) };
}

/** Subscriptions: the operations this module serves. */
export const subscriptionOperations = {
  createSubscription,
  listSubscriptions,
  retrieveSubscription,
  rebillSubscription,
  changeSubscriptionProcessor,
} satisfies ServedOperations;
