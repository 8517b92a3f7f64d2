/** Base URL used by the unit tests' msw handlers. */
export const BASE_URL = 'https://api.tessera.test';
/** Prefix of every API URL in the unit tests. */
export const API = `${BASE_URL}/api/public/v1`;
/** A fake secret key; tests check it never leaks. */
export const API_KEY = 'sk_test_secret_DO_NOT_LEAK_0123456789';

/** A payment as the service would return it, with a field the SDK does not know. */
export const succeededPayment = {
  id: 'pay_1',
  amount: 1999,
  currency: 'USD',
  status: 'succeeded',
  requireAction: 'none',
  storeId: 'store_1',
  futureField: { nested: true },
};

/** A valid purchase request (customer-initiated). */
export const purchase = {
  mode: 'purchase',
  amount: 1999,
  currency: 'USD',
  storeId: 'store_1',
  paymentInstrumentId: 'pi_1',
  initiatedBy: 'customer',
} as const;

/** The sandbox's error body. */
export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { error: { code, message, requestId: 'req_body', ...extra } };
}
