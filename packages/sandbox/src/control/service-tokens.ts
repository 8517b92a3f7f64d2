import { TesseraValidationError } from '@tessera/core';
import { type SandboxServiceToken, type ServiceTokenCard, serviceTokenCardErrors, type ServiceTokenHelpers } from '../emulations/service-token.js';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import type { ControlTransport } from './transport.js';

/** The service-token helpers of `connectSandbox`: `POST /sandbox/service-tokens`, the card checked before sending. */
export function remoteServiceTokens(transport: ControlTransport): ServiceTokenHelpers {
  const create = async (card: ServiceTokenCard): Promise<SandboxServiceToken> => {
    const errors = serviceTokenCardErrors(card);
    if (errors.length > 0) throw new TesseraValidationError(errors);
    const { serviceToken, card: facts } = await transport.request<SandboxServiceToken>('POST', sandboxRoutes.createServiceToken, { card });
    return { serviceToken, card: facts };
  };
  return { createServiceToken: async (card) => (await create(card)).serviceToken, createServiceTokenWithFacts: create };
}
