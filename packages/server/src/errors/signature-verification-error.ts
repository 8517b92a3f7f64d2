import { TesseraError } from '@tessera/core';

/**
 * Why a webhook delivery was refused by `constructEvent`: `missing_signature` (no signature value), `invalid_signature`
 * (not in a known format, or no HMAC matches the body and secret), `timestamp_outside_tolerance` (signed too long ago
 * or in the future: a replay, or a skewed clock) or `invalid_payload` (the body is not text or bytes, or, once
 * verified, not a JSON event).
 */
export type SignatureVerificationCode = 'missing_signature' | 'invalid_signature' | 'timestamp_outside_tolerance' | 'invalid_payload';

/**
 * A webhook delivery could not be verified: answer it with a 400 and do not act on it. The message never holds the
 * secret, the signature or the body.
 */
export class TesseraSignatureVerificationError extends TesseraError {
  static override readonly brand: string = 'SignatureVerification';
  /** Why it was refused. */
  declare readonly code: SignatureVerificationCode;

  constructor(code: SignatureVerificationCode, message: string, options?: ErrorOptions) {
    super(code, message, options);
  }
}
