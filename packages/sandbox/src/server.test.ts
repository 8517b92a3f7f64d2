import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox.js';
import { startSandboxServer } from './server.js';

// The server serves the sandbox's router and nothing else: an override is a route replaced by name
// (`sandbox.override`), and a sandbox whose msw handlers were replaced is refused rather than served without them.
describe('startSandboxServer dispatch', () => {
  it('serves an override of one route by name, and the sandbox behind it', async () => {
    const sandbox = createSandbox();
    sandbox.override('retrievePayment', () => ({ status: 503, json: { overridden: true } }));
    const server = await startSandboxServer({ port: 0, host: '127.0.0.1', sandbox });
    try {
      const headers = { authorization: `Bearer ${sandbox.apiKey}` };
      const overridden = await fetch(`${server.url}/api/public/v1/payments/pay_1`, { headers });
      expect([overridden.status, await overridden.json()]).toEqual([503, { overridden: true }]);
      const served = await fetch(`${server.url}/api/public/v1/payments/process`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
      expect(served.status).toBe(400);
    } finally {
      await server.close();
    }
  });

  it('refuses a copy of a sandbox with other handlers, and handlers put in front in place', async () => {
    const sandbox = createSandbox();
    const override = http.get('*/api/public/v1/payments/:id', () => HttpResponse.json({ overridden: true }, { status: 503 }));
    await expect(startSandboxServer({ port: 0, sandbox: { ...sandbox, handlers: [override, ...sandbox.handlers] } })).rejects.toThrow(/sandbox\.override/);
    sandbox.handlers.unshift(override);
    await expect(startSandboxServer({ port: 0, sandbox })).rejects.toThrow(/sandbox\.override/);
  });
});
