import type {
  BaseElement,
  BasisTheoryElements,
  CardChangeEvent,
  CardElementPlaceholder,
  CardElementStyle,
  ChangeEvent,
  CreateToken,
  ICardElement,
  ICardExpirationDateElement,
  ICardNumberElement,
  ICardVerificationCodeElement,
  SafeCSSProperty,
  Subscription,
} from '@basis-theory/web-elements';
import { type AbortOptions, TesseraAbortError, TesseraTimeoutError, TesseraValidationError, type FieldError } from '@tessera/core';
import { cardBrandOfVaultId } from '@tessera/core/internal';
import { TesseraConfigurationError } from '../errors/errors.js';
import { basisTheoryTokenOf, readBasisTheoryToken, type KnownCardFacts } from '../vault/basis-theory-token.js';
import { toVaultCardData } from '../vault/card-data-fields.js';
import { resolveVaultConnection, type VaultConnectionOptions } from '../vault/environment.js';
import { tokenizedCardFrom, type TokenizedCardResult } from '../vault/tokenized-card.js';
import { createCardholderNameInput, type CardholderNameInput } from './cardholder-name-input.js';
import { fromElementsError } from './element-errors.js';
import { withCardFacts } from './element-token.js';
import { withoutUndefined } from '../platform/without-undefined.js';
import { markFieldContainer, type FieldContainerMarks } from './field-container.js';
import { blockingErrors, cardPartErrors, type CardFieldName, type CardFieldsState, type CardFieldState, combinedState, fieldError, inputNameOf, labelOf } from './field-state.js';
import { TesseraFieldsError } from './fields-error.js';
import { loadWebElementsClient, type WebElementsClient, type WebElementsLoader } from './web-elements-client.js';

/** A container: a CSS selector, or the element itself. */
export type FieldContainer = string | Element;

/**
 * Where to mount: `card` (number, expiry and CVC in one Basis Theory frame), or `number`, `expiry` and `cvc` (one frame
 * each); and `name`, where Tessera adds a labelled cardholder-name input of its own (optional).
 */
export type CardFieldsTargets = ({ card: FieldContainer } | { number: FieldContainer; expiry: FieldContainer; cvc: FieldContainer }) & { name?: FieldContainer };

/** The CSS properties Basis Theory lets a page set inside its frames (its `SAFE_CSS_PROPERTIES`). */
export type CardFieldsCssProperty =
  | 'backgroundColor'
  | 'color'
  | 'fontFamily'
  | 'fontSize'
  | 'fontSmooth'
  | 'fontStyle'
  | 'fontVariant'
  | 'fontWeight'
  | 'letterSpacing'
  | 'lineHeight'
  | 'padding'
  | 'textAlign'
  | 'textDecoration'
  | 'textShadow'
  | 'textTransform';
// Fails to compile if BT's list and this one differ (spelled here so Tessera's published types never name the peer).
type Check<T extends true> = T;
/** @internal Compile-time check only. */
export type SameCssPropertiesAsBasisTheory = Check<[Exclude<SafeCSSProperty, CardFieldsCssProperty>, Exclude<CardFieldsCssProperty, SafeCSSProperty>] extends [never, never] ? true : false>;

/** CSS declarations in camelCase (`{ color: '#1a1a1a', fontSize: '16px' }`). */
export type CardFieldsCss = Partial<Record<CardFieldsCssProperty, string>>;

/** CSS of one state of the fields: Basis Theory's safe properties, plus `:hover`, `:focus` and `::placeholder`. */
export type CardFieldsStyleRules = CardFieldsCss & { ':hover'?: CardFieldsCss; ':focus'?: CardFieldsCss; '::placeholder'?: CardFieldsCss };

