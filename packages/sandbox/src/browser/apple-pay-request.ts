/// <reference types="applepayjs" />

// Parts of the Apple Pay JS stand-in (`./apple-pay-js.ts`, served beside it): Safari's rules for a session, the
// request it is created with, a user gesture, and its errors and status constants.

/** Safari's error for a session used against its rules. */
export function accessError(message: string): DOMException {
  return new DOMException(message, 'InvalidAccessError');
}

/** Whether the page is in a user gesture (or the browser cannot tell). */
export function inGesture(): boolean {
  const activation = (navigator as Partial<Navigator>).userActivation;
  return !activation || activation.isActive;
}

/** Throws Safari's `TypeError` unless `request` has a country, a currency, networks, `supports3DS` and a total. */
export function checkRequest(request: unknown): asserts request is ApplePayJS.ApplePayPaymentRequest {
  if (!request || typeof request !== 'object') throw new TypeError('Type error');
  const fields = request as Partial<Record<string, unknown>> & Partial<Pick<ApplePayJS.ApplePayPaymentRequest, 'total'>>;
  ['countryCode', 'currencyCode'].forEach((field) => {
    if (typeof fields[field] !== 'string' || fields[field] === '') throw new TypeError('"' + field + '" is required.');
  });
  const networks = fields['supportedNetworks'];
  if (!Array.isArray(networks) || networks.length === 0) throw new TypeError('At least one supported network must be provided.');
  const capabilities = fields['merchantCapabilities'];
  if (!Array.isArray(capabilities) || capabilities.indexOf('supports3DS') < 0) throw new TypeError('The "supports3DS" capability is required.');
  if (!fields.total || typeof fields.total.label !== 'string' || !/^-?[0-9]+(\.[0-9]+)?$/.test(String(fields.total.amount))) throw new TypeError('"total" must have a label and a decimal amount.');
}

/** `ApplePaySession`'s `STATUS_*` constants. */
export function applePayStatuses(): Readonly<Record<'STATUS_SUCCESS' | 'STATUS_FAILURE' | 'STATUS_INVALID_BILLING_POSTAL_ADDRESS' | 'STATUS_INVALID_SHIPPING_POSTAL_ADDRESS' | 'STATUS_INVALID_SHIPPING_CONTACT' | 'STATUS_PIN_REQUIRED' | 'STATUS_PIN_INCORRECT' | 'STATUS_PIN_LOCKOUT', number>> {
  return { STATUS_SUCCESS: 0, STATUS_FAILURE: 1, STATUS_INVALID_BILLING_POSTAL_ADDRESS: 2, STATUS_INVALID_SHIPPING_POSTAL_ADDRESS: 3, STATUS_INVALID_SHIPPING_CONTACT: 4, STATUS_PIN_REQUIRED: 5, STATUS_PIN_INCORRECT: 6, STATUS_PIN_LOCKOUT: 7 };
}
