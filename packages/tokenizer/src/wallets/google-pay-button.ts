import type { TokenizerEnvironment } from '../vault/environment.js';
import { buildGooglePayPaymentDataRequest, googlePayEnvironment, toGooglePayTransactionInfo, type GooglePaymentsClientOptions, type GooglePayPaymentDataRequest } from './google-pay.js';
import { toWalletAddress, type WalletPaymentRequest, type WalletRequestUpdate, type WalletShippingCallbacks } from './wallet-request.js';

/** The options of the buttons' `PaymentsClient`: the environment, and Google's `onPaymentDataChanged` when the request has callback intents. */
export function googlePayClientOptions(environment: TokenizerEnvironment, paymentDataRequest: GooglePayPaymentDataRequest, request: WalletPaymentRequest, callbacks: WalletShippingCallbacks): GooglePaymentsClientOptions {
  return {
    environment: googlePayEnvironment(environment),
    ...(paymentDataRequest.callbackIntents ? { paymentDataCallbacks: { onPaymentDataChanged: (data) => googlePayUpdate(data, request, callbacks) } } : {}),
  };
}

/** Google's request from Tessera's: the vault as gateway, the contacts asked for, the shipping options and intents. */
export function googlePayRequest(request: WalletPaymentRequest, environment: TokenizerEnvironment, merchantId: string | undefined, gatewayMerchantId: string | undefined, callbacks: WalletShippingCallbacks): GooglePayPaymentDataRequest {
  const built = buildGooglePayPaymentDataRequest({
    environment,
    merchantName: request.label,
    ...(merchantId ? { merchantId } : {}),
    ...(gatewayMerchantId ? { gatewayMerchantId } : {}),
    amount: request.amount,
    currency: request.currency,
    countryCode: request.country,
    ...(request.lineItems ? { lineItems: request.lineItems } : {}),
  });
  const card = built.allowedPaymentMethods[0] as GooglePayPaymentDataRequest['allowedPaymentMethods'][number];
  if (request.billingAddressRequired) Object.assign(card.parameters, { billingAddressRequired: true, billingAddressParameters: { format: 'FULL', phoneNumberRequired: request.phoneNumberRequired === true } });
  const shipping = request.shippingAddressRequired === true;
  const methods = shipping ? request.shippingMethods : undefined;
  const intents = [...(shipping && callbacks.onShippingContactChange ? (['SHIPPING_ADDRESS'] as const) : []), ...(methods?.length && callbacks.onShippingMethodChange ? (['SHIPPING_OPTION'] as const) : [])];
  return {
    ...built,
    ...(request.emailRequired ? { emailRequired: true } : {}),
    ...(shipping ? { shippingAddressRequired: true, shippingAddressParameters: { phoneNumberRequired: request.phoneNumberRequired === true } } : {}),
    ...(methods?.length ? { shippingOptionRequired: true, shippingOptionParameters: googleShippingOptions(methods) } : {}),
    ...(intents.length > 0 ? { callbackIntents: intents } : {}),
  };
}

/** Google's shipping options from Tessera's shipping methods, the first one selected. */
const googleShippingOptions = (methods: NonNullable<WalletPaymentRequest['shippingMethods']>): NonNullable<GooglePayPaymentDataRequest['shippingOptionParameters']> => ({
  defaultSelectedOptionId: (methods[0] as { id: string }).id,
  shippingOptions: methods.map((method) => ({ id: method.id, label: method.label, description: method.detail ?? '' })),
});

/**
 * Google's `onPaymentDataChanged`: the merchant's callback for the address or the option picked, as a
 * `PaymentDataRequestUpdate`. Google cannot be closed from the page: a callback that throws shows an error on the sheet.
 */
export async function googlePayUpdate(data: Record<string, unknown>, request: WalletPaymentRequest, callbacks: WalletShippingCallbacks): Promise<Record<string, unknown>> {
  const option = (data.shippingOptionData as { id?: unknown } | undefined)?.id;
  const method = data.callbackTrigger === 'SHIPPING_OPTION' ? request.shippingMethods?.find((candidate) => candidate.id === option) : undefined;
  const intent = method ? 'SHIPPING_OPTION' : 'SHIPPING_ADDRESS';
  // The callback and its answer made Google's (an amount that is not in minor units throws there), as one step.
  try {
    let answer: WalletRequestUpdate | undefined;
    if (method) answer = await callbacks.onShippingMethodChange?.(method);
    else if (callbacks.onShippingContactChange) answer = await callbacks.onShippingContactChange(toWalletAddress(data.shippingAddress as Record<string, unknown> | undefined) ?? {});
    if (!answer) return {};
    const methods = answer.shippingMethods;
    return {
      newTransactionInfo: toGooglePayTransactionInfo(answer.amount, request.currency, request.country, answer.lineItems),
      ...(methods?.length ? { newShippingOptionParameters: googleShippingOptions(methods) } : {}),
      ...(answer.error ? { error: { reason: 'SHIPPING_ADDRESS_UNSERVICEABLE', message: answer.error, intent: 'SHIPPING_ADDRESS' } } : {}),
    };
  } catch {
    return { error: { reason: 'OTHER_ERROR', message: 'The shipping could not be updated: try again', intent } };
  }
}