/**
 * The styling Basis Theory's elements accept (a documented subset of its `CardElementStyle`): `base` always, then
 * `complete`, `invalid` or `empty` on top by state; each with BT's safe properties only (`color`, `fontFamily`,
 * `fontSize`, `fontSmooth`, `fontStyle`, `fontVariant`, `fontWeight`, `letterSpacing`, `lineHeight`, `padding`,
 * `textAlign`, `textDecoration`, `textShadow`, `textTransform`, `backgroundColor`); `fonts` lists font stylesheet URLs
 * the frames may load. The container's own border, size and focus ring are the page's CSS on the container.
 */
export interface CardFieldsStyle {
  base?: CardFieldsStyleRules;
  complete?: CardFieldsStyleRules;
  invalid?: CardFieldsStyleRules;
  empty?: CardFieldsStyleRules;
  fonts?: string[];
}

/** A text for each input: placeholders or accessible labels. */
export interface CardFieldsText {
  cardNumber?: string;
  expiryDate?: string;
  cvc?: string;
  cardholderName?: string;
}

/** Options of `createCardFields`. */
export interface CardFieldsOptions extends VaultConnectionOptions {
  /**
   * Loads `@basis-theory/web-elements`. The fields entry's default imports it (an optional peer: install it); set it to
   * hand in your own copy, or a stand-in in tests.
   */
  loadWebElements?: WebElementsLoader;
  /** Styling of the inputs inside the frames. */
  style?: CardFieldsStyle;
  /** Placeholders. Default: Basis Theory's. */
  placeholders?: CardFieldsText;
  /** Accessible labels of the inputs (`aria-label` in the frames; the text of the name input's `<label>`). */
  labels?: CardFieldsText;
  /**
   * Lets Basis Theory's loader send its telemetry (errors and load events, with the page URL and user agent) to
   * Datadog. Default `false`: off. Always off against the sandbox.
   */
  enableTelemetry?: boolean;
}

/** An event of the card fields. None carries what was typed: only states, the brand and the field's name. */
export type CardFieldsEvent =
  | { type: 'ready' }
  | { type: 'change'; field: CardFieldName; state: CardFieldsState }
  | { type: 'focus'; field: CardFieldName }
  | { type: 'blur'; field: CardFieldName };

/** Options of {@link CardFields.tokenize}. */
export interface CardFieldsTokenizeOptions extends AbortOptions {
  /** Moves the focus to the first field that blocks tokenizing, when one does. Default `true`. */
  focusInvalid?: boolean;
}

/** A listener of one {@link CardFieldsEvent} type. */
export type CardFieldsListener<T extends CardFieldsEvent['type']> = (event: Extract<CardFieldsEvent, { type: T }>) => void;

/** Card fields in Basis Theory's iframes: the page holds these, never the card. */
export interface CardFields {
  /** True between a resolved `mount` and `unmount`. */
  readonly mounted: boolean;
  /**
   * Loads Basis Theory's elements and mounts the fields into the containers. Resolves when the frames are in the page
   * (`ready` follows when they can take input). Throws `TesseraFieldsError`: `already_mounted`, `container_not_found`,
   * `no_dom`, `load_failed`, `unmounted` (unmounted while loading); or `TesseraConfigurationError` when
   * `@basis-theory/web-elements` is not installed. On any failure nothing it added is left in the page.
   */
  mount(targets: CardFieldsTargets): Promise<void>;
  /** Complete, valid, empty, the brand, each field's state and every field error. */
  getState(): CardFieldsState;
  /** Listens to `ready` (every frame can take input), `change`, `focus` or `blur`; returns the function that stops it. */
  on<T extends CardFieldsEvent['type']>(type: T, listener: CardFieldsListener<T>): () => void;
  /** Moves the focus into a field. */
  focus(field: CardFieldName): void;
  /** Empties every field. */
  clear(): void;
  /** Removes everything the fields added to the page; a tokenization in flight rejects with `TesseraFieldsError` `unmounted`. */
  unmount(): void;
  /**
   * Tokenizes the card in the frames and resolves what `tokenizer.tokenizeCardWithFacts` resolves: the service token
   * for your server and the card facts `createThreeDS().createSession` takes. Incomplete or invalid fields reject
   * with a `TesseraValidationError` naming each (`cardNumber`, `expiryDate`, `cvc`, `cardholderName`; `required` when
   * empty, else `incomplete` or `invalid`) and send nothing. The combined `card` field names its parts the same way:
   * Basis Theory's elements check it in their frames, and refuse before anything is sent. Each refused field is marked
   * (`tessera-field--invalid` on its container, its errors in the container's `role="alert"` element, Basis Theory's
   * `validate()` in its frame) and the focus moves to the first (`focusInvalid: false` keeps it where it is). The
   * vault's refusal is a `TesseraVaultError`; `signal` aborts with `TesseraAbortError`.
   */
  tokenize(options?: CardFieldsTokenizeOptions): Promise<TokenizedCardResult>;
}

