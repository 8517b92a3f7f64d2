import { decodeServiceToken, type OperationInput, ServiceTokenError, type ServiceTokenMetadata } from '@tessera/core';
import type { SandboxContext } from './context.js';
import { notFound, SandboxHttpError, validationError } from './http-error.js';
import type { CustomerRecord, InstrumentRecord, ThreeDSSessionRecord } from './state.js';

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
export function createInstrumentFromToken(
  ctx: SandboxContext,
  input: OperationInput<'createPaymentInstrumentFromToken'>,
): { paymentInstrument: Record<string, unknown>; customer: { id: string; email?: string } } {
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
      ...(input.customerData.email !== undefined ? { email: input.customerData.email } : {}),
      ...(input.customerData.firstName !== undefined ? { firstName: input.customerData.firstName } : {}),
      ...(input.customerData.lastName !== undefined ? { lastName: input.customerData.lastName } : {}),
      storeId: input.storeId,
      createdAt: ctx.nowIso(),
    };
    ctx.state.customers.set(customer.id, customer);
  }
  if (!customer) throw new SandboxHttpError(400, 'validation_error', 'customerData or customerId is required');
  const vaultToken = ctx.state.vaultTokens.get(token.token);
  const meta = token.nonSensitiveMetadata ?? {};
  const instrument: InstrumentRecord = {
    id: ctx.nextId('pi'),
    type: 'card',
    customerId: customer.id,
    storeId: input.storeId,
    card: vaultToken ? { last4: vaultToken.last4, brand: vaultToken.brand, expMonth: vaultToken.expMonth, expYear: vaultToken.expYear } : cardFactsOf(meta),
    // A token from another vault has no test-card outcome: its metadata decides whether 3DS is needed.
    outcome: vaultToken?.outcome ?? (meta.authentication === 'sca_required' ? 'challenge' : 'approve'),
    createdAt: ctx.nowIso(),
  };
  ctx.state.instruments.set(instrument.id, instrument);
  return { paymentInstrument: publicInstrument(instrument), customer: { id: customer.id, ...(customer.email !== undefined ? { email: customer.email } : {}) } };
}

/**
 * The card facts a token from another vault states, and only those: a fact it leaves out (or gives as `''`, `0`
 * or `null`, as the vendor's library does for wallets) stays out. A two-digit year is read as 20YY.
 */
function cardFactsOf(meta: ServiceTokenMetadata): InstrumentRecord['card'] {
  const card: InstrumentRecord['card'] = {};
  if (typeof meta.last4 === 'string' && meta.last4 !== '') card.last4 = meta.last4;
  if (typeof meta.brand === 'string' && meta.brand !== '') card.brand = meta.brand;
  if (typeof meta.expiryMonth === 'number' && meta.expiryMonth > 0) card.expMonth = meta.expiryMonth;
  if (typeof meta.expiryYear === 'number' && meta.expiryYear > 0) card.expYear = meta.expiryYear < 100 ? 2000 + meta.expiryYear : meta.expiryYear;
  return card;
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
export function createThreeDSSession(ctx: SandboxContext, input: OperationInput<'createThreeDSSession'>): ThreeDSSessionRecord {
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
