import { apiErrorBody, type FieldError } from '@tessera/core';

/** What could be read from an error response, whatever its shape. */
export interface ErrorBodyDetails {
  code: string | undefined;
  message: string | undefined;
  fields: FieldError[] | undefined;
  requestId: string | undefined;
}

const MAX_MESSAGE_LENGTH = 500;

/**
 * Reads an error response body. The service's error shape is "not shown" in the interface document, so the
 * sandbox's `{ error: { code, message, fields?, requestId? } }` is tried first, then common variants
 * (`{ error: 'text' }`, `{ message, code }`), then plain text. HTML (an error page from a proxy) is never used
 * as the message.
 */
export function readErrorBody(data: unknown): ErrorBodyDetails {
  const details: ErrorBodyDetails = { code: undefined, message: undefined, fields: undefined, requestId: undefined };
  const parsed = apiErrorBody.safeParse(data);
  if (parsed.success) {
    const { code, message, fields, requestId } = parsed.data.error;
    return {
      code,
      message: shorten(message),
      fields: fields?.map(({ field, code: fieldCode, message: fieldMessage }) => ({ field, code: fieldCode, message: fieldMessage })),
      requestId,
    };
  }
  if (typeof data === 'string') {
    const text = data.trim();
    if (text !== '' && !text.startsWith('<')) details.message = shorten(text);
    return details;
  }
  if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    const inner = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : record;
    details.code = stringOrUndefined(inner.code) ?? stringOrUndefined(inner.type);
    details.message = shorten(stringOrUndefined(inner.message) ?? stringOrUndefined(record.error) ?? stringOrUndefined(record.detail));
    details.requestId = stringOrUndefined(inner.requestId) ?? stringOrUndefined(record.requestId);
  }
  return details;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function shorten(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}