type Element_ = ICardElement | ICardNumberElement | ICardExpirationDateElement | ICardVerificationCodeElement;
type MountedPart = { field: CardFieldName; element: Element_; container: Element };

// The state of a field no change event has described yet (BT's elements mount empty), or of the name input.
const filledIn = (filled: boolean): CardFieldState => ({ complete: filled, valid: filled, empty: !filled, errors: [] });
// The split layout: BT's element type of each field, also its `targetId`.
const splitTypes = { number: 'cardNumber', expiry: 'cardExpirationDate', cvc: 'cardVerificationCode' } as const;

function containerOf(target: FieldContainer): Element {
  let element: Element | null = null;
  try {
    element = typeof target === 'string' ? document.querySelector(target) : target;
  } catch {
    // Not a selector at all (`querySelector` throws a SyntaxError): reported like one that matches nothing.
  }
  if (!element) throw new TesseraFieldsError('container_not_found', `No element matches the card field container ${typeof target === "string" ? target : "element"}: render it before mount()`);
  return element;
}

/**
 * Creates card fields (nothing is loaded or touched until `mount`): the card is typed into Basis Theory's element
 * iframes, so the page never holds it. Takes the tokenizer's options (`environment`, `vaultUrl`, `vaultKey`,
 * `timeoutMs`), and `loadWebElements`.
 *
 * One closure on purpose, though over the house's hundred lines: its parts share the fields' state, which the
 * minifier shortens to one-letter names only inside one function. Split into named parts (mount, updates, tokenize,
 * the elements, as tried) the fields path grew by 134 B min+gzip, to 6.56 KB, past its 6.5 KB budget
 * (`bench/bundle-size.mjs`); the page's bytes win.
 */
