import { startSandboxServer, type SandboxServer } from '@tessera/sandbox';
import { Tessera } from '@tessera/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSandboxSetup } from '../src/setup.js';

let sandbox: SandboxServer;
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0 });
});
afterAll(() => sandbox.close());

describe('sandbox-setup example', () => {
  it('walks section 4.10 and sees the order, the payment and the webhooks', async () => {
    const lines: string[] = [];
    const apiKey = sandbox.sandbox.apiKey;
    const result = await runSandboxSetup({ tessera: new Tessera({ apiKey, baseUrl: sandbox.url }), baseUrl: sandbox.url, apiKey, log: (line) => lines.push(line) });
    expect(result.orderIds).toHaveLength(1);
    expect(result.paymentIds).toHaveLength(1);
    expect(result.webhookTypes).toEqual(expect.arrayContaining(['order/created']));
    expect(result.webhookTypes.some((type) => type.startsWith('payment/'))).toBe(true);
    expect(result.archivedProcessorIds).toEqual([result.processorId]);
    expect(result.redirectUrl).toMatch(/^https?:\/\//);
    expect(lines[0]).toBe('key valid for account Tessera Sandbox');
    expect(lines.join('\n')).toContain(result.storeId);
    expect(sandbox.sandbox.records.subscriptions.count).toBe(1);
  });
});
