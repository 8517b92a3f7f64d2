/**
 * What to say about an amount that is a number but not a whole number of minor units, else `otherwise`. A decimal
 * amount gets the integer it most likely meant in a 2-decimal currency (`19.99` → "send 1999 for 19.99"; an amount
 * with more decimals gets that example as is); an integer past `Number.MAX_SAFE_INTEGER` gets the limit. The one
 * wording of this mistake: the request schemas, the money helpers and the tokenizer's checks all use it.
 */
export function minorUnitsMessage(amount: unknown, otherwise: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || Number.isSafeInteger(amount)) return otherwise;
  if (Number.isInteger(amount)) return `must be at most ${Number.MAX_SAFE_INTEGER}: amounts are integers in minor units`;
  const cents = Math.round(Math.abs(amount) * 100);
  const meant = Math.abs(Math.abs(amount) * 100 - cents) < 1e-6 && Number.isSafeInteger(cents) ? cents : 1999;
  const decimal = `${Math.trunc(meant / 100)}.${String(meant % 100).padStart(2, '0')}`;
  return (
    `must be an integer in minor units, not a decimal amount: send ${meant} for ${decimal} in a 2-decimal currency such as USD ` +
    '(toMinorUnits(amount, currency) converts a decimal amount for any currency)'
  );
}
