import { listOf } from './collection.js';

/**
 * A money movement, the one record of money: a payment's captured and refunded amounts are sums of its entries.
 * Tests count `charge` and `capture` entries to assert that nothing was charged twice.
 */
export interface LedgerEntry {
  /** The transaction id (`txn_…`) a payment's `transactions` show. */
  id: string;
  /** The payment that moved the money. */
  paymentId: string;
  /**
   * `charge`: a purchase took the money; `authorize`: an authorization held it; `capture`: a capture took it;
   * `void`: a void released the hold; `refund`: a refund gave it back.
   */
  kind: 'charge' | 'authorize' | 'capture' | 'void' | 'refund';
  /** In minor units (`1999` is 19.99), never signed: {@link LedgerEntry.kind} says which way it went. */
  amount: number;
  /** The payment's currency, ISO 4217 (`USD`). */
  currency: string;
  /** When, ISO 8601, on the clock of the payment's customer (its test clock, else the sandbox clock). */
  at: string;
  /** The refund of a `refund` entry. */
  refundId?: string;
}

/** Money movements. Count `charge` and `capture` entries to assert that nothing was charged twice. */
export const ledger = listOf<LedgerEntry>()('ledger');

/**
 * What a payment's movements add up to: its `capturedAmount` and `refundedAmount`, which the lifecycle's transition
 * adds each movement to as it records it in the ledger.
 */
export interface PaymentMoney {
  /** Taken from the customer: purchases and captures. */
  captured: number;
  /** Given back: refunds. */
  refunded: number;
}

interface LedgerIndex {
  /** How many entries of the ledger are indexed. */
  size: number;
  byPayment: Map<string, LedgerEntry[]>;
}

// A cache over each ledger, caught up on read: the ledger stays the only record, and a payment's sums cost its own
// movements, not the whole ledger (the throughput benchmark reads payments among many thousands).
const indexes = new WeakMap<readonly LedgerEntry[], LedgerIndex>();
let lastLedger: readonly LedgerEntry[] | undefined;
let lastIndex: LedgerIndex | undefined;

/** The movements of one payment, oldest first. */
export function movementsOf(ledger: readonly LedgerEntry[], paymentId: string): readonly LedgerEntry[] {
  // The last ledger read is kept at hand: a payment's answer reads it several times (captured, refunded, event).
  let index = ledger === lastLedger ? lastIndex : indexes.get(ledger);
  if (!index) {
    index = { size: 0, byPayment: new Map() };
    indexes.set(ledger, index);
  }
  lastLedger = ledger;
  lastIndex = index;
  for (; index.size < ledger.length; index.size++) {
    const entry = ledger[index.size];
    if (!entry) continue;
    const movements = index.byPayment.get(entry.paymentId);
    if (movements) movements.push(entry);
    else index.byPayment.set(entry.paymentId, [entry]);
  }
  return index.byPayment.get(paymentId) ?? [];
}

/** True for the movements that take money: a purchase (`charge`) or a capture. */
export function isCharge(entry: LedgerEntry): boolean {
  return entry.kind === 'charge' || entry.kind === 'capture';
}

/** Adds one movement to a payment's sums. */
export function addMovement(money: PaymentMoney, entry: LedgerEntry): void {
  if (isCharge(entry)) money.captured += entry.amount;
  else if (entry.kind === 'refund') money.refunded += entry.amount;
}
