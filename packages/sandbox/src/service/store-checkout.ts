import { cmsSessionInitRequest, sessionApplyPromotionRequest, sessionProductRequest, sessionProductsRequest, storeCheckoutInitRequest } from '@tessera/core/internal';
import type { SandboxContext } from './context.js';
import { randomBase64Url } from '../state/random.js';
import { SandboxHttpError, validationError } from '../errors/http-error.js';
import { validate } from '../wire/validate.js';
import { addLine, type CheckoutLine, type CheckoutSessionRecord, checkoutSessions, priceOf, SANDBOX_CHECKOUT_PATH, unsettledPayment } from './checkout.js';
import type { CmsSessionRecord } from './cms-sessions.js';
import { type PriceRecord, type ProductRecord, products, retrieveProduct, type VariantRecord, variants } from './products.js';
import { positionsWhere, recordAt } from '../state/ordered.js';
import { applicableCode, promotionCodes, refusedCode } from './promotion-codes.js';
import { type PromotionRecord, promotions } from './promotions.js';
import { requireStore, type StoreRecord } from './stores.js';

// A checkout of the store's own catalog, started and read by a browser session (`x-cms-token`), in the shapes
// `@tagadapay/plugin-sdk@2.3.3` reads (`hooks/useCheckout.js` + `.d.ts`: `CheckoutInitParams`, `CheckoutData`;
// `hooks/useProducts.js`; `providers/TagadaProvider.js`). Vendor code, not published.

/** A 403 for a `storeId` that is not the session's store (nothing said about that store). */
const otherStore = (): SandboxHttpError =>
  new SandboxHttpError(403, 'forbidden', 'storeId is not the store of this session token: open a session for that store with POST /api/v1/cms/session/anonymous { storeId }');

/** The session's store, refusing a `storeId` given for another (403). */
function storeOf(ctx: SandboxContext, session: CmsSessionRecord, storeId: string | undefined): StoreRecord {
  if (storeId !== undefined && storeId !== session.storeId) throw otherStore();
  return requireStore(ctx, session.storeId);
}

/** The store as the session's answers show it. */
const storeView = (store: StoreRecord) => ({
  id: store.id,
  name: store.name,
  currency: store.baseCurrency,
  locale: 'en-US',
  presentmentCurrencies: store.presentmentCurrencies,
  chargeCurrencies: store.chargeCurrencies,
});

/**
 * `POST /api/v1/cms/session/init` → `{ store, locale, messages, customer }`: what plugin-sdk's provider reads after
 * opening a session (the browser facts it sends are not read).
 */
export function initCmsSession(ctx: SandboxContext, session: CmsSessionRecord, body: unknown): Record<string, unknown> {
  const input = validate(cmsSessionInitRequest, body ?? {});
  const store = storeOf(ctx, session, input.storeId);
  return { store: storeView(store), locale: 'en-US', messages: {}, customer: { id: session.customerId, isAuthenticated: false } };
}

/** True for a product of the store that it sells: the product and (given) the variant active. */
const onSale = (product: ProductRecord | undefined, storeId: string, variant?: VariantRecord): product is ProductRecord =>
  product?.storeId === storeId && product.active && variant?.active !== false;

/** A product as the session reads it (`GET /products/{id}`'s answer), with only the variants on sale. */
const catalogProduct = (ctx: SandboxContext, product: ProductRecord): Record<string, unknown> => ({
  ...retrieveProduct(ctx, product.id),
  variants: product.variants.filter((variant) => variant.active !== false),
});

/**
 * The variant when it is in the store's catalog (the product and the variant active); the same 400 whether it exists
 * in another store, is withdrawn (inactive), or does not exist at all.
 */
function catalogVariant(ctx: SandboxContext, storeId: string, variantId: string, index: number): VariantRecord {
  const variant = variants.of(ctx).get(variantId);
  if (!variant || !onSale(products.of(ctx).get(variant.productId), storeId, variant)) {
    throw validationError([{ field: `lineItems.${index}.variantId`, code: 'not_in_catalog', message: 'is not a variant of this store\'s catalog: list the catalog with POST /api/v1/products' }]);
  }
  return variant;
}

