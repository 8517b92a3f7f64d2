import type { LaunchOptions } from 'playwright-core';

/**
 * How the end-to-end test launches the system Chromium (`CHROMIUM_PATH`, default `/usr/bin/chromium`): flags that
 * work headless in containers and CI, and no background networking. A missing browser fails the test.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};
