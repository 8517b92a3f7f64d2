import { encodeBase64Utf8 } from './base64.js';
import { findCardDataField } from './card-data-fields.js';
import { TesseraError } from './errors.js';
import type { ServiceToken } from './service-token.js';

// Encoding lives apart from the zod schemas so that a browser bundle that only encodes (the tokenizer's card path)
// does not carry zod's object machinery; decoding, which must validate untrusted input, uses the schemas.

/** Why a string could not be decoded as a service token. */
export type ServiceTokenErrorReason = 'not_base64' | 'not_json' | 'invalid_shape' | 'sensitive_data' | 'too_large';

/** A service token could not be encoded or decoded. The message never contains the token itself. */
export class ServiceTokenError extends TesseraError {
  static override readonly brand: string = 'ServiceToken';
  /** Which check failed. */
  declare readonly reason: ServiceTokenErrorReason;

  constructor(reason: ServiceTokenErrorReason, message: string) {
    super('invalid_service_token', message, { reason });
    this.name = 'ServiceTokenError';
  }
}

/** Runs one step of encoding or decoding; if it throws, throws a {@link ServiceTokenError} with `reason` instead. */
export function serviceTokenStep<T>(step: () => T, reason: ServiceTokenErrorReason, message: string): T {
  try {
    return step();
  } catch {
    throw new ServiceTokenError(reason, message);
  }
}

/** Longest encoded token accepted (a real one is well under 2 KB). */
export const MAX_SERVICE_TOKEN_LENGTH = 16_384;

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
