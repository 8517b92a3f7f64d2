import type {
  AutoCompleteValue,
  CardChangeEvent,
  CardElementAutoComplete,
  CardElementPlaceholder,
  CardElementStyle,
  ChangeEvent,
  FieldError,
  InputBlurEvent,
  InputFocusEvent,
  InputKeydownEvent,
  ReadyEvent,
  SanitizedElementOptions,
  Token,
} from '@basis-theory/web-elements';

// The messages between the Basis Theory Elements emulation's client (`./bt-elements-client.ts`, in the page) and its
// element frames (`./bt-element-frame.ts`), over `postMessage` between the page and each frame on the sandbox's
// origin. Types only: both sides are served as their source.

/** An element type the emulation serves (of web-elements' `ElementType`). */
export type BtElementType = 'card' | 'cardNumber' | 'cardExpirationDate' | 'cardVerificationCode' | 'text';

/** What the client knows of an element type's page: its file under `hosted-elements/`, and its iframe's title. */
export interface BtElementPage {
  file: string;
  title: string;
}

/**
 * The element options the client passes on to its frame (copied as JSON, a `RegExp` as itself; functions dropped):
 * web-elements' own, with the card element's placeholder and autoComplete per input, and `aria-label` as the text
 * element takes it.
 */
export type BtFrameOptions = Pick<
  SanitizedElementOptions,
  'targetId' | 'ariaLabel' | 'title' | 'disabled' | 'readOnly' | 'skipLuhnValidation' | 'cardBrand' | 'validation' | 'maxLength' | 'password' | 'inputMode'
> & {
  placeholder?: string | CardElementPlaceholder;
  autoComplete?: AutoCompleteValue | CardElementAutoComplete;
  'aria-label'?: string;
  style?: CardElementStyle;
};

/** Where an element (or an `ElementWrapper` of one) stood in a token model: the frames put its value there. */
export interface BtElementReference {
  __btEmulationElement: string;
  /** `month` or `year` of a `cardExpirationDate`, or `format` with `format` its pattern. */
  method?: string;
  format?: string;
}

/** A token model with each element replaced by a {@link BtElementReference}. */
export type BtTokenPayload = Readonly<Record<string, unknown>>;

/** The client to a frame; a frame takes them only from its parent window, on that window's origin. */
export type BtClientMessage =
  | { type: 'bt-emulation:init'; elementId: string; channel: string; apiKey: string; options: BtFrameOptions }
  | { type: 'bt-emulation:update'; options: BtFrameOptions }
  | { type: 'bt-emulation:validate' | 'bt-emulation:clear' | 'bt-emulation:focus' | 'bt-emulation:blur' }
  | { type: 'bt-emulation:tokenize'; requestId: string; payload: BtTokenPayload }
  /** The sandbox's test hook (not the client's): types `value` into the input `target` (default the first). */
  | { type: 'tessera-sandbox:fill'; value: string; target?: string };

/** A change as a frame reports it: every field of web-elements' `ChangeEvent`, and a card number's facts. */
export type BtChangeEvent = Required<ChangeEvent> & Partial<Pick<CardChangeEvent, 'cardBrand' | 'cardLast4' | 'cardBin'>>;

/** An event a frame reports, as web-elements' element emits it. */
export type BtElementEvent = ReadyEvent | BtChangeEvent | InputFocusEvent | InputBlurEvent | InputKeydownEvent;

/**
 * How a tokenization ended: the vault's token (camel-cased, CVC removed; `null` if it answered no body), the fields'
 * errors, the vault's error answer, or the elements in the wrong place (`misplaced`), gone (`unmounted`) or the vault
 * out of reach (`network`).
 */
export type BtTokenizeResult =
  | { token: Token | null }
  | { validation: FieldError[] }
  | { apiError: { status: number; data: unknown } }
  | { error: 'misplaced' | 'unmounted' | 'network' };

/** A frame to the client, on the client's origin. */
export type BtFrameMessage =
  | { type: 'bt-emulation:loaded' }
  | { type: 'bt-emulation:event'; event: BtElementEvent }
  | ({ type: 'bt-emulation:result'; requestId: string } & BtTokenizeResult);
