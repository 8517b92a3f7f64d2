export { useThreeDSChallenge, type UseThreeDSChallengeOptions, type UseThreeDSChallengeResult } from './use-three-ds-challenge.js';
export { useTokenizer, type UseTokenizerResult } from './use-tokenizer.js';
export { useConfirmPayment, type UseConfirmPaymentOptions, type UseConfirmPaymentResult } from './use-confirm-payment.js';
export { CardFields, useCardFieldsState, type CardFieldsProps } from './card-fields-element.js';
export { WalletButtons, type WalletButtonsProps } from './wallet-buttons-element.js';
export { usePay, type PayResult, type UsePayRequest, type UsePayResult } from './use-pay.js';
export { useWalletButtons, type UseWalletButtonsOptions } from './use-wallet-buttons.js';
export { describePayment, PaymentResult, type DescribablePayment, type PaymentDescription, type PaymentDescriptionKind, type PaymentResultProps } from './payment-result.js';
// Amounts in minor units as the customer reads them (`formatAmount(1999, 'USD')` is `$19.99`), for a Pay button.
export { formatAmount } from '@tessera/core';
