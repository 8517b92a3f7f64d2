// Node-side helpers the sandbox's browser tests call through `commands` (vitest browser mode). They play the merchant
// server: they hold the secret sandbox API key, which never reaches the page.
import { SANDBOX_API_KEY } from '@tessera/core/internal';
import type { BrowserCommand } from 'vitest/node';
import { sandboxRoutes } from '../src/sandbox-routes.js';

/** What `GET /sandbox/radar-sessions` answers: the saved sessions and what the stand-in scripts collected. */
export interface RadarRecords {
  radarSessions: { id: string; provider: string; providerSessionId: string; collected: boolean }[];
  deviceSessions: { id: string; provider: string }[];
}

/**
 * The radar records of the sandbox at `url` (the page's `inject('sandboxUrl')`), read over HTTP with the secret key.
 * The URL is passed, not read from the environment: every browser project's globalSetup runs in one process, and
 * another project's sandbox must not answer for this one.
 */
export const readRadarRecords: BrowserCommand<[url: string]> = async (_context, url): Promise<RadarRecords> => {
  const response = await fetch(`${url}${sandboxRoutes.listRadarSessions}`, { headers: { authorization: `Bearer ${SANDBOX_API_KEY}` } });
  if (!response.ok) throw new Error(`${sandboxRoutes.listRadarSessions} answered ${response.status}`);
  return (await response.json()) as RadarRecords;
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    readRadarRecords: (url: string) => Promise<RadarRecords>;
  }
}