export function createCardFieldsWith(options: CardFieldsOptions & { loadWebElements: WebElementsLoader }): CardFields {
  const connection = resolveVaultConnection(options);
  const { labels = {}, placeholders = {}, style } = options;
  const listeners = new Set<[type: string, listener: (event: CardFieldsEvent) => void]>();
  const emit = (event: CardFieldsEvent): void => {
    for (const [type, listener] of [...listeners]) if (type === event.type) listener(event);
  };

  let client: WebElementsClient | undefined;
  let status: 'idle' | 'mounting' | 'mounted' = 'idle';
  let parts: MountedPart[] = [];
  let subscriptions: Subscription[] = [];
  let nameInput: CardholderNameInput | undefined;
  let lifetime = new AbortController();
  let fields: Partial<Record<CardFieldName, CardFieldState>> = {};
  let known: KnownCardFacts = {};
  let marks: Partial<Record<CardFieldName, FieldContainerMarks>> = {};
  // What a check (`tokenize`) found each field blocking on, kept up to date as it changes; unset until checked.
  let checked: Partial<Record<CardFieldName, FieldError[]>> = {};

  const teardown = (): void => {
    status = 'idle';
    lifetime.abort();
    for (const subscription of subscriptions) subscription.unsubscribe();
    for (const { element } of parts) {
      try {
        element.unmount();
      } catch {
        // An element whose frame never mounted has nothing to remove.
      }
    }
    nameInput?.remove();
    for (const marked of Object.values(marks)) marked.remove();
    // The client is loaded again on the next mount (BT's loader answers at once with the one already loaded), so the
    // sandbox's client script is in the page only while some fields hold it.
    client?.release?.();
    [client, parts, subscriptions, nameInput, fields, known, marks, checked] = [undefined, [], [], undefined, {}, {}, {}, {}];
  };

  const partOf = (field: CardFieldName): MountedPart | undefined => parts.find((part) => part.field === field);

  // A field's container shows its state: empty, complete, and its errors: before a check only a value BT calls
  // invalid, after one whatever blocks it (the combined card's change events name only parts typed into, so what the
  // check found stands until they name one).
  const paint = (field: CardFieldName, found?: FieldError[]): void => {
    const state = fields[field]!;
    const done = state.complete && state.valid;
    const marked = marks[field]!;
    if (found || checked[field]) checked[field] = found ?? (field === 'card' && !done && !state.errors.length ? checked[field]! : blockingErrors(field, state));
    marked.mark('empty', state.empty);
    marked.mark('complete', done);
    marked.show(checked[field] ?? state.errors.filter((error) => error.code === 'invalid'));
  };

  const changed = (field: CardFieldName): void => {
    paint(field);
    emit({ type: 'change', field, state: combinedState(fields, cardBrandOfVaultId(known.brand)) });
  };

  const focused = (field: CardFieldName, type: 'focus' | 'blur'): void => {
    marks[field]!.mark('focus', type === 'focus');
    emit({ type, field });
  };

  const focusField = (field: CardFieldName): void => (field === 'name' ? nameInput?.input.focus() : partOf(field)?.element.focus());

  const createParts = (elements: BasisTheoryElements, targets: CardFieldsTargets): MountedPart[] => {
    // CSS values are strings here; BT types some (fontWeight) as csstype's narrower unions. BT validates them in the frame.
    if ('card' in targets) {
      const placeholder = { cardNumber: placeholders.cardNumber, cardExpirationDate: placeholders.expiryDate, cardSecurityCode: placeholders.cvc };
      return [{ field: 'card', container: containerOf(targets.card), element: elements.createElement('card', withoutUndefined({ style: style as CardElementStyle, placeholder: placeholder as CardElementPlaceholder })) }];
    }
    return (Object.keys(splitTypes) as (keyof typeof splitTypes)[]).map((field) => {
      const type = splitTypes[field];
      const key = inputNameOf(field) as keyof CardFieldsText;
      // BT takes `aria-label` as the input's whole accessible name: the default keeps the expiry's format.
      const label = labels[key] ?? labelOf(key) + (field === 'expiry' ? ' (MM / YY)' : '');
      const split = elements as unknown as { createElement(type: string, options: object): Element_ };
      return { field, container: containerOf(targets[field]), element: split.createElement(type, withoutUndefined({ style, targetId: type, 'aria-label': label, placeholder: placeholders[key] })) };
    });
  };

  const onChange = (field: CardFieldName, event: ChangeEvent | CardChangeEvent): void => {
    const errors = (event.errors ?? []).map((error) => fieldError(inputNameOf(field, error.targetId), error.type));
    fields[field] = { complete: event.complete, valid: event.valid ?? (event.complete && errors.length === 0), empty: event.empty, errors };
    if ('cardBrand' in event) {
      const detected = event.cardBrand === 'unknown' ? undefined : event.cardBrand;
      if (detected !== known.brand && field === 'number') void (partOf('cvc')?.element as ICardVerificationCodeElement | undefined)?.update({ cardBrand: detected ?? '' }).catch(() => undefined);
      known = { brand: detected, bin: event.cardBin, last4: event.cardLast4 };
    }
    changed(field);
  };

  const subscribe = (part: MountedPart, onReady: () => void): void => {
    const element = part.element as BaseElement<unknown, ChangeEvent | CardChangeEvent | { type: 'ready' | 'focus' | 'blur' }>;
    subscriptions.push(
      element.on('ready', onReady),
      element.on('change', (event) => onChange(part.field, event as ChangeEvent)),
      ...(['focus', 'blur'] as const).map((type) => element.on(type, () => focused(part.field, type))),
    );
  };

  const nameState = (input: CardholderNameInput): CardFieldState => filledIn(input.value() !== '');

  const addNameInput = (container: Element): void => {
    const input = createCardholderNameInput(container, labels.cardholderName ?? 'Name on card', placeholders.cardholderName);
    const marked = markFieldContainer(container, input.input);
    container.append(marked.error);
    [nameInput, marks.name, fields.name] = [input, marked, nameState(input)];
    paint('name');
    input.input.addEventListener('input', () => {
      fields.name = nameState(input);
      changed('name');
    });
    for (const type of ['focus', 'blur'] as const) input.input.addEventListener(type, () => focused('name', type));
  };

  const mount = async (targets: CardFieldsTargets): Promise<void> => {
    if (typeof document === 'undefined') throw new TesseraFieldsError('no_dom', 'Card fields need a DOM: mount them in the browser, not during server-side rendering');
    if (status !== 'idle') throw new TesseraFieldsError('already_mounted', 'The card fields are already mounted: unmount() first');
    const given: Partial<Record<'card' | 'number' | 'expiry' | 'cvc', FieldContainer>> = { ...targets };
    if (given.card === undefined && [given.number, given.expiry, given.cvc].includes(undefined)) {
      throw new TesseraConfigurationError('invalid_option', 'mount() takes { card } or { number, expiry, cvc }, and optionally name');
    }
    // Every container is looked up before anything is loaded or added.
    for (const target of Object.values(targets)) containerOf(target);
    status = 'mounting';
    // Aborted by `unmount()`, which a later mount may follow.
    const mine = (lifetime = new AbortController()).signal;
    const stale = () => new TesseraFieldsError('unmounted', 'The card fields were unmounted while mounting');
    try {
      client = loadWebElementsClient(connection, options.loadWebElements, options.enableTelemetry);
      const elements = await client.elements;
      if (mine.aborted) throw stale();
      parts = createParts(elements, targets);
      let waiting = parts.length;
      for (const part of parts) {
        fields[part.field] = filledIn(false);
        marks[part.field] = markFieldContainer(part.container);
        paint(part.field);
        subscribe(part, () => {
          if (!mine.aborted && --waiting === 0) emit({ type: 'ready' });
        });
      }
      if (targets.name !== undefined) addNameInput(containerOf(targets.name));
      try {
        await Promise.all(parts.map(({ element, container }) => element.mount(container)));
      } catch (error) {
        if (mine.aborted) throw stale();
        throw new TesseraFieldsError('load_failed', "Basis Theory's card fields could not be mounted: check the page's Content-Security-Policy frame-src", { cause: error });
      }
      // After the frame, so the error reads below the field.
      for (const { field, container } of parts) container.append(marks[field]!.error);
      if (mine.aborted) throw stale();
      status = 'mounted';
    } catch (error) {
      if (!mine.aborted) teardown();
      throw error;
    }
  };

  const tokenize = async ({ signal, focusInvalid = true }: CardFieldsTokenizeOptions = {}): Promise<TokenizedCardResult> => {
    assertMounted();
    const loaded = client!.elements;
    const ending = lifetime.signal;
    const stopped = (): Error =>
      signal?.aborted
        ? new TesseraAbortError(undefined, { cause: signal.reason })
        : ending.aborted
          ? new TesseraFieldsError('unmounted', 'The card fields were unmounted while tokenizing: mount them again and retry')
          : new TesseraTimeoutError(`The vault did not answer within ${connection.timeoutMs} ms`);
    if (signal?.aborted) throw stopped();
    const card = partOf('card')?.element as ICardElement | undefined;
    // Set at mount for every mounted part.
    const cardState = fields.card!;
    // The combined element's change events name a part only once something is typed into it, so which parts are
    // empty only its own check knows: BT's `tokens.create` refuses in its frames, naming each part, before anything is
    // sent. An incomplete combined card is handed to it for that answer.
    const askCard = card && !(cardState.complete && cardState.valid);
    // Each field that blocks shows why, and its frame checks itself (BT's `validate()`; the combined card's own check
    // is the `tokens.create` that refused it).
    const check = (field: CardFieldName, found: FieldError[]): FieldError[] => {
      if (found.length > 0) {
        paint(field, found);
        if (field !== 'card') partOf(field)?.element.validate();
      }
      return found;
    };
    // Read again: a value set by script fires no input event.
    if (nameInput) fields.name = nameState(nameInput);
    const errors: FieldError[] = [...parts, ...(nameInput ? [{ field: 'name' as const }] : [])].flatMap(({ field }) => (field === 'card' ? [] : check(field, blockingErrors(field, fields[field]!))));
    const refuse = (named: FieldError[]): Error => {
      // `marks` holds the fields in page order.
      const first = focusInvalid && (Object.keys(marks) as CardFieldName[]).find((field) => checked[field]?.length);
      if (first) focusField(first);
      return new TesseraValidationError(named, `The card is not complete: ${named.map((error) => error.message).join('; ')}`);
    };
    if (errors.length > 0 && !askCard) throw refuse(errors);

    const expiry = partOf('expiry')?.element as ICardExpirationDateElement | undefined;
    const data = card ?? toVaultCardData<unknown>({ number: partOf('number')?.element, expiryMonth: expiry?.month(), expiryYear: expiry?.year(), cvc: partOf('cvc')?.element });
    const name = nameInput?.value();
    const request = { type: 'card', data, ...(name ? { metadata: { cardholder_name: name } } : {}) } as CreateToken;
    const stop = AbortSignal.any([ending, AbortSignal.timeout(connection.timeoutMs), ...(signal ? [signal] : [])]);
    const elements = await loaded;
    const token = await new Promise<unknown>((resolve, reject) => {
      // Checked after the await too: an unmount or abort in the same turn as the call has already fired.
      if (stop.aborted) return reject(stopped());
      stop.addEventListener('abort', () => reject(stopped()), { once: true });
      elements.tokens.create(request).then(resolve, (error: unknown) => {
        const refused = fromElementsError(error);
        reject(askCard && refused instanceof TesseraValidationError ? refuse([...check('card', cardPartErrors(refused.fields, cardState.errors)), ...errors]) : refused);
      });
    });
    // The combined card turned out complete (its change event was still on its way), but the name is missing.
    if (errors.length > 0) throw refuse(errors);
    return tokenizedCardFrom(readBasisTheoryToken(withCardFacts(basisTheoryTokenOf(token), known), 'card'), connection.provider);
  };

  const assertMounted = (): void => {
    if (status !== 'mounted') throw new TesseraFieldsError('not_mounted', 'The card fields are not mounted: await mount() first');
  };

  return {
    get mounted() {
      return status === 'mounted';
    },
    mount,
    getState: () => combinedState(fields, cardBrandOfVaultId(known.brand)),
    on(type, listener) {
      const entry: [string, (event: CardFieldsEvent) => void] = [type, listener as (event: CardFieldsEvent) => void];
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    focus(field) {
      assertMounted();
      focusField(field);
    },
    clear() {
      assertMounted();
      checked = {};
      for (const { element } of parts) element.clear();
      if (nameInput) {
        nameInput.input.value = '';
        fields.name = nameState(nameInput);
        // BT's elements report their own change; the name input is Tessera's, so it reports here.
        changed('name');
      }
    },
    unmount: teardown,
    tokenize,
  };
}
