// What `POST /sandbox/trigger` can cause, without the sandbox's modules: the CLI lists it without loading them.

/**
 * The event types `POST /sandbox/trigger` (and `tessera-sandbox trigger`) can cause, and what each does (cards named by
 * their last four digits only: nothing the sandbox prints shows a card number).
 */
export const triggerableEvents = {
  'payment/succeeded': 'a purchase with the approved test card (…4242), for a new customer and card instrument',
  'payment/declined': 'a purchase with the issuer-decline test card (…9995)',
  'payment/refunded': 'a purchase, then a full refund',
  'order/paid': 'a subscription paid now (initiatePayment): its payment, order/created and order/paid',
  'subscription/created': 'a product with a monthly price, then a subscription to it',
  'subscription/renewed': 'a subscription, then the test clock moved to its period end (+1 s): it renews, as any other due subscription does',
} as const;

export type TriggerableEvent = keyof typeof triggerableEvents;

export const isTriggerable = (type: string): type is TriggerableEvent => Object.hasOwn(triggerableEvents, type);
