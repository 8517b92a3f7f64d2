import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { alias, chromiumBrowser } from '../../vitest.shared.js';
import { axeInFrame, approveWalletSheetCommand, cancelWalletSheetCommand, chooseWalletSheetShipping, inputInFrame, waitForWalletSheetCommand, instrumentOfToken, pendingChallenge, pressInFrame, readConsoleErrors, readRadarRecords, recordVaultRequests, typeInFrame } from './test/browser-commands.js';

// The sandbox's handlers in a real Chromium (what setupWorker runs them in), and the radar stand-in scripts and the
// Basis Theory Elements emulation loaded into a page from a sandbox server on 127.0.0.1. A missing browser fails the run.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias },
  test: {
    name: 'sandbox-browser',
    include: ['src/**/*.browser.test.ts'],
    globalSetup: ['./test/sandbox-global-setup.ts'],
    browser: chromiumBrowser(playwright, { readRadarRecords, recordVaultRequests, readConsoleErrors, typeInFrame, pressInFrame, axeInFrame, inputInFrame, instrumentOfToken, pendingChallenge, approveWalletSheet: approveWalletSheetCommand, cancelWalletSheet: cancelWalletSheetCommand, chooseWalletSheetShipping, waitForWalletSheet: waitForWalletSheetCommand }),
  },
});
