// `@tessera/tokenizer/basis-theory`: the one module that names `@basis-theory/web-threeds`, so the main entry
// bundles (SSR, esbuild, wrangler) without the optional peer installed. The import stays dynamic: importing this
// entry loads nothing until a 3DS session or challenge starts.
// It imports the main entry by name (like the React entry), so both share one copy of the modal's state.
import { createThreeDS as createThreeDSWith, type ThreeDS, type ThreeDSOptions, type WebThreedsModule } from '@tessera/tokenizer';

/** Loads `@basis-theory/web-threeds` with a dynamic `import()`. */
export const loadWebThreeds = (): Promise<WebThreedsModule> => import('@basis-theory/web-threeds') as Promise<WebThreedsModule>;

/**
 * {@link ThreeDSOptions} with `loadWebThreeds` already set: `createThreeDS({ environment: 'production' })` runs 3DS
 * through `@basis-theory/web-threeds` (install it next to `@tessera/tokenizer`).
 */
export function createThreeDS(options: ThreeDSOptions): ThreeDS {
  return createThreeDSWith({ loadWebThreeds, ...options });
}
