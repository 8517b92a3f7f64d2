import type {
  BasisTheoryApiError as PublishedApiError,
  BasisTheoryValidationError as PublishedValidationError,
  CardMetadata,
  ElementMetadata,
  EventType,
  FieldError,
  FieldErrorType,
  ICardElement,
  ICardExpirationDateElement,
  ICardNumberElement,
  ICardVerificationCodeElement,
  ITextElement,
  Token,
} from '@basis-theory/web-elements';
import type { BtElementPage, BtElementType } from './bt-elements-messages.js';

// What the Basis Theory Elements emulation's client (`./bt-elements-client.ts`) and its parts share (types only).

/** What the client keeps of one element it created; the page holds only the element object. */
export interface ElementInternals {
  id: string;
  type: BtElementType;
  /** The options as given to `createElement` and `update`, merged. */
  options: Record<string, unknown>;
  frame: HTMLIFrameElement | null;
  ready: boolean;
  mounting: { resolve: () => void; reject: (error: Error) => void } | null;
  listeners: Partial<Record<EventType, Listener[]>>;
  metadata: ElementMetadata;
  cardMetadata: CardMetadata | undefined;
}

/**
 * A listener as `on` takes it: of the events of the type it listens to (web-elements' `ElementEventListener`), which
 * is the type of every event it is given.
 */
export type Listener = (event: never) => void;

/** A tokenization under way: its promise, and the element whose frame gathers the values and calls the vault. */
export interface TokenRequest {
  resolve: (token: Token) => void;
  reject: (error: Error) => void;
  leader: ElementInternals;
}

/** The element objects the emulation makes: web-elements' own, one per emulated type. */
export type EmulatedElement = ICardElement | ICardNumberElement | ICardExpirationDateElement | ICardVerificationCodeElement | ITextElement;

/** A validation error's `details`: each field's error type, by its target id. */
export type FieldErrorDetails = Record<string, { type: FieldErrorType }>;

/** Basis Theory's two error classes, as web-elements declares them: a message and two fields of their own. */
export interface BtErrorClasses {
  BasisTheoryValidationError: new (message: string, details: FieldErrorDetails, validation?: FieldError[]) => PublishedValidationError<FieldErrorDetails>;
  BasisTheoryApiError: new (message: string, status: number, data: unknown) => PublishedApiError;
}

/** The client on its page: where its frames are, the key, and the elements and tokenizations it keeps. */
export interface BtClient {
  pages: Readonly<Record<BtElementType, BtElementPage>>;
  /** The script's own origin, its element pages' and vault's. */
  ownOrigin: string;
  /** Where the element pages are (`…/hosted-elements/`). */
  hostedBase: string;
  /** Set by init; no element exists before it. */
  apiKey: string | undefined;
  /** The BroadcastChannel the frames gather values over, named at random. */
  channelName: string;
  errors: BtErrorClasses;
  byObject: WeakMap<object, ElementInternals>;
  all: ElementInternals[];
  requests: Record<string, TokenRequest>;
}
