import { blockRuleCriteria, type OperationInput } from '@tessera/core/internal';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { SandboxHttpError } from '../errors/http-error.js';
import { customers } from './customers.js';
import { instruments, type InstrumentRecord } from './instruments.js';
import { payments } from './payment-records.js';
import { pageStyle, sortRecords } from './lists.js';

/** A criterion a rule matches a payment on: core's, but `pan`, which no request may carry. */
type Criterion = Exclude<(typeof blockRuleCriteria)[number], 'pan'>;
const CRITERIA = blockRuleCriteria.filter((key): key is Criterion => key !== 'pan');

/** A block rule as the sandbox keeps it: the published fields, with when it stops applying. */
export interface BlockRuleRecord {
  id: string;
  name: string;
  operator: 'OR' | 'AND';
  ipAddress: string | null;
  customerId: string | null;
  email: string | null;
  emailRegex: string | null;
  panRegex: string | null;
  bin: string | null;
  binRegex: string | null;
  paymentId: string | null;
  /** The published example's form: a rule type (`country`, `email`, `bin`, `ipAddress`, `customerId`) and its values. */
  type: string | null;
  value: string | string[] | null;
  enabled: boolean;
  autoCreated: boolean;
  isPermanent: boolean;
  ttlHours: number | null;
  /** When a rule with `ttlHours` (and not `isPermanent`) stops applying; `null` for never. */
  expiresAt: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
}

/** Block rules by id. */
export const blockRules = byId<BlockRuleRecord>()('blockRules');

/** What the sandbox knows of a payment being made, for the rules to match. */
export interface PaymentFacts {
  instrument: InstrumentRecord;
  /** The payment's `metadata.ipAddress`: no published request carries the customer's IP otherwise. */
  ipAddress: string | undefined;
}

/** The rule types of the published example's form the sandbox matches, each on the fact of the same meaning. */
const TYPES: Readonly<Record<string, (facts: Facts) => string | undefined>> = {
  email: (facts) => facts.email,
  bin: (facts) => facts.bin,
  ipAddress: (facts) => facts.ipAddress,
  ip: (facts) => facts.ipAddress,
  customerId: (facts) => facts.customerId,
  customer: (facts) => facts.customerId,
  country: (facts) => facts.country,
};

/** A payment's facts as strings. */
interface Facts {
  customerId: string;
  email: string | undefined;
  bin: string | undefined;
  ipAddress: string | undefined;
  country: string | undefined;
  /** The card, as {@link cardKey} names it; `undefined` when the sandbox does not know its BIN. */
  card: string | undefined;
}

/** A card as the sandbox can tell it apart without its number: BIN, last 4 and expiry. */
function cardKey(instrument: InstrumentRecord): string | undefined {
  const { last4, expMonth, expYear } = instrument.card;
  return instrument.bin === undefined || last4 === undefined ? undefined : `${instrument.bin}…${last4} ${expMonth}/${expYear}`;
}

/** Whether the rule's `criterion` matches; `undefined` when the rule does not name it. */
function matches(ctx: SandboxContext, rule: BlockRuleRecord, criterion: Criterion, facts: Facts): boolean | undefined {
  const wanted = rule[criterion];
  if (wanted === null) return undefined;
  switch (criterion) {
    case 'ipAddress':
      return facts.ipAddress === wanted;
    case 'customerId':
      return facts.customerId === wanted;
    case 'email':
      return facts.email?.toLowerCase() === wanted.toLowerCase();
    case 'emailRegex':
      return facts.email !== undefined && new RegExp(wanted, 'i').test(facts.email);
    case 'bin':
      return facts.bin !== undefined && (facts.bin.startsWith(wanted) || wanted.startsWith(facts.bin));
    case 'binRegex':
      return facts.bin !== undefined && new RegExp(wanted).test(facts.bin);
    case 'paymentId': {
      // The card of that payment: a rule made from a fraudulent payment blocks the card that made it, whichever
      // instrument it comes in (a page tokenizes the card again for each payment): the same BIN, last 4 and expiry.
      const paid = payments.of(ctx).get(wanted);
      const card = paid === undefined ? undefined : instruments.of(ctx).get(paid.paymentInstrumentId);
      return card !== undefined && facts.card !== undefined && cardKey(card) === facts.card;
    }
    case 'panRegex':
      // Refused when the rule is created: the sandbox keeps no card number to match it on.
      return false;
  }
}

