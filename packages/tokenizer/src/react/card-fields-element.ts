import { createElement, type ReactElement, useEffect, useRef, useState } from 'react';
// Types only: the React entry never imports the fields entry (which names the optional peer @basis-theory/web-elements).
import type { CardFieldName, CardFields as CardFieldsObject, CardFieldsState } from '@tessera/tokenizer/fields';

/** Props of {@link CardFields}. */
export interface CardFieldsProps {
  /** The card fields to mount, from `createCardFields` (`@tessera/tokenizer/fields`); create them once (`useMemo`, or outside the component). */
  fields: CardFieldsObject;
  /** `combined`: number, expiry and CVC in one frame (default); `split`: one frame each. */
  layout?: 'combined' | 'split';
  /** Adds Tessera's labelled cardholder-name input (default `true`). */
  name?: boolean;
  /** Class of the wrapping `<div>`; each field's container has `data-tessera-field` (`card`, `number`, `expiry`, `cvc`, `name`) to style. */
  className?: string;
  /** Every frame can take input. */
  onReady?: () => void;
  /** A field changed: the fields' state (never what was typed). */
  onChange?: (state: CardFieldsState, field: CardFieldName) => void;
  onFocus?: (field: CardFieldName) => void;
  onBlur?: (field: CardFieldName) => void;
  /** Mounting failed (a `TesseraFieldsError`, or a `TesseraConfigurationError` when the peer is not installed). */
  onError?: (error: Error) => void;
}

const layouts: Record<'combined' | 'split', CardFieldName[]> = { combined: ['card'], split: ['number', 'expiry', 'cvc'] };

/**
 * Renders the containers of card fields and mounts `fields` into them; unmounts on unmount (StrictMode's second
 * mount wins). Tokenize with `fields.tokenize()` from your submit handler and send the service token to your server.
 */
export function CardFields(props: CardFieldsProps): ReactElement {
  const { fields, layout = 'combined', name = true, className } = props;
  const callbacks = useRef(props);
  callbacks.current = props;
  const containers = useRef(new Map<CardFieldName, HTMLDivElement>());
  const names = [...layouts[layout], ...(name ? (['name'] as const) : [])];

  useEffect(() => {
    const element = (field: CardFieldName) => containers.current.get(field) as HTMLDivElement;
    const stops = [
      fields.on('ready', () => callbacks.current.onReady?.()),
      fields.on('change', (event) => callbacks.current.onChange?.(event.state, event.field)),
      fields.on('focus', (event) => callbacks.current.onFocus?.(event.field)),
      fields.on('blur', (event) => callbacks.current.onBlur?.(event.field)),
    ];
    const targets = layout === 'combined' ? { card: element('card') } : { number: element('number'), expiry: element('expiry'), cvc: element('cvc') };
    fields.mount({ ...targets, ...(name ? { name: element('name') } : {}) }).catch((error: unknown) => {
      // Unmounted while loading (StrictMode, a fast navigation): not an error, the next mount takes over.
      if ((error as { reason?: unknown }).reason !== 'unmounted') callbacks.current.onError?.(error instanceof Error ? error : new Error(String(error)));
    });
    return () => {
      for (const stop of stops) stop();
      fields.unmount();
    };
  }, [fields, layout, name]);

  return createElement(
    'div',
    { className },
    names.map((field) =>
      createElement('div', {
        key: field,
        'data-tessera-field': field,
        ref: (node: HTMLDivElement | null) => {
          if (node) containers.current.set(field, node);
          else containers.current.delete(field);
        },
      }),
    ),
  );
}

/**
 * The state of card fields (complete, valid, empty, brand, per-field errors), re-rendered on every change: e.g. to
 * enable the Pay button once `state.complete`. `undefined` without fields.
 */
export function useCardFieldsState(fields: CardFieldsObject | undefined): CardFieldsState | undefined {
  const [state, setState] = useState(() => fields?.getState());
  useEffect(() => {
    if (!fields) return undefined;
    setState(fields.getState());
    const stops = [fields.on('change', (event) => setState(event.state)), fields.on('ready', () => setState(fields.getState()))];
    return () => {
      for (const stop of stops) stop();
    };
  }, [fields]);
  return state;
}
