import { TesseraValidationError } from '@tessera/core';
import { describe, expect, it, vi } from 'vitest';
import { useHttpSandbox } from '../../test/use-sandbox.js';
import type { SandboxServer } from '../server.js';
import { connectSandbox } from './connect.js';
import { SandboxControlError } from '../errors/control-error.js';

// The clocks of a sandbox running behind HTTP, driven from outside it: `connectSandbox().clock` and `.testClocks`.
const START = Date.parse('2026-05-01T00:00:00.000Z');
const DAY = 86_400_000;
let server: SandboxServer;
useHttpSandbox({ port: 0, sandboxOptions: { now: START, clock: 'frozen' } }, (started) => ({ server } = started));

describe('connectSandbox().testClocks and .clock', () => {
  it('creates, lists, retrieves, advances (by a duration, to a time) and deletes a clock the sandbox holds', async () => {
    const remote = connectSandbox(server.url);
    // The tests run in any order: the sandbox clock may have been advanced (it is frozen: its time is exact).
    const sandboxNow = server.sandbox.clock.nowMs();
    const clock = await remote.testClocks.create({ name: 'remote', frozenTime: new Date(START) });
    expect(clock).toEqual({ id: expect.stringMatching(/^clock_/), name: 'remote', frozenTime: '2026-05-01T00:00:00.000Z', createdAt: new Date(sandboxNow).toISOString() });
    expect(server.sandbox.testClocks.retrieve(clock.id)).toEqual(clock);
    expect(await remote.testClocks.list()).toContainEqual(clock);
    expect(await remote.testClocks.advance(clock.id, { by: '1d12h' })).toMatchObject({ frozenTime: '2026-05-02T12:00:00.000Z' });
    expect(await remote.testClocks.advance(clock.id, { to: START + 31 * DAY })).toMatchObject({ frozenTime: '2026-06-01T00:00:00.000Z' });
    expect(await remote.testClocks.retrieve(clock.id)).toMatchObject({ frozenTime: '2026-06-01T00:00:00.000Z' });
    // The sandbox's own clock did not move.
    expect(server.sandbox.clock.nowMs()).toBe(sandboxNow);
    expect(await remote.testClocks.delete(clock.id)).toEqual({ id: clock.id, deleted: true });
    expect(server.sandbox.records.testClocks.get(clock.id)).toBeUndefined();
  });

  it('advances the sandbox clock by a duration', async () => {
    const remote = connectSandbox(server.url);
    const before = server.sandbox.clock.nowMs();
    expect((await remote.clock.advance('2h')).getTime()).toBe(before + 2 * 3600 * 1000);
    expect(server.sandbox.clock.nowMs()).toBe(before + 2 * 3600 * 1000);
  });

  it('refuses bad input before any request, naming the field; the sandbox\'s refusals are SandboxControlErrors', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const remote = connectSandbox(server.url, { fetch: fetchSpy });
    const fieldOf = async (call: () => Promise<unknown>) => {
      const error = await call().then(() => undefined, (thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(TesseraValidationError);
      return (error as TesseraValidationError).fields.map(({ field, code }) => `${field}:${code}`);
    };
    expect(await fieldOf(() => remote.testClocks.create({ frozenTime: 'soon' }))).toEqual(['frozenTime:invalid_time']);
    expect(await fieldOf(() => remote.testClocks.create({ frozenTime: new Date(Number.NaN) }))).toEqual(['frozenTime:invalid_time']);
    expect(await fieldOf(() => remote.testClocks.create({ name: '' }))).toEqual(['name:too_small']);
    expect(await fieldOf(() => remote.testClocks.advance('clock_x', { by: '31 days' as '31d' }))).toEqual(['by:invalid_duration']);
    expect(await fieldOf(() => remote.testClocks.advance('clock_x', { by: -1 }))).toEqual(['by:too_small']);
    expect(await fieldOf(() => remote.testClocks.advance('clock_x', {} as { by: number }))).toEqual(['to:required']);
    expect(await fieldOf(() => remote.testClocks.retrieve(''))).toEqual(['id:required']);
    expect(await fieldOf(() => remote.clock.advance('1mo' as '1m'))).toEqual(['by:invalid_duration']);
    expect(fetchSpy).not.toHaveBeenCalled();

    const missing = await remote.testClocks.advance('clock_none', { by: '1d' }).catch((thrown: unknown) => thrown);
    expect(missing).toBeInstanceOf(SandboxControlError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    const clock = await remote.testClocks.create({ frozenTime: '2030-01-01T00:00:00Z' });
    const back = await remote.testClocks.advance(clock.id, { to: '2029-01-01T00:00:00Z' }).catch((thrown: unknown) => thrown);
    expect(back).toMatchObject({ status: 400, code: 'validation_error', fields: [{ field: 'frozenTime', code: 'before_clock' }] });
  });
});
