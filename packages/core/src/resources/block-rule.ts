import * as z from 'zod/mini';
import { holdsCardNumberRun, holdsLuhnCardNumber, isCardNumberText, patternAsText } from '../card/card-number-runs.js';
import { findCardDataField } from '../card/find-card-data-field.js';
import { cardDataIssue, nonEmptyString, published, withoutCardData, type RequestFields } from './common.js';
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
 * How each criterion, and the example form's `value`, is read for a card number (docs/contracts.md, "The published
 * API, difference by difference", 36): an id only as a whole (a service id may hold a long run of digits), a pattern
 * with what it lets stand between two digits read as a separator, any other text by its runs of 12 or more digits
 * (a list or a range of BINs is none). `pan` is refused whatever its value.
 */
const cardNumberReaders: { readonly [K in Exclude<(typeof blockRuleCriteria)[number], 'pan'> | 'value']: (text: string) => boolean } = {
  ipAddress: holdsCardNumberRun,
  customerId: isCardNumberText,
  email: holdsCardNumberRun,
  emailRegex: (text) => holdsCardNumberRun(patternAsText(text)),
  panRegex: (text) => holdsCardNumberRun(patternAsText(text)),
  bin: holdsCardNumberRun,
  binRegex: (text) => holdsCardNumberRun(patternAsText(text)),
  paymentId: isCardNumberText,
  value: holdsCardNumberRun,
};

/** The strings of a JSON value with their paths (`metadata.case.note`), at any depth; an object met again is skipped. */
function textsIn(value: unknown, path: readonly PropertyKey[], seen = new Set<object>()): [readonly PropertyKey[], string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, item]) => textsIn(item, [...path, Array.isArray(value) ? Number(key) : key], seen));
}

/**
 * No card number anywhere in a rule: not as `pan`, not in another criterion, a pattern or the example form's `value`
 * (see `cardNumberReaders`), and not in its free text, the `name`, `type` and the strings of `metadata` (a run of 12 to
 * 19 digits passing Luhn, or a longer one); any other card-data field (`cvc`, …) is refused as in every request.
 */
const noCardData = z.superRefine((body: { [key: string]: unknown }, ctx) => {
  for (const key of blockRuleCriteria) {
    if (key === 'pan') {
      if (body.pan !== null && body.pan !== undefined) ctx.issues.push(cardDataIssue([key], CARD_DATA_MESSAGE));
      continue;
    }
    if (typeof body[key] === 'string' && cardNumberReaders[key](body[key])) ctx.issues.push(cardDataIssue([key], CARD_DATA_MESSAGE));
  }
  if ([body.value].flat().some((text) => typeof text === 'string' && cardNumberReaders.value(text))) ctx.issues.push(cardDataIssue(['value'], CARD_DATA_MESSAGE));
  for (const key of ['name', 'type', 'metadata']) {
    const found = textsIn(body[key], [key]).find(([, text]) => holdsLuhnCardNumber(text));
    if (found !== undefined) ctx.issues.push(cardDataIssue([...found[0]], CARD_DATA_MESSAGE));
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
    email: z.optional(z.nullable(z.email({ message: 'must be one email address, such as name@example.com: match several with emailRegex' }))),
    emailRegex: pattern,
    pan: criterion,
    panRegex: pattern,
    bin: z.optional(z.nullable(z.string().check(z.regex(/^\d{6,8}$/, "must be the first 6 to 8 digits of a card number: match a shorter prefix or a range with binRegex ('^4111', '^41111[0-5]')")))),
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
 * `paymentId`), or the published example's `type` and `value`; `ttlHours` (1–8760) for a rule that expires. A card
 * number anywhere in it (`pan`, a criterion, a pattern, `value`, `name`, `metadata`) is refused (`card_data`). Sent with
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
 * `filters` (their children are not published). Card data anywhere in it is refused (`filters.pan`: a rule is never
 * looked up by a card number).
 */
export const listBlockRulesRequest = z.looseObject({
  pagination: z.optional(z.looseObject({ page: z.optional(pageNumber), pageSize: z.optional(pageSize) })),
  sortBy: z.optional(sortBy),
  filters: z.optional(z.record(z.string(), z.unknown())),
}).check(withoutCardData);
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
