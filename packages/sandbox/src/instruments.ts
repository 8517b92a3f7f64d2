import {
  createPaymentInstrumentFromTokenRequest,
  createThreeDSSessionRequest,
  decodeServiceToken,
  ServiceTokenError,
} from '@tessera/core';
import type { SandboxContext } from './context.js';
import { notFound, SandboxHttpError, validationError } from './http-error.js';
import type { CustomerRecord, InstrumentRecord, ThreeDSSessionRecord } from './state.js';
import { validate } from './validate.js';
import { lookupVaultToken } from './vault.js';

/** The instrument as the API returns it (without the sandbox's test-card outcome). */
export function publicInstrument(instrument: InstrumentRecord): Record<string, unknown> {
  const { id, type, customerId, storeId, card, createdAt } = instrument;
  return { id, type, customerId, storeId, card, createdAt };
}

/** The store, or a 404. */
export function requireStore(ctx: SandboxContext, storeId: string) {
  const store = ctx.state.stores.get(storeId);
  if (!store) throw notFound('store', storeId);
  return store;
}

/** `POST /payment-instruments/create-from-token`. */
export function createInstrumentFromToken(ctx: SandboxContext, body: unknown): { paymentInstrument: Record<string, unknown>; customer: { id: string; email: string } } {
  if (typeof body === 'object' && body !== null) {
    const hasData = 'customerData' in body && body.customerData !== undefined;
    const hasId = 'customerId' in body && body.customerId !== undefined;
    if (hasData === hasId) {
      throw validationError([{ field: 'customerId', code: 'exactly_one', message: 'give exactly one of customerData or customerId' }]);
    }
  }
  const input = validate(createPaymentInstrumentFromTokenRequest, body);
  let token;
  try {
    token = decodeServiceToken(input.serviceToken);
  } catch (error) {
    if (error instanceof ServiceTokenError) {
      throw validationError([{ field: 'serviceToken', code: 'invalid_service_token', message: error.message }]);
    }
    throw error;
  }
  requireStore(ctx, input.storeId);
  let customer: CustomerRecord | undefined;
  if (input.customerId !== undefined) {
    customer = ctx.state.customers.get(input.customerId);
    if (!customer) throw notFound('customer', input.customerId);
  } else if (input.customerData) {
    customer = {
      id: ctx.nextId('cus'),
      email: input.customerData.email,
      ...(input.customerData.firstName !== undefined ? { firstName: input.customerData.firstName } : {}),
      ...(input.customerData.lastName !== undefined ? { lastName: input.customerData.lastName } : {}),
      storeId: input.storeId,
      createdAt: ctx.nowIso(),
    };
    ctx.state.customers.set(customer.id, customer);
  }
  if (!customer) throw new SandboxHttpError(400, 'validation_error', 'customerData or customerId is required');
  const vaultToken = lookupVaultToken(ctx, token.token);
  const meta = token.nonSensitiveMetadata ?? {};
  const instrument: InstrumentRecord = {
    id: ctx.nextId('pi'),
    type: 'card',
    customerId: customer.id,
    storeId: input.storeId,
    card: {
      last4: vaultToken?.last4 ?? meta.last4 ?? '0000',
      brand: vaultToken?.brand ?? meta.brand ?? 'unknown',
      expMonth: vaultToken?.expMonth ?? meta.expiryMonth ?? 12,
      expYear: vaultToken?.expYear ?? meta.expiryYear ?? ctx.clock.now().getUTCFullYear() + 3,
    },
    // A token from another vault has no test-card outcome: its metadata decides whether 3DS is needed.
    outcome: vaultToken?.outcome ?? (meta.authentication === 'sca_required' ? 'challenge' : 'approve'),
    createdAt: ctx.nowIso(),
  };
  ctx.state.instruments.set(instrument.id, instrument);
  return { paymentInstrument: publicInstrument(instrument), customer: { id: customer.id, email: customer.email } };
}

/** The instrument, or a 404. */
export function requireInstrument(ctx: SandboxContext, id: string): InstrumentRecord {
  const instrument = ctx.state.instruments.get(id);
  if (!instrument) throw notFound('payment instrument', id);
  return instrument;
}

/** `GET /customers/{id}/payment-instruments` → `{ data }`. */
export function listCustomerInstruments(ctx: SandboxContext, customerId: string): { data: Record<string, unknown>[] } {
  if (!ctx.state.customers.has(customerId)) throw notFound('customer', customerId);
  const data: Record<string, unknown>[] = [];
  for (const instrument of ctx.state.instruments.values()) {
    if (instrument.customerId === customerId) data.push(publicInstrument(instrument));
  }
  return { data };
}

/** `POST /threeds/create-session`: persists a 3DS session with status `created`. */
export function createThreeDSSession(ctx: SandboxContext, body: unknown): ThreeDSSessionRecord {
  const input = validate(createThreeDSSessionRequest, body);
  requireStore(ctx, input.storeId);
  requireInstrument(ctx, input.paymentInstrumentId);
  const session: ThreeDSSessionRecord = {
    id: ctx.nextId('tds'),
    externalSessionId: input.sessionData.sessionId,
    provider: input.provider,
    status: 'created',
    paymentInstrumentId: input.paymentInstrumentId,
    storeId: input.storeId,
    createdAt: ctx.nowIso(),
  };
  ctx.state.threedsSessions.set(session.id, session);
  return session;
}