/**
 * `POST /api/v1/checkout/session/init` → `{ checkoutUrl, checkoutToken }`: a checkout session of the session's store
 * and customer, priced from the store's catalog only. Refused (400 naming the field, nothing charged): a variant not
 * in this store's catalog, a quantity that is not a whole number of at least one, a price or amount key, a `priceId`
 * that is not one of the variant's prices, a currency the store does not sell in, a total that is not a safe integer;
 * a `storeId` of another store is a 403. Currency: `customer.currency`, else the store's. The checkout token is 192 random bits.
 */
export function initStoreCheckout(ctx: SandboxContext, session: CmsSessionRecord, body: unknown, origin: string): { checkoutUrl: string; checkoutToken: string } {
  const input = validate(storeCheckoutInitRequest, body);
  const store = storeOf(ctx, session, input.storeId);
  const currency = input.customer?.currency ?? store.baseCurrency;
  if (!store.presentmentCurrencies.includes(currency)) {
    throw validationError([{ field: 'customer.currency', code: 'unsupported_currency', message: `is not a currency this store sells in: use one of ${store.presentmentCurrencies.join(', ')}` }]);
  }
  let amount = 0;
  const items: CheckoutLine[] = input.lineItems.map((line, index) => {
    const variant = catalogVariant(ctx, store.id, line.variantId, index);
    const priceId = line.priceId ?? undefined;
    if (priceId !== undefined && !variant.prices.some((price) => price.id === priceId)) {
      throw validationError([{ field: `lineItems.${index}.priceId`, code: 'not_a_price', message: 'is not a price of this variant: leave it out for the variant\'s default price' }]);
    }
    // A variant's currency-less `price` prices the store's own currency only: in another one the page picks, the same
    // number would be another amount (1500 is $15.00 but ¥1500).
    const found = priceOf(variant, currency, priceId);
    const priced = found?.price === undefined && currency !== store.baseCurrency ? undefined : found;
    if (!priced) throw validationError([{ field: `lineItems.${index}.variantId`, code: 'no_price', message: `has no price in ${currency}: choose another currency or variant` }]);
    amount = addLine(amount, priced.amount, line.quantity, `lineItems.${index}.quantity`);
    return { variantId: variant.id, quantity: line.quantity, ...(priced.price ? { priceId: priced.price.id } : {}) };
  });
  const id = ctx.nextId('cs');
  const checkoutToken = randomBase64Url(24);
  const checkoutUrl = new URL(`${origin}${SANDBOX_CHECKOUT_PATH}`);
  checkoutUrl.searchParams.set('checkoutSessionId', id);
  checkoutUrl.searchParams.set('checkoutToken', checkoutToken);
  const record: CheckoutSessionRecord = {
    id,
    storeId: store.id,
    items,
    currency,
    amount,
    checkoutUrl: checkoutUrl.toString(),
    redirectUrl: checkoutUrl.toString(),
    status: 'open',
    checkoutToken,
    ...(input.returnUrl !== undefined ? { returnUrl: input.returnUrl } : {}),
    cmsSessionId: session.id,
    customerId: session.customerId,
    createdAt: ctx.nowIso(),
  };
  checkoutSessions.of(ctx).set(id, record);
  session.checkoutSessionIds.push(id);
  return { checkoutUrl: record.checkoutUrl, checkoutToken };
}

/** The session's checkout session with this token; a token of another session, or none, is the same 404. */
export function requireSessionCheckout(ctx: SandboxContext, session: CmsSessionRecord, match: (checkout: CheckoutSessionRecord) => boolean): CheckoutSessionRecord {
  for (const id of session.checkoutSessionIds) {
    const checkout = checkoutSessions.of(ctx).get(id);
    if (checkout && match(checkout)) return checkout;
  }
  throw new SandboxHttpError(404, 'not_found', 'No checkout session of this browser session matches: start one with POST /api/v1/checkout/session/init');
}

/** A price as the session's answers show it. */
const priceView = (price: PriceRecord | undefined, amount: number, currency: string) => ({
  id: price?.id ?? null,
  amount,
  currency,
  currencyOptions: price?.currencyOptions ?? { [currency]: { amount, currency } },
  recurring: price?.recurring ?? false,
  ...(price?.recurring === true ? { interval: price.interval ?? 'month', intervalCount: price.intervalCount ?? 1 } : {}),
});

/**
 * `GET /api/v1/checkout-sessions/{checkoutToken}/v2` → plugin-sdk's `CheckoutData`: `{ checkoutSession, summary,
 * customerIsClubMember, availablePromotions }`, amounts in minor units (a line's `price.amount` and `unitAmount` per
 * unit, `amount` for the line). Only this session's checkouts (else a 404).
 */
