import type { CreatePromotionCodeRequest, ListPromotionCodesRequest, PromotionCode, UpdatePromotionCodeRequest } from '@tessera/core';
import type { PagePromise } from '../core/page.js';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Parameters of {@link PromotionCodes.list}: the published body of `POST /promotion-codes/list`. */
export type ListPromotionCodesParams = ListPromotionCodesRequest;

/** The published default of `limit`. */
const DEFAULT_PAGE_SIZE = 20;

/** Promotion codes, the codes a customer types to apply a promotion (published: create, list, update). */
export class PromotionCodes extends Resource<'createPromotionCode' | 'listPromotionCodes' | 'updatePromotionCode'> {
  /**
   * Creates a code of an existing promotion (`POST /promotion-codes/create`): `code` and `promotionId` required;
   * `customerId`, `usageLimit`, `expiresAt`, `firstTimeCustomersOnly` restrict who may use it and how often.
   * Guaranteed: `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async create(params: CreatePromotionCodeRequest, options?: RequestOptions): Promise<PromotionCode> {
    return this.call('createPromotionCode', params, options);
  }

  /**
   * Lists promotion codes (`POST /promotion-codes/list`; filters `promotionId`, `storeId`, `code`, `customerId`,
   * `includeInactive`; `page` from 1, `limit` default 20). Await for one page, or `for await` for every code of
   * every page (the published `pagination.totalPages` says when to stop).
   */
  list(params: ListPromotionCodesParams = {}, options?: RequestOptions): PagePromise<PromotionCode> {
    const limit = params.limit ?? DEFAULT_PAGE_SIZE;
    return this.paginate('listPromotionCodes', params.page ?? 1, limit, (page) => ({ ...params, page, limit }), options);
  }

  /**
   * Changes a promotion code (`POST /promotion-codes/update { id, data }`): the fields of `data` (`active: false`
   * withdraws it), the others kept. Guaranteed: `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async update(params: UpdatePromotionCodeRequest, options?: RequestOptions): Promise<PromotionCode> {
    return this.call('updatePromotionCode', params, options);
  }
}
