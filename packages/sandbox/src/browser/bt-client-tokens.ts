import type { CreateToken, Token } from '@basis-theory/web-elements';
import type { BtElementReference, BtTokenPayload } from './bt-elements-messages.js';
import type * as errors from './bt-client-errors.js';
import type * as frames from './bt-client-frames.js';
import type * as ids from './bt-client-random-id.js';
import type { BtClient, ElementInternals } from './bt-client-state.js';

// Parts of the Basis Theory Elements emulation's client (`./bt-elements-client.ts`, served beside it): `tokens.create`
// with elements in the token, the values staying in the frames.

declare const notEmulated: typeof errors.notEmulated;
declare const send: typeof frames.send;
declare const randomId: typeof ids.randomId;

/** The token model with each element (or ElementWrapper) replaced by a reference the frames resolve; the elements in `used`. */
export function withReferences(client: BtClient, value: unknown, used: ElementInternals[]): unknown {
  if (value && typeof value === 'object') {
    const wrapper = value as { element?: unknown; method?: unknown; formattingOptions?: { format?: unknown } };
    let internals = client.byObject.get(value);
    let reference: BtElementReference | null = null;
    if (internals) reference = { __btEmulationElement: internals.id };
    else if (wrapper.element && typeof wrapper.element === 'object' && client.byObject.get(wrapper.element)) {
      internals = client.byObject.get(wrapper.element);
      if (internals) reference = { __btEmulationElement: internals.id, method: String(wrapper.method) };
      if (reference && wrapper.formattingOptions && typeof wrapper.formattingOptions.format === 'string') reference.format = wrapper.formattingOptions.format;
    }
    if (internals) {
      if (used.indexOf(internals) < 0) used.push(internals);
      return reference;
    }
    if (Array.isArray(value)) return value.map((item: unknown) => withReferences(client, item, used));
    const out: Record<string, unknown> = {};
    Object.keys(value).forEach((key) => {
      out[key] = withReferences(client, (value as Record<string, unknown>)[key], used);
    });
    return out;
  }
  return value;
}

/**
 * `tokens.create(model)`: the model, its elements as references, sent to the first element's frame, which gathers
 * the values and calls the vault; settled by its result (`./bt-client-frames.ts`).
 */
export function newToken(client: BtClient, model: CreateToken): Promise<Token> {
  return Promise.resolve().then(() => {
    const { BasisTheoryValidationError } = client.errors;
    if (!model || typeof model !== 'object') throw new BasisTheoryValidationError('The token to create must be an object', {});
    const used: ElementInternals[] = [];
    // An object, as the model is.
    const payload = withReferences(client, model, used) as BtTokenPayload;
    if (used.length === 0) throw notEmulated('tokens.create without an element in data');
    if (used.some((internals) => !internals.ready)) throw new BasisTheoryValidationError('An element of the token is not mounted', {});
    const leader = used[0] as ElementInternals;
    const requestId = randomId();
    return new Promise<Token>((resolve, reject) => {
      client.requests[requestId] = { resolve, reject, leader };
      send(client, leader, { type: 'bt-emulation:tokenize', requestId, payload });
    });
  });
}
