// The idempotency keys of the handler's service calls, derived from what the page resends unchanged, so a resent
// request makes the same calls with the same keys: the service answers them again instead of acting twice.

const encoder = new TextEncoder();

async function digest(parts: readonly string[]): Promise<string> {
  // Each part with its length, so no two lists of parts join to the same text.
  const text = parts.map((part) => `${part.length}:${part}`).join('\n');
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The steps of `POST /payments` that change something at the service. */
export type PayStep = 'instrument' | 'threeds_session' | 'purchase';

/** One key per step of one `(orderRef, attempt)`: `checkout_<step>_<sha256>` (under the service's 255 characters). */
export async function payStepKey(step: PayStep, orderRef: string, attempt: string): Promise<string> {
  return `checkout_${step}_${await digest(['pay', orderRef, attempt])}`;
}

/** The key of saving a radar session: the payment and the session as the page sent it. */
export async function radarSessionKey(paymentId: string, session: Readonly<Record<string, unknown>>): Promise<string> {
  return `checkout_radar_${await digest(['radar', paymentId, stableJson(session)])}`;
}

/** JSON with every object's keys sorted, so the same value always gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().filter((key) => record[key] !== undefined).map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
