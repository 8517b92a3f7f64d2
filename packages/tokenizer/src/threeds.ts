import type { ThreeDSChallenge } from '@tessera/core';
import { type ChallengeResult, openChallengeModal, type StartChallengeOptions } from './challenge-modal.js';
import { resolveVaultConnection, type VaultConnectionOptions } from './environment.js';
import { TesseraConfigurationError } from './errors.js';
import type { ThreeDSProvider, ThreeDSSessionInput } from './threeds-provider.js';
import { checkSessionInput } from './threeds-session-input.js';
import { sandboxThreeDSProvider } from './threeds-sandbox-provider.js';

/** Options of {@link createThreeDS}. */
export interface ThreeDSOptions extends VaultConnectionOptions {
  /** The 3DS provider library. Default: the vault's provider (the sandbox's `tessera-sandbox`). */
  provider?: ThreeDSProvider;
  /** Origins besides the ACS URL's own that may post the completion message (e.g. a 3DS server's notification page). */
  allowedOrigins?: string[];
  /** The `fetch` the vault provider uses (defaults to the global one). */
  fetch?: typeof fetch;
}

/**
 * What the merchant server sends to `POST /threeds/create-session` (with the `storeId` added there when it was not
 * given here). Hand it to your server; the browser never calls the service itself.
 */
export interface ThreeDSCreateSessionBody {
  provider: string;
  storeId?: string;
  paymentInstrumentId: string;
  sessionData: { sessionId: string; metadata: Record<string, unknown> };
}

/** Input of {@link ThreeDS.createSession}. */
export interface CreateThreeDSSessionInput extends ThreeDSSessionInput {
  /** The store, if the page knows it; otherwise the server adds it. */
  storeId?: string;
  signal?: AbortSignal;
}

/** Browser-side 3DS: local session creation through a provider, and the challenge modal. */
export interface ThreeDS {
  /**
   * Creates the local 3DS session with the provider and returns the body for the merchant server's
   * `POST /threeds/create-session`. Input is validated first (`TesseraValidationError` with every field).
   */
  createSession(input: CreateThreeDSSessionInput): Promise<ThreeDSCreateSessionBody>;
  /**
   * Shows the issuer's challenge in a modal `<dialog>` (focus trapped and restored, ESC, scroll lock, full screen on
   * narrow screens) with the CReq form-POSTed into its iframe, and resolves exactly once: `success: true` when the
   * ACS posts `transStatus: 'Y'` from an allow-listed origin, otherwise `success: false` with a `reason`. Every
   * element, listener, timer and observer is removed before it resolves. Rejects with `TesseraChallengeError` when
   * another challenge is open or there is no DOM, and with `TesseraValidationError` for bad input.
   */
  startChallenge(challenge: ThreeDSChallenge, options?: StartChallengeOptions): Promise<ChallengeResult>;
}

function checkOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin) {
      throw new TesseraConfigurationError('invalid_option', 'allowedOrigins must hold origins such as "https://acs.example.com"');
    }
    return origin;
  });
}

/**
 * Creates the browser-side 3DS helper for an environment. Nothing touches the DOM until `startChallenge` runs.
 * Throws `TesseraConfigurationError` for an unknown environment; the vault key is only needed by the default
 * provider's `createSession`.
 */
export function createThreeDS(options: ThreeDSOptions): ThreeDS {
  resolveVaultConnection(options);
  const provider = options.provider ?? sandboxThreeDSProvider(options);
  const allowedOrigins = checkOrigins(options.allowedOrigins ?? []);
  return {
    async createSession(input) {
      const { signal, ...rest } = input;
      const valid = checkSessionInput(rest);
      const session = await provider.createSession({ instrument: valid.instrument, payment: valid.payment }, signal ? { signal } : {});
      const body: ThreeDSCreateSessionBody = {
        provider: session.provider ?? provider.name,
        paymentInstrumentId: valid.instrument.id,
        sessionData: { sessionId: session.sessionId, metadata: session.metadata },
      };
      if (valid.storeId !== undefined) body.storeId = valid.storeId;
      return body;
    },
    startChallenge: (challenge, challengeOptions) => openChallengeModal(challenge, challengeOptions, allowedOrigins),
  };
}
