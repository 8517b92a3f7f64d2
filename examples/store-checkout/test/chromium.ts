import { getChromePath } from 'chrome-launcher';
import { existsSync } from 'node:fs';
import { chromium, type LaunchOptions } from 'playwright-core';

/** What `find` answers, or `undefined` where it throws (chrome-launcher on a Linux with no Chrome, Playwright where it has no build). */
const found = (find: () => string): string | undefined => { try { return find(); } catch { return undefined; } };

/**
 * How the end-to-end test launches its browser: `CHROMIUM_PATH` when set, else the Chrome or Chromium chrome-launcher
 * finds (`CHROME_PATH`, then where Linux, macOS and Windows install them, Chrome before Chromium where both are),
 * else Playwright's own Chromium; flags that work headless in containers and CI, and no background networking. With
 * no browser there it throws, saying the one command that installs one the test can use.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = process.env.CHROMIUM_PATH || found(getChromePath) || found(() => chromium.executablePath());
  if (!executablePath || !existsSync(executablePath)) throw new Error(`No browser for the end-to-end test${executablePath ? ` at ${executablePath}` : ''} (CHROMIUM_PATH when set, else an installed Chrome or Chromium, else Playwright's own). Run: npx playwright-core install chromium (or set CHROMIUM_PATH to your browser).`);
  return { executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] };
}
