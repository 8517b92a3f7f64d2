import type {
  ChangeSubscriptionProcessorRequest,
  CreateSubscriptionRequest,
  ListedSubscription,
  ListSubscriptionsRequest,
  Payment,
  RebillSubscriptionRequest,
  Subscription,
} from '@tessera/core';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';
import type { Recognised } from './response-body.js';

/**
 * The answer of `subscriptions.create`, which may charge the first period (`initiatePayment`): any 2xx is returned,
 * never thrown. `subscription` when the body has one with an `id` (published: `{ subscription }`), `payment` when
 * the body names the first period's payment (the sandbox does), `raw` the body as sent.
 */
export type SubscriptionOutcome = Recognised<'subscription', Subscription> & {
  /** The first period's payment, when the body has one. */
  readonly payment: Payment | undefined;
};

/**
 * The answer of `subscriptions.rebill`, which charges a period now: any 2xx is returned, never thrown. Published:
 * `{ success, message }`; `subscription` and `payment` when the body has them (the sandbox's does).
 */
export type RebillOutcome = Recognised<'subscription', Subscription> & {
  /** The published `success`: false when the charge did not succeed (the sandbox then marks the subscription `past_due`). */
  readonly success: boolean | undefined;
  /** The published `message`. */
  readonly message: string | undefined;
  /** The payment of the period, when the body has one. */
  readonly payment: Payment | undefined;
};

/** Parameters of {@link Subscriptions.list}: the published body of `POST /subscriptions/list`. */
export type ListSubscriptionsParams = ListSubscriptionsRequest;

/** The published default of `per_page`. */
const DEFAULT_PAGE_SIZE = 20;

/** Subscriptions: a customer's recurring price, billed each period (the published subscription operations). */
export class Subscriptions extends Resource<
  | 'createSubscription'
  | 'listSubscriptions'
  | 'retrieveSubscription'
  | 'rebillSubscription'
  | 'changeSubscriptionProcessor'
> {
  /**
   * Creates a subscription of a customer to a recurring price (`customerId`, `priceId`, `storeId`, `currency`;
   * `initiatePayment: true` charges the first period now). Any 2xx is returned: see {@link SubscriptionOutcome}.
   */
  async create(params: CreateSubscriptionRequest, options?: RequestOptions): Promise<SubscriptionOutcome> {
    return this.call('createSubscription', params, options);
  }

  /**
   * Lists subscriptions (`POST /subscriptions/list`; `per_page` 1–1000, default 20; `sort`, `sort_order`,
   * `filters`). Await for one page, or `for await` for every subscription of every page (the published
   * `pagination.hasNext` says when to stop). Items are the published list items (`customer` is the customer's name).
   */
  list(params: ListSubscriptionsParams = {}, options?: RequestOptions): PagePromise<ListedSubscription> {
    const perPage = params.per_page ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listSubscriptions', params.page ?? 1, perPage, (page) => ({ ...params, page, per_page: perPage }), options);
  }

  /**
   * Fetches a subscription (`GET /subscriptions/{subscriptionId}`, answered `{ subscription }` with its `customer`,
   * `product` and `price`, as published). Guaranteed: `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async retrieve(id: string, options?: RequestOptions): Promise<Subscription> {
    return this.call('retrieveSubscription', { id }, options);
  }

  /** Charges the subscription's next period now (merchant-initiated, recurring). Any 2xx is returned: see {@link RebillOutcome}. */
  async rebill(params: RebillSubscriptionRequest, options?: RequestOptions): Promise<RebillOutcome> {
    return this.call('rebillSubscription', params, options);
  }

  /**
   * Sets the processor later periods are charged on (`processorId`; without it, the store's flow decides again).
   * Answered `{ subscription: { id, preferredProcessorId, updatedAt } }`, as published; guaranteed: `id`.
   */
  async changeProcessor(params: ChangeSubscriptionProcessorRequest, options?: RequestOptions): Promise<Subscription> {
    return this.call('changeSubscriptionProcessor', params, options);
  }
}
