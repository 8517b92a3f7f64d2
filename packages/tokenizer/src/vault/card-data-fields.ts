/**
 * The vault's card fields, written once: Basis Theory's `data` field of a card token, the part of the card it holds
 * (as core's `validateCard` names it), and the field the caller knows (`CardInput`'s, as `validateCard` names its
 * errors). Read one way to build the vault request, the other to name a field the vault refused.
 */
const cardDataFields = [
  ['number', 'number', 'cardNumber'],
  ['expiration_month', 'expiryMonth', 'expiryDate'],
  ['expiration_year', 'expiryYear', 'expiryDate'],
  ['cvc', 'cvc', 'cvc'],
] as const;

/** A card's parts as core's `ValidCard` names them (or, on the card fields path, what stands for each). */
export type CardParts<T> = Record<(typeof cardDataFields)[number][1], T>;

/** A card token's `data` for Basis Theory (`{ number, expiration_month, expiration_year, cvc }`) from the card's parts. */
export const toVaultCardData = <T>(parts: CardParts<T>): Record<string, T> => Object.fromEntries(cardDataFields.map(([vault, part]) => [vault, parts[part]]));

/** The caller's name (`cardNumber`, `expiryDate`, `cvc`) of a field Basis Theory names by its path (`data.number`). */
export const callerFieldOf = (vaultPath: string): string | undefined => cardDataFields.find(([vault]) => `data.${vault}` === vaultPath)?.[2];