export function storeCheckoutView(ctx: SandboxContext, session: CmsSessionRecord, checkoutToken: string): Record<string, unknown> {
  const checkout = requireSessionCheckout(ctx, session, (candidate) => candidate.checkoutToken === checkoutToken);
  const store = requireStore(ctx, checkout.storeId);
  const lines = checkout.items.map((item, index) => {
    const variant = variants.of(ctx).get(item.variantId);
    const product = variant === undefined ? undefined : products.of(ctx).get(variant.productId);
    const priced = variant === undefined ? undefined : priceOf(variant, checkout.currency, item.priceId);
    const unitAmount = priced?.amount ?? 0;
    return { id: `${checkout.id}_${index + 1}`, item, variant, product, price: priceView(priced?.price, unitAmount, checkout.currency), unitAmount };
  });
  const updatedAt = checkout.updatedAt ?? checkout.createdAt;
  return {
    checkoutSession: {
      id: checkout.id,
      checkoutToken,
      status: checkout.status,
      storeId: checkout.storeId,
      accountId: session.accountId,
      customerId: checkout.customerId ?? session.customerId,
      draft: false,
      createdAt: checkout.createdAt,
      updatedAt,
      lastActiveDate: updatedAt,
      selectedPresentmentCurrency: checkout.currency,
      sessionLineItems: lines.map(({ id, item, variant, product, price }) => ({
        id,
        quantity: item.quantity,
        priceId: price.id,
        variantId: item.variantId,
        productId: product?.id ?? null,
        isOrderBump: false,
        price: {
          ...price,
          variant: {
            id: item.variantId,
            name: variant?.name ?? null,
            description: variant?.description ?? null,
            sku: variant?.sku ?? null,
            imageUrl: variant?.imageUrl ?? null,
            product: { id: product?.id ?? null, name: product?.name ?? null, description: product?.description ?? null, imageUrl: variant?.imageUrl ?? null },
          },
        },
      })),
      store: { ...storeView(store), domain: null, upsells: [], integrations: [] },
      promotionIds: checkout.promotionIds ?? [],
      promotionCodes: (checkout.promotionCodeIds ?? []).flatMap((id) => {
        const code = promotionCodes.of(ctx).get(id);
        return code ? [{ id: code.id, code: code.code, promotionId: code.promotionId }] : [];
      }),
      orders: checkout.orderId === undefined ? [] : [{ id: checkout.orderId, status: 'paid' }],
      orderSummaries: [],
    },
    customerIsClubMember: false,
    summary: {
      currency: checkout.currency,
      totalAmount: checkout.amount,
      totalAdjustedAmount: checkout.amount,
      totalPromotionAmount: 0,
      items: lines.map(({ id, item, variant, product, price, unitAmount }) => ({
        id,
        productId: product?.id ?? null,
        variantId: item.variantId,
        priceId: price.id,
        product: { name: product?.name ?? null, description: product?.description ?? null },
        variant: { name: variant?.name ?? null, description: variant?.description ?? null, imageUrl: variant?.imageUrl ?? null, grams: 0 },
        sku: variant?.sku ?? null,
        unitAmount,
        quantity: item.quantity,
        amount: unitAmount * item.quantity,
        adjustedAmount: unitAmount * item.quantity,
        currency: checkout.currency,
        adjustments: [],
        recurring: price.recurring,
        ...('interval' in price ? { interval: price.interval, intervalCount: price.intervalCount } : {}),
        orderLineItemProduct: { name: product?.name ?? null },
        orderLineItemVariant: { name: variant?.name ?? null, imageUrl: variant?.imageUrl ?? null },
        metadata: { originalIds: [], isConsolidated: false },
      })),
      adjustments: [],
    },
    availablePromotions: (checkout.promotionIds ?? []).flatMap((id) => {
      const promotion = promotions.of(ctx).get(id);
      return promotion ? [promotionView(promotion)] : [];
    }),
  };
}

