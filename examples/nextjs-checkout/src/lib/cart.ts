/**
 * The cart, in minor units (1999 is $19.99). A real shop reads it from its own database, by the reference the page
 * pays (`orderRef`): the checkout handler charges this amount, never one the browser sends.
 */
export const cart = { id: 'cart_tshirt', label: 'Tessera T-shirt', amount: 1999, currency: 'USD' } as const;
