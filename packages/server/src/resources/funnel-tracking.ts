import type { FunnelStepTracked, TrackFunnelStepRequest } from '@tessera/core';
import type { RequestOptions } from '../core/request-options.js';
import { Resource } from './resource.js';

/** Funnel tracking: what visitors do at each step of a funnel. */
export class FunnelTracking extends Resource<'trackFunnelStep'> {
  /**
   * Records an event at a funnel step (`POST /funnel-tracking/step`): `eventType` (`view`, `enter`, `convert`,
   * `custom`), `storeId`, `stepId` and what else is known of the visit. Resolves with the published `{ success,
   * eventType, stepId }`. Guaranteed: `stepId` (a 2xx without it throws `TesseraResponseValidationError`).
   */
  async trackStep(params: TrackFunnelStepRequest, options?: RequestOptions): Promise<FunnelStepTracked> {
    return this.call('trackFunnelStep', params, options);
  }
}
