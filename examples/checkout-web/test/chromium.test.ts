import type * as ChromeLauncher from 'chrome-launcher';
import type * as Fs from 'node:fs';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chromiumLaunchOptions } from './chromium.js';

// Where Chrome and Chromium install on each system is chrome-launcher's business (Google's, tested there); what is
// this starter's is the order around it, the error that says what to run, and the launch flags.
const launcher = vi.hoisted(() => ({ getChromePath: vi.fn<() => string>() }));
vi.mock('chrome-launcher', () => launcher);
vi.mock('node:fs', async (actual) => ({ ...(await actual<typeof Fs>()), existsSync: vi.fn() }));

const debianChromium = process.platform === 'linux' && !process.env.CHROME_PATH && (await vi.importActual<typeof Fs>('node:fs')).existsSync('/usr/bin/chromium');
const PLAYWRIGHT_CHROMIUM = '/home/ada/.cache/ms-playwright/chromium-1200/chrome-linux/chrome';
/** A file system that holds exactly `paths`. */
const only = (...paths: string[]) => vi.mocked(existsSync).mockImplementation((path) => paths.includes(String(path)));
/** chrome-launcher with no browser to find: it throws, as it does on Linux. */
const noneInstalled = () => launcher.getChromePath.mockImplementation(() => {
  throw new Error('The CHROME_PATH environment variable must be set to a Chrome/Chromium executable no older than Chrome stable.');
});

beforeEach(() => {
  vi.stubEnv('CHROMIUM_PATH', undefined);
  vi.spyOn(chromium, 'executablePath').mockReturnValue(PLAYWRIGHT_CHROMIUM);
  launcher.getChromePath.mockReturnValue('/usr/bin/chromium');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('chromiumLaunchOptions', () => {
  it('takes CHROMIUM_PATH first, and refuses one that does not exist (naming it)', () => {
    vi.stubEnv('CHROMIUM_PATH', '/opt/my/chrome');
    only('/opt/my/chrome', '/usr/bin/chromium');
    expect(chromiumLaunchOptions().executablePath).toBe('/opt/my/chrome');
    vi.stubEnv('CHROMIUM_PATH', '/nope/chrome');
    expect(() => chromiumLaunchOptions()).toThrow(/\/nope\/chrome.*CHROMIUM_PATH/);
  });

  it('else launches the Chrome or Chromium chrome-launcher finds', () => {
    only('/usr/bin/chromium', PLAYWRIGHT_CHROMIUM);
    expect(chromiumLaunchOptions().executablePath).toBe('/usr/bin/chromium');
  });

  it("falls back to Playwright's own Chromium when it was installed", () => {
    noneInstalled();
    only(PLAYWRIGHT_CHROMIUM);
    expect(chromiumLaunchOptions().executablePath).toBe(PLAYWRIGHT_CHROMIUM);
  });

  it('with none installed, fails with the one command to run', () => {
    noneInstalled();
    only();
    expect(() => chromiumLaunchOptions()).toThrow('Run: npx playwright-core install chromium (or set CHROMIUM_PATH to your browser).');
  });

  it('launches headless-friendly, without background networking', () => {
    only('/usr/bin/chromium');
    expect(chromiumLaunchOptions().args).toEqual(['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']);
  });

  it.runIf(debianChromium)('chrome-launcher itself finds an installed browser where Debian has its chromium (Google Chrome first, where both are)', async () => {
    const { getChromePath } = await vi.importActual<typeof ChromeLauncher>('chrome-launcher');
    const { existsSync: exists } = await vi.importActual<typeof Fs>('node:fs');
    const path = getChromePath();
    expect(path).toMatch(/chrom/i);
    expect(exists(path)).toBe(true);
  });

  it("says what to run where Playwright has no build of its own (its executablePath throws)", () => {
    noneInstalled();
    vi.mocked(chromium.executablePath).mockImplementation(() => {
      throw new Error('Unsupported platform');
    });
    only();
    expect(() => chromiumLaunchOptions()).toThrow('Run: npx playwright-core install chromium (or set CHROMIUM_PATH to your browser).');
  });
});
