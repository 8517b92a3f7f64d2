import type { CreatePromotionRequest, Promotion, RetrievePromotionRequest, UpdatePromotionRequest } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Promotions of a store (published: create, update, get by id); the codes a customer types are `tessera.promotionCodes`. */
export class Promotions extends Resource<'createPromotion' | 'updatePromotion' | 'retrievePromotion'> {
  /**
   * Creates a promotion (`POST /promotions/create`): `storeId` and `name` required, the other published fields
   * optional. Guaranteed: `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async create(params: CreatePromotionRequest, options?: RequestOptions): Promise<Promotion> {
    return this.call('createPromotion', params, options);
  }

  /**
   * Changes a promotion (`POST /promotions/update { id, data }`): the fields of `data`, the others kept. Guaranteed:
   * `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async update(params: UpdatePromotionRequest, options?: RequestOptions): Promise<Promotion> {
    return this.call('updatePromotion', params, options);
  }

  /**
   * Fetches a promotion of a store (`POST /promotions/getById { id, storeId }`) with its published fields, its
   * `usageCount` included. Guaranteed: `id` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async retrieve(params: RetrievePromotionRequest, options?: RequestOptions): Promise<Promotion> {
    return this.call('retrievePromotion', params, options);
  }
}
