import { TesseraConnectionError, TesseraValidationError } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { TesseraApiError } from '../errors/api-error.js';
import { errorResponseOf, withErrorResponses } from './error-responses.js';

const apiError = (status: number, code: string) => new TesseraApiError({ status, code, message: `refused (${status})`, requestId: 'req_1', body: { secret: 'internal' }, headers: {} });

describe('errorResponseOf', () => {
  it('answers bad input with a 400 naming each field', async () => {
    const response = errorResponseOf(new TesseraValidationError([{ field: 'amount', code: 'invalid', message: 'must be a positive integer in minor units' }]))!;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'validation_error', message: expect.stringContaining('amount') as string, fields: [{ field: 'amount', code: 'invalid', message: 'must be a positive integer in minor units' }] },
    });
  });

  it('passes on the service\'s 4xx with its code and message, never its body', async () => {
    const response = errorResponseOf(apiError(404, 'not_found'))!;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'refused (404)' } });
  });

  it('answers nothing for a refused key, the service failing or another error: the server\'s own 500', () => {
    for (const error of [apiError(401, 'unauthorized'), apiError(403, 'forbidden'), apiError(500, 'server_error'), new TesseraConnectionError('down'), new Error('bug'), 'text']) {
      expect(errorResponseOf(error)).toBeUndefined();
    }
  });
});

describe('withErrorResponses', () => {
  it('answers the handler\'s response, its typed error as JSON, and throws any other error on', async () => {
    const route = withErrorResponses(async (request: Request, context: { id: string }) => {
      const body = await request.text();
      if (context.id === 'bad') throw apiError(409, 'conflict');
      if (context.id === 'bug') throw new Error('bug');
      return Response.json({ id: context.id, method: request.method, body });
    });
    const request = () => new Request('http://127.0.0.1/refund', { method: 'POST', body: '{}' });
    expect(await (await route(request(), { id: 'pay_1' })).json()).toEqual({ id: 'pay_1', method: 'POST', body: '{}' });
    expect((await route(request(), { id: 'bad' })).status).toBe(409);
    await expect(route(request(), { id: 'bug' })).rejects.toThrow('bug');
  });
});
