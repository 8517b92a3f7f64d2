import { act, createElement, StrictMode, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

/** A React root of a browser test file, as {@link strictModeRoot} makes it. */
export interface StrictModeRoot {
  /** Renders `element` in StrictMode (effects run twice), under `act`, into a fresh element appended to the page. */
  render(element: ReactElement): void;
  /** Unmounts what was rendered (under `act`), as a page that drops the component does. */
  unmount(): void;
  /** The element the last render went into. */
  readonly host: HTMLElement | undefined;
}

/**
 * The React root of a browser test file: React told it runs under `act`, and after each test what it rendered is
 * unmounted and its element removed. Call it once, at the top of the file.
 */
export function strictModeRoot(): StrictModeRoot {
  let root: Root | undefined;
  let host: HTMLElement | undefined;
  const unmount = (): void => {
    act(() => root?.unmount());
    root = undefined;
  };
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    unmount();
    host?.remove();
  });
  return {
    render(element) {
      host = document.createElement('div');
      document.body.append(host);
      root = createRoot(host);
      act(() => root?.render(createElement(StrictMode, null, element)));
    },
    unmount,
    get host() {
      return host;
    },
  };
}
