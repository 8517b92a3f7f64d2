import type { ThreeDSChallenge } from '@tessera/core';
import { checkChallengeInput } from './challenge-input.js';
import { openChallengeModal } from './challenge-modal.js';
import type { StartChallengeOptions } from './challenge-options.js';
import type { ChallengeResult } from './challenge-result.js';
import { isSecureUrl, resolveVaultConnection, type VaultConnectionOptions } from '../vault/environment.js';
import { TesseraChallengeError, TesseraConfigurationError, TesseraThreeDSError } from '../errors/errors.js';
import { guardMethodNotifications } from './method-notification.js';
import { checkSessionInput, type CreateThreeDSSessionInput } from './threeds-session-input.js';
import { configureWebThreeds, loadBasisTheory3ds, type WebThreedsLoader, type WebThreedsSetup } from './web-threeds.js';

export type { CreateThreeDSSessionInput, ThreeDSPaymentContext } from './threeds-session-input.js';
export type { ThreeDSInstrument } from '../vault/tokenized-card.js';

/** Where web-threeds loads its challenge and method pages from in `production` and `development` (BT's own). */
export const BASIS_THEORY_SDK_BASE_URL = 'https://3ds.basistheory.com';

/** The provider name `POST /threeds/create-session` takes for Basis Theory sessions. */
export const BASIS_THEORY_THREEDS_PROVIDER = 'basis_theory';

/** Options of {@link createThreeDS}. */
export interface ThreeDSOptions extends VaultConnectionOptions {
  /**
   * Loads `@basis-theory/web-threeds` (an optional peer dependency) on first use, e.g.
   * `() => import('@basis-theory/web-threeds')`; `@tessera/tokenizer/basis-theory` passes that one for you. Without
   * it the global of web-threeds' browser bundle (`window.BasisTheory3ds`) is used when a `<script>` tag set it.
   */
  loadWebThreeds?: WebThreedsLoader;
  /**
   * Origin web-threeds loads its challenge page from. Default: Basis Theory's (`https://3ds.basistheory.com`) in
   * `production` and `development`, the sandbox (the vault URL) in `local`.
   */
  sdkBaseUrl?: string;
  /** web-threeds' telemetry (logs sent to its vendor). Default `true`: off. */
  disableTelemetry?: boolean;
}

/**
 * What the merchant server sends to `POST /threeds/create-session` (with the `storeId` added there when it was not
 * given here). Hand it to your server; the browser never calls the service itself.
 */
export interface ThreeDSCreateSessionBody {
  provider: string;
  storeId?: string;
  paymentInstrumentId: string;
  /**
   * Basis Theory's session as web-threeds returns it (`id`, `cardBrand`, …: the published API's `sessionData`), with
   * the interface document's `sessionId` (the same id) and `metadata` beside it.
   */
  sessionData: { id: string; sessionId: string; metadata: Record<string, unknown>; cardBrand?: string; additionalCardBrands?: string[] };
}

/** Basis Theory's 3DS session as web-threeds creates it: its id, and the card's brands when it said. */
export interface BasisTheoryThreeDSSession {
  id: string;
  cardBrand?: string;
  additionalCardBrands?: string[];
}

/** Browser-side 3DS through Basis Theory's `@basis-theory/web-threeds`: session creation and the challenge modal. */
export interface ThreeDS {
  /**
   * Creates the Basis Theory 3DS session for the instrument's token (web-threeds' `createSession`, with the public
   * key) and returns the body for the merchant server's `POST /threeds/create-session`. Input is validated first
   * (`TesseraValidationError` with every field); Basis Theory's refusal is a `TesseraThreeDSError`.
   */
  createSession(input: CreateThreeDSSessionInput): Promise<ThreeDSCreateSessionBody>;
  /**
   * Creates Basis Theory's 3DS session for a vault token id alone (web-threeds' `createSession`) and resolves its
   * `id` and what web-threeds said of the card: what `createSession` wraps for your server, and what the browser
   * client's `pay()` sends to the checkout handler. A `TesseraThreeDSError` when Basis Theory refuses.
   */
  createBasisTheorySession(tokenId: string): Promise<BasisTheoryThreeDSSession>;
  /**
   * Shows the issuer's challenge in a modal `<dialog>` (focus trapped and restored, ESC, scroll lock, full screen on
   * narrow screens) with web-threeds' challenge running inside it, and resolves exactly once: `success: true` when
   * Basis Theory's notification, verified to come from web-threeds' page in the modal, says `successful` (or
   * `attempted`), otherwise `success: false` with a `reason`. Every element, listener, timer and observer (web-threeds'
   * included) is removed before it resolves. Rejects with `TesseraChallengeError` when another challenge is open or
   * there is no DOM, with `TesseraValidationError` for bad input, and with `TesseraConfigurationError` when
   * web-threeds cannot be loaded.
   */
  startChallenge(challenge: ThreeDSChallenge, options?: StartChallengeOptions): Promise<ChallengeResult>;
}


