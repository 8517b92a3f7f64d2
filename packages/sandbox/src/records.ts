import type {
  BtThreeDSSessionRecord,
  CheckoutSessionRecord,
  CustomerRecord,
  InstrumentRecord,
  LedgerEntry,
  OrderRecord,
  PaymentFlowRecord,
  PaymentRecord,
  ProcessorRecord,
  ProductRecord,
  RefundRecord,
  SandboxState,
  StoreRecord,
  SubscriptionRecord,
  ThreeDSSessionRecord,
  VaultTokenRecord,
  WebhookDelivery,
  WebhookEndpointRecord,
  WebhookEventRecord,
} from './state.js';

/** A read-only list of records, oldest first. */
export interface ListView<T> {
  /** How many there are. */
  readonly count: number;
  /** All of them, oldest first (a copy: changing it changes nothing in the sandbox). */
  list(): readonly Readonly<T>[];
}

/** A read-only view of records by id. */
export interface RecordView<T> extends ListView<T> {
  /** The record with this id, or `undefined`. */
  get(id: string): Readonly<T> | undefined;
}

/** Read-only views of everything the sandbox holds (read them in assertions; change it only through requests). */
export interface SandboxRecords {
  processors: RecordView<ProcessorRecord>;
  paymentFlows: RecordView<PaymentFlowRecord>;
  stores: RecordView<StoreRecord>;
  products: RecordView<ProductRecord>;
  checkoutSessions: RecordView<CheckoutSessionRecord>;
  orders: RecordView<OrderRecord>;
  subscriptions: RecordView<SubscriptionRecord>;
  customers: RecordView<CustomerRecord>;
  vaultTokens: RecordView<VaultTokenRecord>;
  instruments: RecordView<InstrumentRecord>;
  threedsSessions: RecordView<ThreeDSSessionRecord>;
  /** Basis Theory 3DS sessions of the BT emulation, by BT session id. */
  btThreeDSSessions: RecordView<BtThreeDSSessionRecord>;
  payments: RecordView<PaymentRecord>;
  /** Refunds (`ref_…`), each with its payment id, amount and metadata. */
  refunds: RecordView<RefundRecord>;
  webhookEvents: ListView<WebhookEventRecord>;
  /** Each delivery of an event to an endpoint, with its attempts. */
  webhookDeliveries: ListView<WebhookDelivery>;
  /** Registered webhook endpoints (`wh_…`), with their secrets. */
  webhookEndpoints: RecordView<WebhookEndpointRecord>;
  /** Money movements. Count `charge` and `capture` entries to assert that nothing was charged twice. */
  ledger: ListView<LedgerEntry>;
}

function byId<T>(records: ReadonlyMap<string, T>): RecordView<T> {
  return {
    get: (id) => records.get(id),
    get count() {
      return records.size;
    },
    list: () => [...records.values()],
  };
}

function listOf<T>(records: readonly T[]): ListView<T> {
  return {
    get count() {
      return records.length;
    },
    list: () => [...records],
  };
}

/** The read-only views over a sandbox's state. */
export function recordViews(state: SandboxState): SandboxRecords {
  return {
    processors: byId(state.processors),
    paymentFlows: byId(state.paymentFlows),
    stores: byId(state.stores),
    products: byId(state.products),
    checkoutSessions: byId(state.checkoutSessions),
    orders: byId(state.orders),
    subscriptions: byId(state.subscriptions),
    customers: byId(state.customers),
    vaultTokens: byId(state.vaultTokens),
    instruments: byId(state.instruments),
    threedsSessions: byId(state.threedsSessions),
    btThreeDSSessions: byId(state.btThreeDSSessions),
    payments: byId(state.payments),
    refunds: byId(state.refunds),
    webhookEvents: listOf(state.webhookEvents),
    webhookDeliveries: listOf(state.webhookDeliveries),
    webhookEndpoints: byId(state.webhookEndpoints),
    ledger: listOf(state.ledger),
  };
}
