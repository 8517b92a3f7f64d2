import { TesseraValidationError } from '@tessera/core';
import { sandboxRoutes } from '../wire/sandbox-routes.js';
import {
  advanceBodyOf,
  createBodyOf,
  type DeletedTestClock,
  globalAdvanceBodyOf,
  type SandboxDuration,
  type SandboxTestClock,
  type TestClockCreate,
  type TestClockMove,
} from '../service/test-clock-requests.js';
import type { ControlTransport } from './transport.js';

/** The sandbox's own clock, over HTTP (`sandbox.clock.advance` in code; `POST /sandbox/clock/advance`). */
export interface RemoteClock {
  /**
   * Moves the sandbox's clock by a duration (`'31d'`, `'1d12h'`) or milliseconds and bills the renewals that fell due
   * for every customer not under a scoped test clock; resolves the sandbox's new time.
   */
  advance(by: number | SandboxDuration): Promise<Date>;
}

/**
 * Scoped test clocks of a running sandbox: `sandbox.testClocks` over HTTP (`/sandbox/test-clocks`). A customer created
 * by a request with the `Tessera-Test-Clock: <clock id>` header is under the clock, with everything made for it.
 * Bad input is a `TesseraValidationError` naming the field, before any request; a refusal of the sandbox (an unknown
 * clock: 404 `not_found`) a `SandboxControlError`.
 */
export interface RemoteTestClocks {
  /** A new clock, frozen at `frozenTime` (default: the sandbox clock's time). */
  create(input?: TestClockCreate): Promise<SandboxTestClock>;
  /** Every clock of the sandbox, oldest first. */
  list(): Promise<SandboxTestClock[]>;
  /** The clock `id`. */
  retrieve(id: string): Promise<SandboxTestClock>;
  /** Moves the clock to a time (`{ to }`) or by a duration (`{ by: '31d' }`), running its customers' due renewals. */
  advance(id: string, move: TestClockMove): Promise<SandboxTestClock>;
  /** Deletes the clock with its customers and what was made for them. */
  delete(id: string): Promise<DeletedTestClock>;
}

/** The path of one clock's route, its id checked first (a `TesseraValidationError` on `id`). */
function clockPath(route: string, id: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new TesseraValidationError([{ field: 'id', code: 'required', message: 'must be the id of a test clock (clock_…), as create or list gave it' }]);
  }
  return route.replace('{id}', encodeURIComponent(id));
}

/** The sandbox clock of `connectSandbox`. */
export function remoteClock(transport: ControlTransport): RemoteClock {
  return {
    async advance(by) {
      const body = globalAdvanceBodyOf(by);
      return new Date((await transport.request<{ now: string }>('POST', sandboxRoutes.advanceClock, body)).now);
    },
  };
}

/** The test clocks of `connectSandbox`. */
export function remoteTestClocks(transport: ControlTransport): RemoteTestClocks {
  return {
    async create(input) {
      const body = createBodyOf(input);
      return transport.request('POST', sandboxRoutes.createTestClock, body);
    },
    list: async () => (await transport.request<{ data: SandboxTestClock[] }>('GET', sandboxRoutes.listTestClocks)).data,
    async retrieve(id) {
      return transport.request('GET', clockPath(sandboxRoutes.retrieveTestClock, id));
    },
    async advance(id, move) {
      const path = clockPath(sandboxRoutes.advanceTestClock, id);
      return transport.request('POST', path, advanceBodyOf(move));
    },
    async delete(id) {
      return transport.request('DELETE', clockPath(sandboxRoutes.deleteTestClock, id));
    },
  };
}
