import type * as z from 'zod/mini';
import type { RequestFields } from '@tessera/core';
import type { threeDSSession } from '@tessera/core/schemas';
import type { OperationInput } from '@tessera/core/internal';
import { newBtThreeDSSession } from '../emulations/bt-threeds.js';
import { byId } from '../state/collection.js';
import type { SandboxContext, ServedOperations } from './context.js';
import { requireInstrument } from './instruments.js';
import { requireStore } from './stores.js';

/** A persisted 3DS session (section 2.6): core's 3DS session with its store. */
export type ThreeDSSessionRecord = RequestFields<z.output<typeof threeDSSession>> & { storeId: string; createdAt: string };

/** Persisted 3DS sessions (section 2.6), by id. */
export const threedsSessions = byId<ThreeDSSessionRecord>()('threedsSessions');

/**
 * `POST /threeds/create-session` → `{ id, externalSessionId, provider, status: 'created', paymentInstrumentId,
 * createdAt, storeId }`. The external session is `sessionData`'s id (Basis Theory's session object as web-threeds
 * returns it, `id`; or the document's `sessionId`); without `sessionData` the sandbox makes a BT 3DS session itself,
 * as the service does, and names it.
 */
export function createThreeDSSession(ctx: SandboxContext, input: OperationInput<'createThreeDSSession'>): ThreeDSSessionRecord {
  requireStore(ctx, input.storeId);
  const instrument = requireInstrument(ctx, input.paymentInstrumentId);
  const externalSessionId = input.sessionData?.id ?? input.sessionData?.sessionId ?? newBtThreeDSSession(ctx, null, instrument.card.brand).id;
  const session: ThreeDSSessionRecord = {
    id: ctx.nextId('tds'),
    externalSessionId,
    provider: input.provider,
    status: 'created',
    paymentInstrumentId: input.paymentInstrumentId,
    storeId: input.storeId,
    createdAt: ctx.nowIso(instrument.customerId),
  };
  threedsSessions.of(ctx).set(session.id, session);
  return session;
}

/** 3DS sessions: the operations this module serves. */
export const threeDSSessionOperations = {
  createThreeDSSession,
} satisfies ServedOperations;
