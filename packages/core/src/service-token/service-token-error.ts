import { TesseraError } from '../errors/error-classes.js';

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

/** Longest encoded token accepted (a real one is well under 2 KB). */
export const MAX_SERVICE_TOKEN_LENGTH = 16_384;
