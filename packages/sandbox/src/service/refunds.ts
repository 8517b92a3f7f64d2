import { byId } from '../state/collection.js';

/** A refund of a payment (`POST /payments/refund`), as the published answer's `refund` shows it, with what it was given. */
export interface RefundRecord {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  /** The request's `metadata`, when given. */
  metadata?: Record<string, unknown>;
  createdAt: string;
}

/** Refunds (`ref_…`), each with its payment id, amount and metadata. */
export const refunds = byId<RefundRecord>()('refunds');
