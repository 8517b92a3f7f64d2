/** One step of a payment's life on the dashboard: its creation, then each of its events. */
export interface DashboardTimelineStep {
  at: string;
  type: string;
  eventId: string | null;
}

/** A 3DS challenge waiting for the customer (or left by them: `abandonedAt`). */
export interface DashboardChallenge {
  acsTransactionId: string;
  paymentId: string;
  /** Formatted for reading (`$12.00`). */
  amount: string;
  createdAt: string;
  abandonedAt: string | null;
}

export interface DashboardPayment {
  id: string;
  amount: string;
  status: string;
  subStatus: string | null;
  mode: string;
  requireAction: string | null;
  storeId: string;
  customerId: string;
  paymentInstrumentId: string;
  subscriptionId: string | null;
  createdAt: string;
  timeline: DashboardTimelineStep[];
  attempts: { processorId: string; processorType: string; outcome: string }[];
  ledger: { id: string; kind: string; amount: string; at: string }[];
}

export interface DashboardCustomer {
  id: string;
  storeId: string;
  email: string | null;
  name: string;
  createdAt: string;
}

/** Masked card facts only: brand, last4, expiry. */
export interface DashboardInstrument {
  id: string;
  customerId: string;
  type: string;
  brand: string | null;
  last4: string | null;
  expiry: string | null;
  isActive: boolean;
}

export interface DashboardSubscription {
  id: string;
  customerId: string;
  amount: string;
  interval: string;
  status: string;
  renewals: number;
  currentPeriodEnd: string | null;
}

export interface DashboardEvent {
  id: string;
  type: string;
  storeId: string | undefined;
  createdAt: string;
  /** The event's data without card numbers, CVCs, keys or secrets. */
  payload: unknown;
}

export interface DashboardDelivery {
  eventId: string;
  eventType: string;
  endpointId: string;
  url: string;
  status: string;
  lastStatus: number | null;
  reason: string | null;
  signatureHeader: string;
  attempts: { attempt: number; at: string; status: number | null; error: string | null; durationMs: number; signature: string | null }[];
}

/**
 * What the dashboard's page reads (`GET /sandbox/dashboard/data`), the one contract between the sandbox's
 * `dashboardView` and the page's script (`./dashboard-app.ts`).
 */
export interface DashboardData {
  now: string;
  payments: DashboardPayment[];
  challenges: DashboardChallenge[];
  customers: DashboardCustomer[];
  instruments: DashboardInstrument[];
  subscriptions: DashboardSubscription[];
  events: DashboardEvent[];
  deliveries: DashboardDelivery[];
  /** The helper routes the page's buttons post to (`{id}` filled in by the page). */
  routes: { advanceClock: string; resend: string; challenge: string };
}
