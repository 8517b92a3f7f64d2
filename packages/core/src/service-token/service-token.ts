import * as z from 'zod/mini';
import { decodeBase64Utf8 } from '../plumbing/base64.js';
import { findCardDataField } from '../card/find-card-data-field.js';
import { MAX_SERVICE_TOKEN_LENGTH, ServiceTokenError } from './service-token-error.js';
import { serviceTokenStep } from './service-token-step.js';
import { toFieldErrors } from '../errors/validation.js';

const looseText = z.optional(z.nullable(z.string()));
const looseNumber = z.optional(z.nullable(z.number()));

/**
 * Non-sensitive card facts carried in a service token (section 2.3). Every field is optional and loosely typed,
 * as in the document and as the vendor's own library writes them (`last4: ''`, a 9-digit `bin`, a two-digit
 * `expiryYear`, `expiryMonth: 0` for a wallet, `null` issuer fields, extra fields such as `cardType` or
 * `binDetails`): nothing here is checked beyond its JSON type. Read them as hints, not as validated card facts.
 */
export const serviceTokenMetadata = z.looseObject({
  last4: looseText,
  brand: looseText,
  bin: looseText,
  expiryMonth: looseNumber,
  expiryYear: looseNumber,
  funding: looseText,
  fingerprint: looseText,
  /** `sca_required` or `optional` in the document. */
  authentication: looseText,
  issuer: z.optional(z.nullable(z.looseObject({ name: looseText, country: looseText }))),
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

function checkEnvelope(value: unknown): ServiceToken {
  if (findCardDataField(value) !== undefined) {
    throw new ServiceTokenError('sensitive_data', 'Service token must not hold card data');
  }
  const result = z.safeParse(serviceToken, value, { reportInput: true });
  if (!result.success) {
    const fields = toFieldErrors(result.error.issues).map((f) => `${f.field || '(root)'} ${f.message}`);
    throw new ServiceTokenError('invalid_shape', `Service token has an invalid shape: ${fields.join('; ')}`);
  }
  return result.data;
}

/**
 * Decodes and validates a service token string. Throws {@link ServiceTokenError} for anything that is not a
 * well-formed envelope, including one with a card-number or CVC field (see `findCardDataField`).
 */
export function decodeServiceToken(encoded: string): ServiceToken {
  if (typeof encoded !== 'string' || encoded.trim() === '') {
    throw new ServiceTokenError('not_base64', 'Service token must be a non-empty string');
  }
  if (encoded.length > MAX_SERVICE_TOKEN_LENGTH) {
    throw new ServiceTokenError('too_large', `Service token is longer than ${MAX_SERVICE_TOKEN_LENGTH} characters`);
  }
  const json = serviceTokenStep(() => decodeBase64Utf8(encoded), 'not_base64', 'Service token is not base64-encoded UTF-8');
  return checkEnvelope(serviceTokenStep((): unknown => JSON.parse(json), 'not_json', 'Service token does not contain JSON'));
}