/**
 * Creates the browser-side 3DS helper for an environment: Basis Theory's web-threeds, configured with the
 * environment's API origin and public key, loaded only when a session or a challenge starts. Nothing touches the DOM
 * until then. Throws `TesseraConfigurationError` for an unknown environment or a bad `sdkBaseUrl`.
 */
export function createThreeDS(options: ThreeDSOptions): ThreeDS {
  const connection = resolveVaultConnection(options);
  const sdkBaseUrl = (options.sdkBaseUrl ?? (connection.environment === 'local' ? connection.vaultUrl : BASIS_THEORY_SDK_BASE_URL)).replace(/\/+$/, '');
  if (!isSecureUrl(sdkBaseUrl)) {
    throw new TesseraConfigurationError('invalid_option', 'sdkBaseUrl must be an https URL (plain http only on localhost)');
  }
  // Validates the key and the URLs again at use (the key may be missing until then), then loads the library.
  const prepare = async (): Promise<WebThreedsSetup> => {
    const publicKey = connection.vaultKey;
    const factory = await loadBasisTheory3ds(options.loadWebThreeds);
    return { factory, publicKey, config: { apiBaseUrl: connection.vaultUrl, sdkBaseUrl, disableTelemetry: options.disableTelemetry ?? true } };
  };
  const createBasisTheorySession = async (tokenId: string): Promise<BasisTheoryThreeDSSession> => {
    if (typeof document === 'undefined') throw new TesseraChallengeError('no_dom', 'createSession needs a browser document');
    const { webThreeds, release } = configureWebThreeds(await prepare());
    // Before web-threeds listens: only its method page (or web-threeds itself) may end the session's method step.
    const unguard = guardMethodNotifications(new URL(sdkBaseUrl).origin);
    try {
      return await webThreeds.createSession({ tokenId });
    } catch (error) {
      // web-threeds rejects with the message text (a string), e.g. Basis Theory's problem title.
      throw new TesseraThreeDSError(typeof error === 'string' ? error : error instanceof Error ? error.message : 'unknown error');
    } finally {
      unguard();
      release();
    }
  };
  return {
    createBasisTheorySession,
    async createSession(input) {
      const valid = checkSessionInput(input);
      const session = await createBasisTheorySession(valid.instrument.tokenId);
      const metadata: Record<string, unknown> = {};
      if (session.cardBrand !== undefined) metadata.cardBrand = session.cardBrand;
      if (session.additionalCardBrands !== undefined) metadata.additionalCardBrands = session.additionalCardBrands;
      const body: ThreeDSCreateSessionBody = {
        provider: BASIS_THEORY_THREEDS_PROVIDER,
        paymentInstrumentId: valid.instrument.id,
        sessionData: { ...session, id: session.id, sessionId: session.id, metadata },
      };
      if (valid.storeId !== undefined) body.storeId = valid.storeId;
      return body;
    },
    async startChallenge(challenge, challengeOptions = {}) {
      // Checked once, here: before the DOM, before web-threeds loads.
      const checked = checkChallengeInput(challenge, challengeOptions);
      if (typeof document === 'undefined' || typeof window === 'undefined') throw new TesseraChallengeError('no_dom', 'startChallenge needs a browser document');
      return openChallengeModal(checked, challengeOptions, await prepare());
    },
  };
}
