import { TesseraError } from '@tessera/core';

/** Why card fields refused a call. */
export type FieldsErrorReason =
  /** `mount` was called while the fields are mounted (or mounting): `unmount()` first. */
  | 'already_mounted'
  /** A container selector matched no element. */
  | 'container_not_found'
  /** `tokenize` (or a `mount` still loading) was cut short by `unmount()`. */
  | 'unmounted'
  /** `tokenize`, `focus` or `clear` was called before `mount` resolved. */
  | 'not_mounted'
  /** Basis Theory's elements (or the sandbox's emulation of them) could not be loaded or mounted. */
  | 'load_failed'
  /** There is no DOM (server-side rendering): mount in the browser, e.g. in an effect. */
  | 'no_dom';

/**
 * Card fields refused a call: mounted twice, a container that does not exist, a tokenization cut short by
 * `unmount()`, Basis Theory's elements that did not load. Nothing the customer typed is ever in it.
 */
export class TesseraFieldsError extends TesseraError {
  static override readonly brand: string = 'Fields';
  /** Which check failed. */
  declare readonly reason: FieldsErrorReason;

  constructor(reason: FieldsErrorReason, message: string, options?: ErrorOptions) {
    super(`fields_${reason}`, message, { ...options, reason });
  }
}
