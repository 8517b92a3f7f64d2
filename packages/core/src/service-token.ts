import * as z from 'zod/mini';
import { decodeBase64Utf8, encodeBase64Utf8 } from './base64.js';
import { luhnCheck } from './card-validation.js';
import { TesseraError } from './errors.js';
import { toFieldErrors } from './validation.js';

/** Non-sensitive card facts carried in a service token (section 2.3). */
export const serviceTokenMetadata = z.looseObject({
  last4: z.optional(z.string().check(z.regex(/^\d{4}$/))),
  brand: z.optional(z.string()),
  bin: z.optional(z.string().check(z.regex(/^\d{6,8}$/))),
  expiryMonth: z.optional(z.int().check(z.minimum(1), z.maximum(12))),
  expiryYear: z.optional(z.int().check(z.minimum(2000), z.maximum(2200))),
  funding: z.optional(z.string()),
  fingerprint: z.optional(z.string()),
  authentication: z.optional(z.enum(['sca_required', 'optional'])),
  issuer: z.optional(z.looseObject({ name: z.optional(z.string()), country: z.optional(z.string()) })),
});
/** Non-sensitive card facts carried in a service token. */
export type ServiceTokenMetadata = z.infer<typeof serviceTokenMetadata>;

/** Kind of instrument a service token stands for. */
export const serviceTokenType = z.enum(['card', 'apple_pay', 'google_pay']);
/** Kind of instrument a service token stands for. */
export type ServiceTokenType = z.infer<typeof serviceTokenType>;

/**
 * The service token envelope (section 2.3, the `TagadaToken` shape). It carries the vault's token and
 * non-sensitive metadata only: never a card number or CVC.
 */
export const serviceToken = z.looseObject({
  type: serviceTokenType,
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  provider: z.string().check(z.minLength(1), z.maxLength(200)),
  nonSensitiveMetadata: z.optional(serviceTokenMetadata),
});
/** The service token envelope (section 2.3). */
export type ServiceToken = z.infer<typeof serviceToken>;
/** The name the interface document gives the service token shape. Same as {@link ServiceToken}. */
export type TagadaToken = ServiceToken;

/** Why a string could not be decoded as a service token. */
export type ServiceTokenErrorReason = 'not_base64' | 'not_json' | 'invalid_shape' | 'sensitive_data' | 'too_large';

/** A service token could not be encoded or decoded. The message never contains the token itself. */
export class ServiceTokenError extends TesseraError {
  /** Which check failed. */
  readonly reason: ServiceTokenErrorReason;

  constructor(reason: ServiceTokenErrorReason, message: string) {
    super('invalid_service_token', message);
    this.name = 'ServiceTokenError';
    this.reason = reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}

/** Longest encoded token accepted (a real one is well under 2 KB). */
export const MAX_SERVICE_TOKEN_LENGTH = 16_384;

// Keys that would carry raw card data, compared without case, "_" or "-".
const sensitiveKeys = new Set(['pan', 'number', 'cardnumber', 'accountnumber', 'primaryaccountnumber', 'cvc', 'cvv', 'cvc2', 'cvv2', 'cvn', 'cid', 'securitycode', 'cardsecuritycode']);

/** Finds raw card data anywhere in a value: a sensitive key, or a string that is a Luhn-valid 12–19 digit number. */
function findSensitiveData(value: unknown, depth = 0): boolean {
  if (depth > 16) return true;
  if (typeof value === 'string') {
    const digits = value.replace(/[\s-]/g, '');
    return /^\d{12,19}$/.test(digits) && luhnCheck(digits);
  }
  if (Array.isArray(value)) return value.some((item) => findSensitiveData(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(
      ([key, item]) => sensitiveKeys.has(key.toLowerCase().replace(/[_-]/g, '')) || findSensitiveData(item, depth + 1),
    );
  }
  return false;
}

function checkEnvelope(value: unknown): ServiceToken {
  if (findSensitiveData(value)) {
    throw new ServiceTokenError('sensitive_data', 'Service token must not contain card numbers or security codes');
  }
  const result = z.safeParse(serviceToken, value, { reportInput: true });
  if (!result.success) {
    const fields = toFieldErrors(result.error.issues).map((f) => `${f.field || '(root)'} ${f.message}`);
    throw new ServiceTokenError('invalid_shape', `Service token has an invalid shape: ${fields.join('; ')}`);
  }
  return result.data;
}

/**
 * Encodes a service token envelope as base64 of its UTF-8 JSON. Identical output in browsers and Node.
 * Throws {@link ServiceTokenError} if the envelope is malformed or carries raw card data.
 */
export function encodeServiceToken(token: ServiceToken): string {
  return encodeBase64Utf8(JSON.stringify(checkEnvelope(token)));
}

/**
 * Decodes and validates a service token string. Throws {@link ServiceTokenError} for anything that is not a
 * well-formed envelope, including one that carries a card number or CVC.
 */
export function decodeServiceToken(encoded: string): ServiceToken {
  if (typeof encoded !== 'string' || encoded.trim() === '') {
    throw new ServiceTokenError('not_base64', 'Service token must be a non-empty string');
  }
  if (encoded.length > MAX_SERVICE_TOKEN_LENGTH) {
    throw new ServiceTokenError('too_large', `Service token is longer than ${MAX_SERVICE_TOKEN_LENGTH} characters`);
  }
  let json: string;
  try {
    json = decodeBase64Utf8(encoded);
  } catch {
    throw new ServiceTokenError('not_base64', 'Service token is not base64-encoded UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ServiceTokenError('not_json', 'Service token does not contain JSON');
  }
  return checkEnvelope(value);
}
