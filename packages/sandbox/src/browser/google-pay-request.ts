/// <reference types="googlepay" />

// Parts of the Google pay.js stand-in (`./google-pay-js.ts`, served beside it): the requests pay.js takes, checked as
// it checks them.

/** pay.js's `DEVELOPER_ERROR`, with `message`. */
export function developerError(message: string): google.payments.api.PaymentsError {
  return { statusCode: 'DEVELOPER_ERROR', statusMessage: message };
}

/** The request's CARD payment method, if it has one. */
export function cardMethod<Method extends google.payments.api.IsReadyToPayPaymentMethodSpecification>(request: { allowedPaymentMethods: Method[] } | null | undefined): Method | null {
  const methods = request && Array.isArray(request.allowedPaymentMethods) ? request.allowedPaymentMethods : [];
  return methods.filter((method) => method && method.type === 'CARD')[0] || null;
}

/** What `isReadyToPay` refuses in `request` (as pay.js, a `DEVELOPER_ERROR`), or null. */
export function checkBase(request: google.payments.api.IsReadyToPayRequest | null | undefined): string | null {
  if (!request || request.apiVersion !== 2) return 'apiVersion must be 2';
  if (typeof request.apiVersionMinor !== 'number') return 'apiVersionMinor is required';
  const card = cardMethod(request);
  if (!card || !card.parameters) return 'allowedPaymentMethods must have a CARD method with parameters';
  if (!Array.isArray(card.parameters.allowedAuthMethods) || card.parameters.allowedAuthMethods.length === 0) return 'allowedPaymentMethods[0].parameters.allowedAuthMethods is required';
  if (!Array.isArray(card.parameters.allowedCardNetworks) || card.parameters.allowedCardNetworks.length === 0) return 'allowedPaymentMethods[0].parameters.allowedCardNetworks is required';
  return null;
}

/** The card method's gateway and merchant id, once `checkPaymentRequest` found them. */
export function gatewayOf(request: google.payments.api.PaymentDataRequest): { gateway: string; gatewayMerchantId: string } {
  const card = cardMethod(request);
  const spec = card ? card.tokenizationSpecification : undefined;
  const parameters = spec && spec.type === 'PAYMENT_GATEWAY' ? spec.parameters : undefined;
  return { gateway: (parameters && parameters.gateway) || '', gatewayMerchantId: (parameters && parameters.gatewayMerchantId) || '' };
}

/** What `loadPaymentData` refuses in `request`: its base, the gateway tokenization, the transaction, the merchant; or null. */
export function checkPaymentRequest(request: google.payments.api.PaymentDataRequest | null | undefined): string | null {
  const problem = checkBase(request);
  if (problem || !request) return problem;
  const card = cardMethod(request);
  const spec = card ? (card.tokenizationSpecification as Partial<google.payments.api.PaymentGatewayTokenizationSpecification> | undefined) : undefined;
  if (!spec || spec.type !== 'PAYMENT_GATEWAY' || !spec.parameters || !spec.parameters.gateway || !spec.parameters.gatewayMerchantId) return 'tokenizationSpecification must be PAYMENT_GATEWAY with parameters.gateway and parameters.gatewayMerchantId';
  const info = request.transactionInfo as Partial<google.payments.api.TransactionInfo> | undefined;
  if (!info || typeof info.currencyCode !== 'string' || ['FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN'].indexOf(String(info.totalPriceStatus)) < 0) return 'transactionInfo must have currencyCode and totalPriceStatus';
  if (info.totalPriceStatus !== 'NOT_CURRENTLY_KNOWN' && !/^[0-9]+(\.[0-9]{1,2})?$/.test(String(info.totalPrice))) return 'transactionInfo.totalPrice must be a decimal amount';
  if (!request.merchantInfo || typeof request.merchantInfo !== 'object') return 'merchantInfo is required';
  return null;
}
