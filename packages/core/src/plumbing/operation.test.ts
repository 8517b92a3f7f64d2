import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { op, type Operation } from './operation.js';

const resource = z.looseObject({ id: z.string(), customer: z.looseObject({ id: z.string() }) });

describe('op', () => {
  it('reads the method and path from the route and fills in what the entry leaves out', () => {
    const retrieve = op('GET /things/{id}', { response: resource, answer: 'required' });
    expect(retrieve).toEqual({ method: 'GET', path: '/things/{id}', assumed: false, sendAs: 'query', unwrap: [], request: undefined, response: resource, answer: 'required' });
    expectTypeOf(retrieve.method).toEqualTypeOf<'GET'>();
    expectTypeOf(retrieve.path).toEqualTypeOf<'/things/{id}'>();
    expectTypeOf(retrieve.request).toEqualTypeOf<undefined>();
    expectTypeOf(retrieve).toExtend<Operation>();

    const request = z.object({ name: z.string() });
    const create = op('POST /things/create', { request, response: resource, answer: 'required' });
    expect(create).toMatchObject({ method: 'POST', path: '/things/create', sendAs: 'body', request });
    expectTypeOf(create.sendAs).toEqualTypeOf<'body'>();
  });

  it('keeps what the entry says over the defaults', () => {
    const wrapped = op('POST /things', { assumed: true, sendAs: { wrap: 'thing' }, unwrap: ['thing'], response: resource, answer: 'recognised', outcomeKey: 'thing' });
    expect(wrapped).toMatchObject({ method: 'POST', path: '/things', assumed: true, sendAs: { wrap: 'thing' }, unwrap: ['thing'], outcomeKey: 'thing' });
    expectTypeOf(wrapped.assumed).toEqualTypeOf<true>();
  });

  it("checks each of requires against the response schema's fields (a compile error otherwise)", () => {
    expect(op('POST /things', { response: resource, answer: 'required', requires: ['id', 'customer.id'] }).requires).toEqual(['id', 'customer.id']);
    // @ts-expect-error `customer.name` is not a field of the response schema
    op('POST /things', { response: resource, answer: 'required', requires: ['customer.name'] });
    // @ts-expect-error a route is a method, a space and a path from the root
    op('FETCH /things', { response: resource, answer: 'required' });
  });
});
