import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { chromium, type LaunchOptions } from 'playwright-core';

/** The one command that installs a Chromium the test can use, on any system (Playwright's own build). */
export const INSTALL_CHROMIUM_COMMAND = 'npx playwright-core install chromium';

/** No Chrome, Chromium or Edge was found (nor at `CHROMIUM_PATH`). Its message says what to run. */
export class ChromiumNotFoundError extends Error {
  override readonly name = 'ChromiumNotFoundError';
}

type Env = Record<string, string | undefined>;

/** Where Chrome, Chromium and Edge install themselves on `platform`, in the order they are tried. */
export function browserCandidates(platform: NodeJS.Platform, env: Env): string[] {
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge'];
    const home = env.HOME ?? homedir();
    return [...apps.map((app) => posix.join('/Applications', app)), ...apps.map((app) => posix.join(home, 'Applications', app))];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((root): root is string => Boolean(root));
    const apps = ['Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe', 'Chromium\\Application\\chrome.exe'];
    return apps.flatMap((app) => roots.map((root) => win32.join(root, app)));
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/usr/bin/microsoft-edge',
    '/usr/bin/microsoft-edge-stable',
  ];
}

/** Where `npx playwright-core install chromium` puts its Chromium (whether or not it is there). */
function playwrightChromiumPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The browser the end-to-end test drives: `CHROMIUM_PATH` when set (it must exist), else the first installed Chrome,
 * Chromium or Edge in the usual places of Linux, macOS and Windows, else Playwright's own Chromium when it was
 * installed. With none, throws {@link ChromiumNotFoundError} naming {@link INSTALL_CHROMIUM_COMMAND}.
 */
export function findChromium({
  env = process.env,
  platform = process.platform,
  exists = existsSync,
  playwrightChromium = playwrightChromiumPath(),
}: { env?: Env; platform?: NodeJS.Platform; exists?: (path: string) => boolean; playwrightChromium?: string | undefined } = {}): string {
  if (env.CHROMIUM_PATH) {
    if (exists(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new ChromiumNotFoundError(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist. Point it at Chrome, Chromium or Edge, or unset it.`);
  }
  const found = [...browserCandidates(platform, env), ...(playwrightChromium ? [playwrightChromium] : [])].find((path) => exists(path));
  if (found !== undefined) return found;
  throw new ChromiumNotFoundError(
    `No Chrome, Chromium or Edge found for the end-to-end test. Run: ${INSTALL_CHROMIUM_COMMAND} (or set CHROMIUM_PATH to your browser).`,
  );
}

/**
 * How the end-to-end test launches the browser {@link findChromium} finds: flags that work headless in containers and
 * CI, and no background networking. A missing browser fails the test, with the command to install one.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  };
}
