import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operations, type Operation, type OperationName } from '@tessera/core/internal';
import { API_KEY, processorInput } from '../../test/fixtures.js';
import { allOperationCases } from '../../test/published-cases.js';
import { operationCases, sampleIds, sessionRequest, type OperationCase } from '../../test/operation-cases.js';
import { Tessera, TesseraError, TesseraResponseValidationError, type Page } from '../index.js';

// A raw node:http fake (not the sandbox): every request is answered with `reply`, whatever the path.
interface Reply {
  status: number;
  body: string;
}
let reply: Reply = { status: 200, body: '{}' };
const received: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', idempotencyKey: request.headers['idempotency-key'] as string | undefined });
      if (reply.status === 204) response.writeHead(204).end();
      else response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const tessera = (): Tessera => new Tessera({ apiKey: API_KEY, baseUrl, maxRetries: 2 });

const EMPTY: Reply = { status: 200, body: '{}' };
const OK: Reply = { status: 200, body: '{"ok":true}' };
const NO_CONTENT: Reply = { status: 204, body: '' };
const parsedBody = (answer: Reply): unknown => (answer.body === '' ? undefined : JSON.parse(answer.body));

const emptyAnswers: Array<[string, Reply]> = [
  ['{}', EMPTY],
  ['{"ok":true}', OK],
  ['an empty 204', NO_CONTENT],
];

/** The rows of operation-cases.ts whose operation's answer is read as `answer`. */
const rowsAnswered = (answer: Operation['answer']): Array<OperationCase & { name: OperationName }> =>
  Object.entries(allOperationCases())
    .map(([name, row]): OperationCase & { name: OperationName } => ({ ...row, name: name as OperationName }))
    .filter(({ name }) => operations[name].answer === answer);

describe('a 2xx whose body the document does not show is returned, never thrown', () => {
  describe.each(rowsAnswered('recognised'))('$name', ({ name, call, reply: wrapped, expected }) => {
    it.each(emptyAnswers)('answers %s: nothing recognised, the raw body returned, one request', async (_label, answer) => {
      reply = answer;
      const operation: Operation = operations[name];
      const key = operation.outcomeKey ?? '';
      const nested = Object.keys(operation.nested ?? {});
      const result = (await call(tessera(), sampleIds)) as Record<string, unknown>;
      expect(Object.keys(result).sort()).toEqual([key, 'raw', ...nested].sort());
      for (const unrecognised of [key, ...nested]) expect(result[unrecognised]).toBeUndefined();
      expect(result.raw).toEqual(parsedBody(answer));
      expect(received).toHaveLength(1);
    });

    it('answers a wrapped object: recognised, extras kept', async () => {
      reply = { status: 200, body: JSON.stringify(wrapped) };
      expect(await call(tessera(), sampleIds)).toEqual(expected);
    });
  });

  describe.each(rowsAnswered('list'))('$name', ({ call, reply: wrapped, expected }) => {
    it.each(emptyAnswers)('answers %s: an empty page with the raw body', async (_label, answer) => {
      reply = answer;
      const page = (await call(tessera(), sampleIds)) as Page<unknown>;
      expect(page.data).toEqual([]);
      expect(page.raw).toEqual(parsedBody(answer));
      expect(received).toHaveLength(1);
    });

    it('answers a wrapped list: its items recognised', async () => {
      reply = { status: 200, body: JSON.stringify(wrapped) };
      const page = (await call(tessera(), sampleIds)) as Page<unknown>;
      expect(page.data).toEqual(expected);
      expect(page.raw).toEqual(wrapped);
    });
  });
});

const challenge = { externalSessionId: 'ext_1', acsChallengeUrl: 'https://acs.test/c', acsTransID: 'acs_1', messageVersion: '2.2.0' };
const threeDSPayment = { id: 'pay_1', status: 'pending', requireAction: 'threeds_auth', requireActionData: { type: 'threeds_auth', metadata: { threedsSession: challenge } } };
const authorizeWith3DS = (client: Tessera): Promise<unknown> =>
  client.payments.process({ mode: 'auth', amount: 100, currency: 'USD', storeId: 'store_1', paymentInstrumentId: 'pi_1', initiatedBy: 'customer' });

describe('a 2xx whose shape the document shows needs only what the SDK relies on', () => {
  describe.each(rowsAnswered('required'))('$name', ({ method, call, reply: minimal, expected }) => {
    it('accepts the minimal answer, extras passing through', async () => {
      reply = { status: 200, body: JSON.stringify(minimal) };
      expect(await call(tessera(), sampleIds)).toEqual(expected);
    });

    it.each(emptyAnswers)('answers %s: an error saying the request succeeded, with the body and key, never retried', async (_label, answer) => {
      reply = answer;
      const error = await call(tessera(), sampleIds).then(undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(TesseraResponseValidationError);
      expect(TesseraResponseValidationError.isInstance(error)).toBe(true);
      const validation = error as TesseraResponseValidationError;
      expect(validation.message).toContain('succeeded on the Tessera service');
      expect(validation.body).toEqual(parsedBody(answer));
      expect(validation.status).toBe(answer.status);
      expect(received).toHaveLength(1);
      if (method === 'POST') {
        expect(validation.idempotencyKey).toBe(received[0]!.idempotencyKey);
        expect(validation.message).toContain(received[0]!.idempotencyKey);
      }
    });
  });

  it('passes the caller’s idempotency key to the error', async () => {
    reply = OK;
    const error = (await operationCases.processPayment.call(tessera(), sampleIds, { idempotencyKey: 'order-42' }).catch((caught: unknown) => caught)) as TesseraResponseValidationError;
    expect(error.idempotencyKey).toBe('order-42');
    expect(received[0]!.idempotencyKey).toBe('order-42');
  });

  it('accepts a threeds_auth payment with its challenge data', async () => {
    reply = { status: 200, body: JSON.stringify({ payment: threeDSPayment }) };
    expect(await authorizeWith3DS(tessera())).toEqual(threeDSPayment);
  });

  it.each([
    ['processors.create', (client: Tessera) => client.processors.create(processorInput), { processor: { id: 'proc_1', requireAction: 'threeds_auth' } }, { id: 'proc_1', requireAction: 'threeds_auth' }],
    ['threeds.createSession', (client: Tessera) => client.threeds.createSession(sessionRequest), { id: 'tds_1', requireAction: 'threeds_auth' }, { id: 'tds_1', requireAction: 'threeds_auth' }],
  ])('asks for challenge data only of a payment: %s answering requireAction threeds_auth is accepted', async (_name, call, body, expected) => {
    reply = { status: 200, body: JSON.stringify(body) };
    expect(await call(tessera())).toEqual(expected);
  });

  it('requires the challenge data of a threeds_auth payment, and names what is missing', async () => {
    reply = { status: 200, body: JSON.stringify({ payment: { id: 'pay_1', status: 'pending', requireAction: 'threeds_auth', requireActionData: { type: 'threeds_auth' } } }) };
    const error = (await authorizeWith3DS(tessera()).catch((caught: unknown) => caught)) as TesseraResponseValidationError;
    expect(TesseraError.isInstance(error)).toBe(true);
    expect(error.fields.map((field) => field.field)).toEqual(['payment.requireActionData.metadata.threedsSession']);
    expect(received).toHaveLength(1);
  });
});
