/**
 * The keys a page may not send on a checkout of the store's catalog, at the top level or in a line item: a price or
 * an amount would let the page set what it pays. Our rule (the vendor's code sends none of them). A leaf of its own,
 * so the browser store client (`@tessera/tokenizer/store`) checks them without carrying the schemas.
 * @internal
 */
export const priceKeys = ['amount', 'price', 'unitAmount', 'totalAmount', 'prices', 'currencyOptions'] as const;
