// Node-side: what a merchant server does for a sandbox test card, for the browser tests' commands of the sandbox and
// the tokenizer (`packages/tokenizer/test/browser-commands.ts`). It holds the secret sandbox API key, which never
// reaches the page.
import { encodeServiceToken } from '@tessera/core';
import { randomUUID } from 'node:crypto';
import { API_PREFIX, SANDBOX_API_KEY, SANDBOX_VAULT_KEY, routes, vaultCardsPath, vaultKeyHeader } from '@tessera/core/internal';

/** The sandbox's test card that asks for a 3DS challenge. */
export const CHALLENGE_CARD = '4000000000003220';

/** A challenge the sandbox's ACS holds, as the page receives it from its server: the payment, and what `startChallenge` takes. */
export interface PendingChallenge {
  paymentId: string;
  challenge: { sessionId: string; acsChallengeUrl: string; acsTransactionId: string; threeDSVersion: string };
}

/** Sends one POST with a new idempotency key to the sandbox at `url`; its answer, or an error naming the path and status. */
export async function sandboxPost(url: string, path: string, body: unknown, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * Plays the merchant server for `cardNumber` on `storeId` of the sandbox at `url`: the card into the sandbox vault,
 * the service token (with `metadata` as its `nonSensitiveMetadata`), an instrument of it, then a customer purchase
 * of $19.99 (with `returnUrl` when given). Returns the process answer.
 */
export async function chargeTestCard(
  url: string,
  storeId: string,
  cardNumber: string,
  options: { returnUrl?: string | undefined; metadata?: Record<string, unknown> } = {},
): Promise<Record<string, unknown>> {
  const card = { number: cardNumber, expiration_month: 12, expiration_year: new Date().getFullYear() + 3, cvc: '123' };
  const token = await sandboxPost(url, vaultCardsPath, { type: 'card', data: card }, { [vaultKeyHeader]: SANDBOX_VAULT_KEY });
  const serviceToken = encodeServiceToken({ type: 'card', token: String(token.id), provider: 'basistheory', ...(options.metadata ? { nonSensitiveMetadata: options.metadata } : {}) });
  const auth = { authorization: `Bearer ${SANDBOX_API_KEY}` };
  const created = await sandboxPost(url, `${API_PREFIX}${routes.createPaymentInstrumentFromToken.path}`, { serviceToken, storeId, customerData: { email: 'ada@example.com' } }, auth);
  const instrument = created.paymentInstrument as { id: string };
  const { returnUrl } = options;
  const purchase = { amount: 1999, currency: 'USD', storeId, paymentInstrumentId: instrument.id, initiatedBy: 'customer', mode: 'purchase', ...(returnUrl ? { returnUrl } : {}) };
  return sandboxPost(url, `${API_PREFIX}${routes.processPayment.path}`, purchase, auth);
}

/** The challenge a process answer asks for; an error when it asks for none. */
export function challengeOf(processed: Record<string, unknown>): PendingChallenge {
  const payment = processed.payment as { id: string; requireActionData?: { metadata?: { threedsSession?: Record<string, string> } } };
  const session = payment.requireActionData?.metadata?.threedsSession;
  if (!session) throw new Error(`The payment did not ask for a challenge: ${JSON.stringify(payment)}`);
  return {
    paymentId: payment.id,
    challenge: {
      sessionId: session.externalSessionId ?? '',
      acsChallengeUrl: session.acsChallengeUrl ?? '',
      acsTransactionId: session.acsTransID ?? '',
      threeDSVersion: session.messageVersion ?? '',
    },
  };
}
