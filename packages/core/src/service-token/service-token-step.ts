import { ServiceTokenError, type ServiceTokenErrorReason } from './service-token-error.js';

/** Runs one step of encoding or decoding; if it throws, throws a {@link ServiceTokenError} with `reason` instead. */
export function serviceTokenStep<T>(step: () => T, reason: ServiceTokenErrorReason, message: string): T {
  try {
    return step();
  } catch {
    throw new ServiceTokenError(reason, message);
  }
}
