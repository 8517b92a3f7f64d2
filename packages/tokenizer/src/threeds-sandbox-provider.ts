import { vaultThreeDSSessionsPath } from '@tessera/core';
import { resolveVaultConnection, type VaultConnectionOptions } from './environment.js';
import { TesseraInvalidResponseError } from './errors.js';
import type { ThreeDSLocalSession, ThreeDSProvider } from './threeds-provider.js';
import { postToVault } from './vault-request.js';

/**
 * The vault's own 3DS provider (the sandbox's `tessera-sandbox`): `POST /vault/v1/threeds/sessions` with the
 * public vault key.
 */
export function sandboxThreeDSProvider(options: VaultConnectionOptions & { fetch?: typeof fetch }): ThreeDSProvider {
  const connection = resolveVaultConnection(options);
  const fetchImpl = options.fetch;
  return {
    name: 'tessera-sandbox',
    async createSession({ instrument, payment }, options): Promise<ThreeDSLocalSession> {
      const body: Record<string, unknown> = {
        tokenId: instrument.tokenId,
        paymentInstrumentId: instrument.id,
        amount: payment.amount,
        currency: payment.currency,
      };
      if (payment.customerInfo) body.customer = payment.customerInfo;
      const answer = (await postToVault(connection, vaultThreeDSSessionsPath, body, options, fetchImpl ?? globalThis.fetch)) as {
        sessionId?: unknown;
        provider?: unknown;
        metadata?: unknown;
      } | null;
      if (typeof answer?.sessionId !== 'string' || answer.sessionId === '') {
        throw new TesseraInvalidResponseError('The vault returned a 3DS session without a sessionId');
      }
      const session: ThreeDSLocalSession = {
        sessionId: answer.sessionId,
        metadata: typeof answer.metadata === 'object' && answer.metadata !== null ? (answer.metadata as Record<string, unknown>) : {},
      };
      if (typeof answer.provider === 'string' && answer.provider !== '') session.provider = answer.provider;
      return session;
    },
  };
}