/** A promotion as plugin-sdk's `Promotion` reads it (`id`, `name`, `description`, `type`, `rules`, `actions`), with its published fields. */
const promotionView = (promotion: PromotionRecord) => ({
  id: promotion.id,
  name: promotion.name,
  description: typeof promotion.description === 'string' ? promotion.description : null,
  type: promotion.automatic ? 'automatic' : 'code',
  code: promotion.code,
  automatic: promotion.automatic,
  enabled: promotion.enabled,
  usageCount: promotion.usageCount,
  usageLimit: promotion.usageLimit,
  rules: promotion.rules,
  actions: promotion.actions,
});

/**
 * `POST /api/v1/checkout-sessions/{checkoutSessionId}/promotions/apply { code }` (plugin-sdk's `applyPromotionCode`,
 * which reads `success`) → `{ success: true, promotion, promotionCode }`: the code applies to this session's open
 * checkout, recorded on it (v2 shows it in `promotionIds`, `promotionCodes` and `availablePromotions`); it counts a use
 * when the checkout is paid. Applying it again changes nothing. Refused with `success: false` (see `applicableCode`):
 * a code that does not apply now; a second code of a promotion already applied, a checkout already paid, or one with
 * a payment in progress (409 `invalid_state`: codes are applied before paying, and checked again when paying). No
 * amount is taken off (docs/contracts.md, "Promotions and promotion codes"). Another session's checkout: 404.
 */
export function applySessionPromotion(ctx: SandboxContext, session: CmsSessionRecord, checkoutSessionId: string, body: unknown): Record<string, unknown> {
  const checkout = requireSessionCheckout(ctx, session, (candidate) => candidate.id === checkoutSessionId);
  const input = validate(sessionApplyPromotionRequest, body);
  if (checkout.status !== 'open') throw refusedCode({ status: 409, code: 'invalid_state', why: 'This checkout is already paid', next: 'a promotion code applies to an open checkout only' });
  const paying = unsettledPayment(ctx, checkout);
  if (paying) {
    const next = 'a promotion code is applied before paying; if that payment fails, apply the code, then pay again';
    throw refusedCode({ status: 409, code: 'invalid_state', why: `This checkout has payment ${paying.id} in progress (${paying.status})`, next });
  }
  const { record, promotion } = applicableCode(ctx, input.code, { storeId: checkout.storeId, customerId: checkout.customerId ?? session.customerId });
  const codeIds = (checkout.promotionCodeIds ??= []);
  const promotionIds = (checkout.promotionIds ??= []);
  if (!codeIds.includes(record.id)) {
    if (promotionIds.includes(promotion.id)) throw refusedCode({ status: 409, code: 'promotion_already_applied', why: 'Another code of this promotion is already applied to this checkout', next: 'keep that one, or start a new checkout for this code' });
    codeIds.push(record.id);
    promotionIds.push(promotion.id);
    checkout.updatedAt = ctx.nowIso();
    checkoutSessions.of(ctx).set(checkout.id, checkout);
  }
  return { success: true, promotion: promotionView(promotion), promotionCode: { id: record.id, code: record.code, promotionId: record.promotionId } };
}

/**
 * `POST /api/v1/products { storeId }` → `{ items }`: the session's store's active products, oldest first, each as `GET
 * /products/{id}` answers it with its active variants and their prices. A `storeId` of another store is a 403.
 */
export function sessionProducts(ctx: SandboxContext, session: CmsSessionRecord, body: unknown): { items: Record<string, unknown>[] } {
  const input = validate(sessionProductsRequest, body);
  const store = storeOf(ctx, session, input.storeId);
  const all = products.of(ctx);
  const items = positionsWhere(all, 'storeId', store.id).flatMap((position) => {
    const product = recordAt(all, position);
    return onSale(product, store.id) ? [catalogProduct(ctx, product)] : [];
  });
  return { items };
}

/**
 * `POST /api/v1/products/{id} { productId?, storeId }` → one active product of the session's store, as `GET
 * /products/{id}` answers it with its active variants. A product of another store, inactive, or none is the same 404;
 * a `storeId` of another store a 403.
 */
export function sessionProduct(ctx: SandboxContext, session: CmsSessionRecord, id: string, body: unknown): Record<string, unknown> {
  const store = storeOf(ctx, session, validate(sessionProductRequest, body).storeId);
  const product = products.of(ctx).get(id);
  if (!onSale(product, store.id)) throw new SandboxHttpError(404, 'not_found', 'No product of this store\'s catalog has this id: list the catalog with POST /api/v1/products');
  return catalogProduct(ctx, product);
}
