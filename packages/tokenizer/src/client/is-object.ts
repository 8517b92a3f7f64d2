/** True for a plain JSON object (not `null`, not an array): what an answer's body or field must be before it is read. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
