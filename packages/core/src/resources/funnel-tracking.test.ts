import { describe, expect, it } from 'vitest';
import { parseOrThrow } from '../errors/validation.js';
import { trackFunnelStepRequest } from './funnel-tracking.js';

// The tracked step's numbers as the published page types them (https://docs.tagadapay.com/api-reference/funnel-tracking/track-funnel-step-event):
// "number" each; docs/contracts.md, "Funnels", says which are whole.

const step = { eventType: 'view', storeId: 'store_1', stepId: 'step_checkout' } as const;

describe('the numbers of a tracked step', () => {
  it('sends a session duration measured with performance.now(), which has a fraction', () => {
    expect(parseOrThrow(trackFunnelStepRequest, { ...step, sessionDurationMs: 15234.7 })).toMatchObject({ sessionDurationMs: 15234.7 });
  });

  it('refuses a negative duration, and an index or a count that is not whole, naming each', () => {
    expect(() => parseOrThrow(trackFunnelStepRequest, { ...step, sessionDurationMs: -1, stepIndex: 1.5, totalStepsVisited: 2.5 })).toThrow(
      expect.objectContaining({ fields: ['stepIndex', 'totalStepsVisited', 'sessionDurationMs'].map((field) => expect.objectContaining({ field })) }),
    );
  });
});
