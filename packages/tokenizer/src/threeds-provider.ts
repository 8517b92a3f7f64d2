/** The card instrument a 3DS session is created for (section 4.4 of the interface). */
export interface ThreeDSInstrument {
  /** Payment instrument id (from the merchant server's `createFromToken`). */
  id: string;
  /** The vault's raw token id (`CardTokenResponse.id`). */
  tokenId: string;
  /** Only `card` is defined. */
  type?: 'card';
  card: {
    last4: string;
    bin: string;
    expirationMonth: number;
    expirationYear: number;
  };
}

/** The payment a 3DS session authenticates. */
export interface ThreeDSPaymentContext {
  /** Amount in minor units (cents for USD). */
  amount: number;
  /** ISO 4217 currency code. */
  currency: string;
  customerInfo?: { name?: string; email?: string };
}

/** Input of a provider's `createSession`. */
export interface ThreeDSSessionInput {
  instrument: ThreeDSInstrument;
  payment: ThreeDSPaymentContext;
}

/** The local session a provider created. */
export interface ThreeDSLocalSession {
  /** The provider's session id (becomes `externalSessionId` on the service). */
  sessionId: string;
  /** Provider identifier, when the provider's answer names it (overrides `ThreeDSProvider.name`). */
  provider?: string;
  /** Whatever the provider wants persisted with the session. */
  metadata: Record<string, unknown>;
}

/**
 * A 3DS provider library behind one interface: it creates the local session in the browser. Implement it to plug
 * in another provider; the SDK ships {@link sandboxThreeDSProvider} and `basisTheoryThreeDSProvider`.
 */
export interface ThreeDSProvider {
  /** Identifier sent as `provider` to `POST /threeds/create-session`. */
  readonly name: string;
  createSession(input: ThreeDSSessionInput, options: { signal?: AbortSignal }): Promise<ThreeDSLocalSession>;
}