/** The names of the rule's criteria a payment's facts match, or `undefined` when the rule does not block it. */
function matchedBy(ctx: SandboxContext, rule: BlockRuleRecord, facts: Facts, now: string): string[] | undefined {
  if (!rule.enabled || (rule.expiresAt !== null && rule.expiresAt <= now)) return undefined;
  const results: Array<[string, boolean]> = [];
  for (const criterion of CRITERIA) {
    const result = matches(ctx, rule, criterion, facts);
    if (result !== undefined) results.push([criterion, result]);
  }
  if (rule.type !== null && rule.value !== null) {
    const fact = TYPES[rule.type]?.(facts);
    const values = Array.isArray(rule.value) ? rule.value : [rule.value];
    results.push([rule.type, fact !== undefined && values.some((value) => value.toLowerCase() === fact.toLowerCase())]);
  }
  if (results.length === 0) return undefined;
  const hit = rule.operator === 'AND' ? results.every(([, result]) => result) : results.some(([, result]) => result);
  return hit ? results.filter(([, result]) => result).map(([name]) => name) : undefined;
}

/** The first enabled, unexpired rule (oldest first) that blocks a payment with these facts, and what it matched. */
export function blockingRule(ctx: SandboxContext, payment: PaymentFacts): { rule: BlockRuleRecord; matched: string[] } | undefined {
  const { instrument } = payment;
  const customer = customers.of(ctx).get(instrument.customerId) as ({ email?: string; address?: { country?: string } } & object) | undefined;
  const facts: Facts = {
    customerId: instrument.customerId,
    email: customer?.email,
    bin: instrument.bin,
    ipAddress: payment.ipAddress,
    country: customer?.address?.country,
    card: cardKey(instrument),
  };
  const now = ctx.nowIso(instrument.customerId);
  for (const rule of blockRules.of(ctx).values()) {
    const matched = matchedBy(ctx, rule, facts, now);
    if (matched) return { rule, matched };
  }
  return undefined;
}

/** The `ttlHours` a rule expires after, as a date from `createdAt`; `null` for a permanent rule or none. */
function expiryOf(input: OperationInput<'createBlockRule'>, createdAt: string): string | null {
  if (input.isPermanent === true || input.ttlHours === undefined) return null;
  return new Date(Date.parse(createdAt) + input.ttlHours * 3_600_000).toISOString();
}

/**
 * `POST /block-rules` → the rule, as the published answer shows it (`id, name, enabled, type, value, createdAt`) with
 * every criterion. A `panRegex` is refused: the sandbox keeps no card number to match it on.
 */
export function createBlockRule(ctx: SandboxContext, input: OperationInput<'createBlockRule'>): BlockRuleRecord {
  if (input.panRegex !== null && input.panRegex !== undefined) {
    throw new SandboxHttpError(400, 'not_supported_in_sandbox', 'panRegex cannot be matched in the sandbox, which keeps no card number: block a card by bin, binRegex or paymentId instead', {
      fields: [{ field: 'panRegex', code: 'not_supported_in_sandbox', message: 'cannot be matched in the sandbox: use bin, binRegex or paymentId' }],
    });
  }
  const createdAt = ctx.nowIso();
  const rule: BlockRuleRecord = {
    id: ctx.nextId('rule'),
    name: input.name,
    operator: input.operator,
    ipAddress: input.ipAddress ?? null,
    customerId: input.customerId ?? null,
    email: input.email ?? null,
    emailRegex: input.emailRegex ?? null,
    panRegex: null,
    bin: input.bin ?? null,
    binRegex: input.binRegex ?? null,
    paymentId: input.paymentId ?? null,
    type: input.type ?? null,
    value: input.value ?? null,
    enabled: input.enabled ?? true,
    autoCreated: input.autoCreated ?? false,
    isPermanent: input.isPermanent ?? false,
    ttlHours: input.ttlHours ?? null,
    expiresAt: expiryOf(input, createdAt),
    metadata: input.metadata ?? null,
    createdAt,
  };
  blockRules.of(ctx).set(rule.id, rule);
  return rule;
}

/** `POST /block-rules/list` → `{ items, total, pageCount }` (published), newest first unless `sortBy` says otherwise. */
export function listBlockRules(ctx: SandboxContext, input: OperationInput<'listBlockRules'>): { items: BlockRuleRecord[]; total: number; pageCount: number } {
  const page = input.pagination?.page ?? 1;
  const pageSize = input.pagination?.pageSize ?? 20;
  const field = input.sortBy?.field ?? 'createdAt';
  const filters = input.filters ?? {};
  const all = [...blockRules.of(ctx).values()].filter((rule) =>
    Object.entries(filters).every(([key, wanted]) => wanted === undefined || (rule as unknown as Record<string, unknown>)[key] === wanted),
  );
  const sorted = sortRecords(all, (rule) => {
    const value = (rule as unknown as Record<string, unknown>)[field];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
  }, input.sortBy?.direction ?? 'desc');
  const { items, total, totalPages } = pageStyle(sorted, page, pageSize);
  return { items, total, pageCount: totalPages };
}

/** The block-rule operations the sandbox serves. */
export const blockRuleOperations = {
  createBlockRule,
  listBlockRules,
} satisfies ServedOperations;
