/**
 * A copy of `value` without the keys left `undefined`, at any depth (a JSON round trip: `value` holds only JSON
 * values), as the type `T` it then is. What the tokenizer sends or hands out never carries a key it has no value for.
 */
export const withoutUndefined = <T>(value: object): T => JSON.parse(JSON.stringify(value)) as T;
