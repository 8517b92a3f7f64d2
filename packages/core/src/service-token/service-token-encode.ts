import { encodeBase64Utf8 } from '../plumbing/base64.js';
import { findCardDataField } from '../card/find-card-data-field.js';
import type { ServiceToken } from './service-token.js';
import { ServiceTokenError } from './service-token-error.js';
import { serviceTokenStep } from './service-token-step.js';

// Encoding lives apart from the zod schemas so that a browser bundle that only encodes (the tokenizer's card path)
// does not carry zod's object machinery; decoding, which must validate untrusted input, uses the schemas.

/**
 * Encodes a service token envelope as base64 of its UTF-8 JSON. Identical output in browsers and Node.
 * Throws {@link ServiceTokenError} if the envelope lacks its type, token or provider, or has a card-number or CVC field.
 */
export function encodeServiceToken(token: ServiceToken): string {
  if (typeof token !== 'object' || token === null) throw new ServiceTokenError('invalid_shape', 'Service token needs a type, token and provider');
  if (findCardDataField(token) !== undefined) {
    throw new ServiceTokenError('sensitive_data', 'Service token must not hold card data');
  }
  const { type, token: providerToken, provider } = token as Partial<ServiceToken>;
  if (!/^(card|apple_pay|google_pay)$/.test(type as string) || !isText(providerToken, 4096) || !isText(provider, 200)) {
    throw new ServiceTokenError('invalid_shape', 'Service token needs a type, token and provider');
  }
  return encodeBase64Utf8(serviceTokenStep(() => JSON.stringify(token), 'invalid_shape', 'Service token must be plain JSON data'));
}

function isText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= maxLength;
}
