import type { RouteResult } from '../wire/answer.js';
import type { SandboxContext } from '../service/context.js';
import { testClockAdvanceRequest, testClockCreateRequest } from '../service/test-clock-requests.js';
import { advanceTestClock, createTestClock, deleteTestClock, listTestClocks, retrieveTestClock } from '../service/test-clocks.js';
import { validate } from '../wire/validate.js';

// The `/sandbox/test-clocks` helpers (secret key): `sandbox.testClocks` over HTTP, for tests whose sandbox runs in
// another process (the CLI). Each body is checked by the schema the typed helpers check it with: a 400 naming each
// bad field.

/** `POST /sandbox/test-clocks` (`{ frozenTime?, name? }`) → 201, the clock. */
export const createTestClockRoute = (ctx: SandboxContext, body: unknown): RouteResult => ({ status: 201, json: createTestClock(ctx, validate(testClockCreateRequest, body)) });

/** `GET /sandbox/test-clocks` → `{ data }`, oldest first. */
export const listTestClocksRoute = (ctx: SandboxContext): RouteResult => ({ json: listTestClocks(ctx) });

/** `GET /sandbox/test-clocks/{id}` → the clock, or a 404. */
export const retrieveTestClockRoute = (ctx: SandboxContext, id: string): RouteResult => ({ json: retrieveTestClock(ctx, id) });

/** `POST /sandbox/test-clocks/{id}/advance` (`{ frozenTime }` or `{ ms }`) → the clock, after the renewals that fell due. */
export const advanceTestClockRoute = (ctx: SandboxContext, id: string, body: unknown): RouteResult => ({ json: advanceTestClock(ctx, id, validate(testClockAdvanceRequest, body)) });

/** `DELETE /sandbox/test-clocks/{id}` → `{ id, deleted: true }`, with what was made under the clock. */
export const deleteTestClockRoute = (ctx: SandboxContext, id: string): RouteResult => ({ json: deleteTestClock(ctx, id) });
