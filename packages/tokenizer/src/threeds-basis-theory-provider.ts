import type { ThreeDSLocalSession, ThreeDSProvider } from './threeds-provider.js';

/** Options of {@link basisTheoryThreeDSProvider}. */
export interface BasisTheoryThreeDSOptions {
  /** Your Basis Theory *public* (browser) key. Never a secret key. */
  publicKey: string;
  /** Overrides Basis Theory's API base URL. */
  apiBaseUrl?: string;
  /** Disables the library's telemetry. */
  disableTelemetry?: boolean;
  /** Loads the library; defaults to `import('@basis-theory/web-threeds')`. For tests and custom bundling. */
  load?: () => Promise<BasisTheoryModule>;
}

/** The part of `@basis-theory/web-threeds` the adapter uses. */
export interface BasisTheoryModule {
  BasisTheory3ds: (
    apiKey: string,
    options?: { apiBaseUrl?: string; disableTelemetry?: boolean },
  ) => { createSession(request: { tokenId: string }): Promise<{ id: string; cardBrand?: string; additionalCardBrands?: string[] }> };
}

/**
 * Adapter for `@basis-theory/web-threeds` (an optional peer dependency). The library is loaded with a dynamic
 * `import()` the first time a session is created, so pages that do not use it never download it.
 */
export function basisTheoryThreeDSProvider(options: BasisTheoryThreeDSOptions): ThreeDSProvider {
  const load = options.load ?? ((): Promise<BasisTheoryModule> => import('@basis-theory/web-threeds'));
  let client: ReturnType<BasisTheoryModule['BasisTheory3ds']> | undefined;
  return {
    name: 'basis_theory',
    async createSession({ instrument }): Promise<ThreeDSLocalSession> {
      if (!client) {
        const { BasisTheory3ds } = await load();
        const config: { apiBaseUrl?: string; disableTelemetry?: boolean } = {};
        if (options.apiBaseUrl !== undefined) config.apiBaseUrl = options.apiBaseUrl;
        if (options.disableTelemetry !== undefined) config.disableTelemetry = options.disableTelemetry;
        client = BasisTheory3ds(options.publicKey, config);
      }
      const session = await client.createSession({ tokenId: instrument.tokenId });
      const metadata: Record<string, unknown> = {};
      if (session.cardBrand !== undefined) metadata.cardBrand = session.cardBrand;
      if (session.additionalCardBrands !== undefined) metadata.additionalCardBrands = session.additionalCardBrands;
      return { sessionId: session.id, metadata };
    },
  };
}
