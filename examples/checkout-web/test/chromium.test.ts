import { describe, expect, it } from 'vitest';
import { browserCandidates, ChromiumNotFoundError, findChromium, INSTALL_CHROMIUM_COMMAND } from './chromium.js';

/** A file system that holds exactly `paths`. */
const only = (...paths: string[]) => (path: string) => paths.includes(path);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and refuses one that does not exist (naming it)', () => {
    expect(findChromium({ env: { CHROMIUM_PATH: '/opt/my/chrome' }, platform: 'linux', exists: only('/opt/my/chrome', '/usr/bin/chromium') })).toBe('/opt/my/chrome');
    expect(() => findChromium({ env: { CHROMIUM_PATH: '/nope/chrome' }, platform: 'linux', exists: only('/usr/bin/chromium') })).toThrow(/CHROMIUM_PATH.*\/nope\/chrome/);
  });

  it('finds Chromium, Chrome or Edge where Linux distributions install them', () => {
    for (const path of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/usr/bin/microsoft-edge']) {
      expect(findChromium({ env: {}, platform: 'linux', exists: only(path) })).toBe(path);
    }
  });

  it('finds Chrome, Chromium or Edge in /Applications or ~/Applications on macOS', () => {
    for (const path of [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      '/Users/ada/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ]) {
      expect(findChromium({ env: { HOME: '/Users/ada' }, platform: 'darwin', exists: only(path) })).toBe(path);
    }
  });

  it('finds Chrome or Edge under Program Files or the user profile on Windows', () => {
    const env = { PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)', LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' };
    for (const path of [
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
      'C:\\Users\\ada\\AppData\\Local\\Chromium\\Application\\chrome.exe',
    ]) {
      expect(findChromium({ env, platform: 'win32', exists: only(path) })).toBe(path);
    }
  });

  it("falls back to Playwright's own Chromium when it was installed", () => {
    expect(findChromium({ env: {}, platform: 'linux', exists: only('/home/ada/.cache/ms-playwright/chromium-1200/chrome-linux/chrome'), playwrightChromium: '/home/ada/.cache/ms-playwright/chromium-1200/chrome-linux/chrome' })).toBe(
      '/home/ada/.cache/ms-playwright/chromium-1200/chrome-linux/chrome',
    );
  });

  it('with none installed, fails with the one command to run', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const error = (() => {
        try {
          findChromium({ env: {}, platform, exists: () => false });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ChromiumNotFoundError);
      expect((error as Error).message).toContain(INSTALL_CHROMIUM_COMMAND);
      expect((error as Error).message).toContain('CHROMIUM_PATH');
    }
    expect(INSTALL_CHROMIUM_COMMAND).toBe('npx playwright-core install chromium');
    expect(browserCandidates('linux', {}).length).toBeGreaterThan(3);
  });
});
