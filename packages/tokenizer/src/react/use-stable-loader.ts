import { useMemo, useRef } from 'react';
import type { ThreeDSOptions } from '@tessera/tokenizer';

type Loader = NonNullable<ThreeDSOptions['loadWebThreeds']>;

/**
 * The page's `loadWebThreeds` as one function for the component's life, which calls the latest rendered one: a
 * loader written inline (`() => import('@basis-theory/web-threeds')`, a new function each render) would otherwise
 * make a new 3DS helper on each render, and with it a new call that closes the running challenge and opens another.
 * `undefined` when the page gives none (the helper's default then applies).
 */
export function useStableLoader(loadWebThreeds: Loader | undefined): Loader | undefined {
  const latest = useRef(loadWebThreeds);
  latest.current = loadWebThreeds;
  const given = loadWebThreeds !== undefined;
  return useMemo(() => (given ? () => (latest.current as Loader)() : undefined), [given]);
}
