import type { SandboxContext } from './context.js';
import { invalidState, notFound } from '../errors/http-error.js';
import type { PaymentAttempt } from './payment-records.js';
import { type FlowProcessorConfig, type PaymentFlowRecord, paymentFlows } from './payment-flows.js';
import { type ProcessorRecord, processors } from './processors.js';
import type { TestCardOutcome } from './test-cards.js';

/** What the flow decided for one payment. */
export interface RoutingResult {
  outcome: PaymentAttempt['outcome'];
  processorId: string | null;
  attempts: PaymentAttempt[];
}

/** The flow a payment uses: the one forced by `paymentFlowId`, else the store's; `null` when the store has none. */
export function resolveFlow(ctx: SandboxContext, storeFlowId: string | null, paymentFlowId: string | undefined): PaymentFlowRecord | null {
  const id = paymentFlowId ?? storeFlowId;
  if (id === null) return null;
  const flow = paymentFlows.of(ctx).get(id);
  if (!flow) throw notFound('payment flow', id);
  return flow;
}

/**
 * The processor of highest weight (the first of them on a tie, as a stable sort by weight would give), a weight read
 * from the last config naming the processor; `undefined` when there is none. The weights are looked up only when
 * there is a choice (one usable processor: most flows).
 */
function heaviest(found: ProcessorRecord[], configs: FlowProcessorConfig[]): ProcessorRecord | undefined {
  if (found.length < 2) return found[0];
  const weights = new Map(configs.map((config) => [config.processorId, config.weight]));
  const weightOf = (processor: ProcessorRecord): number => weights.get(processor.id) ?? 0;
  return found.reduce((best, processor) => (weightOf(processor) > weightOf(best) ? processor : best));
}

function usable(ctx: SandboxContext, configs: FlowProcessorConfig[], currency: string): ProcessorRecord[] {
  const found: ProcessorRecord[] = [];
  for (const config of configs) {
    const processor = processors.of(ctx).get(config.processorId);
    if (!config.disabled && processor && processor.enabled && !processor.archived && processor.supportedCurrencies.includes(currency)) {
      found.push(processor);
    }
  }
  return found;
}

// The primary is the usable processor with the highest weight (first on a tie): deterministic, unlike a weighted draw.
function candidates(ctx: SandboxContext, flow: PaymentFlowRecord, currency: string): ProcessorRecord[] {
  const primary = heaviest(usable(ctx, flow.processorConfigs, currency), flow.processorConfigs);
  if (!primary) throw invalidState(`Payment flow ${flow.id} has no enabled processor for ${currency}`);
  if (!flow.fallbackMode) return [primary];
  const fallbacks = usable(ctx, flow.fallbackProcessorConfigs, currency).filter((processor) => processor.id !== primary.id);
  return [primary, ...(flow.maxFallbackRetries > 0 ? fallbacks.slice(0, flow.maxFallbackRetries) : fallbacks)];
}

function attempt(processor: ProcessorRecord | null, card: TestCardOutcome, challengeAllowed: boolean): PaymentAttempt['outcome'] {
  // The issuer refuses the card whichever processor asks, so even an approve-everything processor declines it.
  if (card === 'issuer_decline') return 'declined';
  // Section 3.4: a sandbox processor approves everything and skips 3DS.
  if (processor === null || processor.type === 'sandbox') return 'approved';
  switch (card) {
    case 'approve':
      return 'approved';
    case 'decline':
      return 'declined';
    case 'fail':
      return 'failed';
    case 'challenge':
    case 'redirect':
    case 'processor_auth':
    case 'airwallex_radar':
    case 'stripe_radar':
    case 'airwallex_radar_then_challenge':
      // Only a customer can act: a merchant-initiated payment (or one without 3DS) is approved.
      return challengeAllowed ? card : 'approved';
  }
}

/**
 * Runs a payment through the flow: the primary processor, then, on a decline and with `fallbackMode`, each fallback
 * processor in turn (not after an issuer decline: every processor would get the same answer). A store without a flow
 * behaves as if on a sandbox processor. Decides only: the caller applies
 * the attempts to the payment, a `cascade` transition per decline that a fallback followed, then the last outcome's.
 */
export function routePayment(
  ctx: SandboxContext,
  flow: PaymentFlowRecord | null,
  currency: string,
  card: TestCardOutcome,
  options: { threeDs: boolean },
): RoutingResult {
  if (flow === null) {
    const outcome = attempt(null, card, false);
    return { outcome, processorId: null, attempts: [{ processorId: 'sandbox', processorType: 'sandbox', outcome }] };
  }
  const attempts: PaymentAttempt[] = [];
  for (const processor of candidates(ctx, flow, currency)) {
    const outcome = attempt(processor, card, options.threeDs && flow.threeDsEnabled);
    attempts.push({ processorId: processor.id, processorType: processor.type, outcome });
    if (outcome !== 'declined' || card === 'issuer_decline') return { outcome, processorId: processor.id, attempts };
  }
  const last = attempts[attempts.length - 1];
  return { outcome: 'declined', processorId: last?.processorId ?? null, attempts };
}
