import * as z from 'zod/mini';
import { mayHoldCardNumber } from '../errors/card-number-text.js';
import { findCardDataField } from '../card/find-card-data-field.js';
import { cardDataIssue, nonEmptyString, published, type RequestFields } from './common.js';
import { sortBy } from './list-request.js';
import { pageNumber, pageSize } from './payment.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/**
 * What a block rule can match a payment on, as the published create page lists them (each `string | null`, all marked
 * required): the service blocks a payment that matches the rule's criteria, one of them (`operator: 'OR'`) or all
 * (`'AND'`). The page's `pan` (a whole card number) is refused before sending: card data goes to the vault only, so
 * block a card by its `bin`, a `binRegex`, or the card of a `paymentId` (docs/contracts.md, "The published API,
 * difference by difference": `POST /block-rules`).
 * @internal
 */
export const blockRuleCriteria = ['ipAddress', 'customerId', 'email', 'emailRegex', 'pan', 'panRegex', 'bin', 'binRegex', 'paymentId'] as const;

/** A criterion's value: a string, or `null` for "not matched on". */
const criterion = z.optional(z.nullable(z.string()));

/** A regular expression the service evaluates: it must compile. */
const pattern = z.optional(
  z.nullable(
    z.string().check(
      z.refine(
        (source) => {
          try {
            new RegExp(source);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'is not a valid regular expression: check its brackets and escapes', params: { code: 'invalid_format' } },
      ),
    ),
  ),
);

/** What a refusal of card data in a block rule says to do instead. */
const CARD_DATA_MESSAGE = 'must not hold a card number: card data goes to the vault only; block a card by its bin, a binRegex, or a paymentId it paid';

/**
 * No card number anywhere in a rule: not as `pan`, and not inside another criterion, a pattern or the example form's
 * `value` (a run of 12 or more digits); any other card-data field (`cvc`, …) is refused as in every request.
 */
const noCardData = z.superRefine((body: { [key: string]: unknown }, ctx) => {
  for (const key of [...blockRuleCriteria, 'value'] as const) {
    const texts = [body[key]].flat().filter((value): value is string => typeof value === 'string');
    if ((key === 'pan' && body.pan !== null && body.pan !== undefined) || texts.some(mayHoldCardNumber)) {
      ctx.issues.push(cardDataIssue([key], CARD_DATA_MESSAGE));
    }
  }
  const others = { ...body };
  delete others.pan;
  const field = findCardDataField(others, { nullIsEmpty: true });
  if (field !== undefined) ctx.issues.push(cardDataIssue(field.split('.')));
});

/** The rule needs something to match on: one criterion of the rendered page, or the example's `type` and `value`. */
const somethingToMatch = z.refine<{ [key: string]: unknown }>(
  (body) => blockRuleCriteria.some((key) => typeof body[key] === 'string' && body[key] !== '') || (body.type !== undefined && body.value !== undefined),
  {
    message: `a block rule needs at least one criterion: ${blockRuleCriteria.filter((key) => key !== 'pan').join(', ')}, or type with value`,
    path: ['ipAddress'],
    params: { code: 'required' },
  },
);

const blockRuleFields = z
  .looseObject({
    name: nonEmptyString,
    operator: z.optional(z.union([z.literal('OR'), z.literal('AND')])),
    ipAddress: criterion,
    customerId: criterion,
    email: z.optional(z.nullable(z.email())),
    emailRegex: pattern,
    pan: criterion,
    panRegex: pattern,
    bin: z.optional(z.nullable(z.string().check(z.regex(/^\d{6,8}$/, 'must be the first 6 to 8 digits of a card number')))),
    binRegex: pattern,
    paymentId: criterion,
    autoCreated: z.optional(z.boolean()),
    isPermanent: z.optional(z.boolean()),
    ttlHours: z.optional(z.number().check(z.minimum(1), z.maximum(8760))),
    metadata: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    /** The published example's form: a rule `type` (`'country'`, …) and its `value` (one or several). */
    type: z.optional(nonEmptyString),
    value: z.optional(z.union([nonEmptyString, z.array(nonEmptyString).check(z.minLength(1))])),
    /** The published example's: whether the rule is in force (default `true`). */
    enabled: z.optional(z.boolean()),
  })
  .check(noCardData, somethingToMatch);

/**
 * Body of create block rule (`POST /block-rules`, published): a `name`, the `operator` joining its criteria (default
 * `OR`), at least one criterion (`ipAddress`, `customerId`, `email`, `emailRegex`, `panRegex`, `bin`, `binRegex`,
 * `paymentId`), or the published example's `type` and `value`; `ttlHours` (1–8760) for a rule that expires. Sent with
 * every criterion the page marks required, `null` where the caller gave none, so one body satisfies the rendered page
 * and its example.
 */
export const createBlockRuleRequest = z.pipe(
  blockRuleFields,
  z.transform((body) => ({ ...Object.fromEntries(blockRuleCriteria.map((key) => [key, null])), ...body, operator: body.operator ?? 'OR' })),
);
/** Body of create block rule, as the caller writes it. */
export type CreateBlockRuleRequest = RequestFields<z.input<typeof createBlockRuleRequest>>;

/**
 * Body of list block rules (`POST /block-rules/list`, published): `pagination { page, pageSize }`, `sortBy` and
 * `filters` (their children are not published).
 */
export const listBlockRulesRequest = z.looseObject({
  pagination: z.optional(z.looseObject({ page: z.optional(pageNumber), pageSize: z.optional(pageSize) })),
  sortBy: z.optional(sortBy),
  filters: z.optional(z.record(z.string(), z.unknown())),
});
/** Body of list block rules. */
export type ListBlockRulesRequest = RequestFields<z.input<typeof listBlockRulesRequest>>;

/**
 * A block rule as the published answers show it (`{ id, name, enabled, type, value, createdAt }`; "of type any"):
 * `id` is what the SDK relies on; the criteria come back as the service keeps them.
 */
export const blockRule = z.looseObject({
  id: z.string(),
  name: published(z.string()),
  enabled: published(z.boolean()),
  operator: published(z.string()),
  type: published(z.nullable(z.string())),
  value: published(z.unknown()),
  createdAt: published(z.string()),
});
/** A block rule. */
export type BlockRule = z.infer<typeof blockRule>;

/**
 * The catalog entries of block rules, for core's `operations` (`catalog/operations.ts`) to compose.
 * @internal
 */
export const blockRuleOperations = () => catalogEntries({
  createBlockRule: op('POST /block-rules', { request: createBlockRuleRequest, response: blockRule, unwrap: ['blockRule', 'data'], answer: 'required' }),
  listBlockRules: op('POST /block-rules/list', { request: listBlockRulesRequest, response: blockRule, unwrap: ['items'], answer: 'list' }),
});
