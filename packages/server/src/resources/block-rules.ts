import type { BlockRule, CreateBlockRuleRequest, ListBlockRulesRequest } from '@tessera/core';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Parameters of {@link BlockRules.list}: the published body of `POST /block-rules/list`. */
export type ListBlockRulesParams = ListBlockRulesRequest;

const DEFAULT_PAGE_SIZE = 20;

/** Block rules (published): the service declines a payment that matches an enabled rule. */
export class BlockRules extends Resource<'createBlockRule' | 'listBlockRules'> {
  /**
   * Creates a block rule (`POST /block-rules`): a `name`, at least one criterion (`email`, `emailRegex`, `bin`,
   * `binRegex`, `customerId`, `ipAddress`, `paymentId`, `panRegex`, or the published example's `type` and `value`),
   * joined by `operator` (`OR` by default, `AND` for all of them), and `ttlHours` for a rule that expires. A card
   * number anywhere in the rule (`pan`, another criterion or pattern, `value`, the `name`, a string of `metadata`) is
   * refused before sending, naming the field: block a card by its `bin` (a range of BINs as `value` is sent) or by a
   * `paymentId` it paid. Guaranteed: `id`.
   */
  async create(params: CreateBlockRuleRequest, options?: RequestOptions): Promise<BlockRule> {
    return this.call('createBlockRule', params, options);
  }

  /**
   * Lists block rules (`POST /block-rules/list`; `pagination { page, pageSize }`, default page 1 of 20). Await for one
   * page, or `for await` for every rule of every page.
   */
  list(params: ListBlockRulesParams = {}, options?: RequestOptions): PagePromise<BlockRule> {
    const pageSize = params.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listBlockRules', params.pagination?.page ?? 1, pageSize, (page) => ({ ...params, pagination: { page, pageSize } }), options);
  }
}
