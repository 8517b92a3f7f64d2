import type { BasisTheoryApiError as PublishedApiError, BasisTheoryValidationError as PublishedValidationError, FieldError } from '@basis-theory/web-elements';
import type { BtErrorClasses, FieldErrorDetails } from './bt-client-state.js';

// Parts of the Basis Theory Elements emulation's client (`./bt-elements-client.ts`, served beside it): its errors,
// Basis Theory's two classes and what the emulation does not emulate.

/** Basis Theory's two error classes, as web-elements declares them: a message and two fields of their own. */
export function btErrorClasses(): BtErrorClasses {
  const BasisTheoryValidationError = class extends Error implements PublishedValidationError<FieldErrorDetails> {
    declare readonly details: FieldErrorDetails;
    declare readonly validation: FieldError[] | undefined;
    constructor(message: string, details: FieldErrorDetails, validation?: FieldError[]) {
      super(message);
      this.name = 'BasisTheoryValidationError';
      this.details = details;
      this.validation = validation;
    }
  };
  Object.defineProperty(BasisTheoryValidationError, 'name', { value: 'BasisTheoryValidationError' });
  const BasisTheoryApiError = class extends Error implements PublishedApiError {
    declare readonly status: number;
    declare readonly data: unknown;
    constructor(message: string, status: number, data: unknown) {
      super(message);
      this.name = 'BasisTheoryApiError';
      this.status = status;
      this.data = data;
    }
  };
  Object.defineProperty(BasisTheoryApiError, 'name', { value: 'BasisTheoryApiError' });
  return { BasisTheoryValidationError, BasisTheoryApiError };
}

/** The error of a member the emulation does not emulate. */
export function notEmulated(name: string): Error {
  return new Error(name + ' is not emulated by the Tessera sandbox');
}

/** A member that rejects: not emulated. */
export function rejectNotEmulated(name: string): () => Promise<never> {
  return () => Promise.reject(notEmulated(name));
}

/** A member that throws: not supported. */
export function notSupported(name: string): () => never {
  return () => {
    throw new Error(name + ' is not supported by the sandbox emulation');
  };
}
