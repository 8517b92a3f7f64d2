import { challengeWindowSizes, type FieldError, TesseraValidationError, type ThreeDSChallenge } from '@tessera/core';
import { MAX_TIMER_MS } from '@tessera/core/internal';
import type { StartChallengeOptions } from './challenge-options.js';
import { isSecureUrl } from '../vault/environment.js';

// The protocol versions the EMV 3DS specification defines for 2.x (1.0.2 is 3DS1, gone): 2.1.0, 2.2.0, 2.3.x.
const emvThreeDSVersion = /^2\.(?:1\.0|2\.0|3\.\d{1,2})$/;
// Session and ACS transaction ids: UUIDs in EMV 3DS and at Basis Theory, prefixed counters in the sandbox.
const challengeId = /^[A-Za-z0-9._:-]{1,128}$/;
const MAX_URL_LENGTH = 2048;

/**
 * Checks a challenge and the options of `startChallenge` once, before any DOM or network: `sessionId` and
 * `acsTransactionId` of 1–128 letters, digits, `.`, `_`, `:` or `-`; `threeDSVersion` one of EMV 3DS's (2.1.0, 2.2.0,
 * 2.3.x); `acsChallengeUrl` https (plain http only on loopback, for the sandbox), at most 2,048 characters. Throws one
 * `TesseraValidationError` naming every bad field; returns the challenge's four values.
 */
export function checkChallengeInput(challenge: ThreeDSChallenge, options: StartChallengeOptions): ThreeDSChallenge {
  const fields: FieldError[] = [];
  const fail = (field: string, code: string, message: string): void => {
    fields.push({ field, code, message });
  };
  const input = (typeof challenge === 'object' && challenge !== null ? challenge : {}) as Partial<Record<keyof ThreeDSChallenge, unknown>>;
  const text = (field: keyof ThreeDSChallenge): string | undefined => {
    const value = input[field];
    if (typeof value === 'string' && value !== '') return value;
    fail(field, 'required', 'is required');
    return undefined;
  };
  const sessionId = text('sessionId');
  if (sessionId !== undefined && !challengeId.test(sessionId)) fail('sessionId', 'invalid_format', 'must be 1-128 letters, digits, ".", "_", ":" or "-"');
  const acsTransactionId = text('acsTransactionId');
  if (acsTransactionId !== undefined && !challengeId.test(acsTransactionId)) {
    fail('acsTransactionId', 'invalid_format', 'must be 1-128 letters, digits, ".", "_", ":" or "-"');
  }
  const threeDSVersion = text('threeDSVersion');
  if (threeDSVersion !== undefined && !emvThreeDSVersion.test(threeDSVersion)) fail('threeDSVersion', 'invalid_value', 'must be an EMV 3DS version: 2.1.0, 2.2.0 or 2.3.x');
  const acsChallengeUrl = text('acsChallengeUrl');
  if (acsChallengeUrl !== undefined && (acsChallengeUrl.length > MAX_URL_LENGTH || !isSecureUrl(acsChallengeUrl))) {
    fail('acsChallengeUrl', 'invalid_format', `must be an https URL of at most ${MAX_URL_LENGTH} characters (plain http only on localhost)`);
  }
  if (options.windowSize !== undefined && !Object.prototype.hasOwnProperty.call(challengeWindowSizes, options.windowSize)) {
    fail('windowSize', 'invalid_value', 'must be "01" to "05"');
  }
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0 && options.timeoutMs <= MAX_TIMER_MS)) {
    fail('timeoutMs', 'invalid_value', `must be from 1 to ${MAX_TIMER_MS}`);
  }
  const { returnFocus } = options;
  if (returnFocus !== undefined && typeof returnFocus !== 'function' && typeof (returnFocus as Partial<HTMLElement> | null)?.focus !== 'function') {
    fail('returnFocus', 'invalid_type', 'must be an element of the page or a function returning one');
  }
  if (fields.length > 0) throw new TesseraValidationError(fields);
  return { sessionId: sessionId!, acsChallengeUrl: acsChallengeUrl!, acsTransactionId: acsTransactionId!, threeDSVersion: threeDSVersion! };
}
