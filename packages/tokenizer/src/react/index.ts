export { useThreeDSChallenge, type UseThreeDSChallengeOptions, type UseThreeDSChallengeResult } from './use-three-ds-challenge.js';
export { useTokenizer, type UseTokenizerResult } from './use-tokenizer.js';
export { useConfirmPayment, type UseConfirmPaymentOptions, type UseConfirmPaymentResult } from './use-confirm-payment.js';
export { CardFields, useCardFieldsState, type CardFieldsProps } from './card-fields-element.js';
export { WalletButtons, type WalletButtonsProps } from './wallet-buttons-element.js';
export { usePay, type PayResult, type UsePayRequest, type UsePayResult } from './use-pay.js';
