import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { alias, chromiumBrowser } from '../../vitest.shared.js';
import { authenticateBtSession, btChallengeResult, cardFieldInput, clickAcsButton, clickRedirectPopupButton, continueTestPayment, processTestCard, createPendingChallenge, createThreeDSInstrument, fillCardFieldsWithPlaywright, actOnWalletSheet, getPaymentStatus, mintWalletToken, payWithServiceToken, payWithThreeDSSession, popupsAllowed, readAcsPage, recordRequests, routeVendorHostsToSandbox, saveTestRadarSession } from './test/browser-commands.js';

// Browser tests in a real headless Chromium (the system one). A missing browser fails the run: there is no skip.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias },
  optimizeDeps: { include: ['react', 'react-dom/client', 'react/jsx-runtime', '@basis-theory/web-elements'] },
  test: {
    name: 'tokenizer-browser',
    include: ['src/**/*.browser.test.ts', 'src/**/*.browser.test.tsx', 'test/**/*.browser.test.ts'],
    globalSetup: ['./test/sandbox-global-setup.ts'],
    setupFiles: ['./test/forget-page-environment.ts'],
    browser: chromiumBrowser(playwright, { authenticateBtSession, btChallengeResult, cardFieldInput, clickAcsButton, clickRedirectPopupButton, continueTestPayment, processTestCard, createPendingChallenge, createThreeDSInstrument, fillCardFieldsWithPlaywright, actOnWalletSheet, getPaymentStatus, mintWalletToken, payWithServiceToken, payWithThreeDSSession, popupsAllowed, readAcsPage, recordRequests, routeVendorHostsToSandbox, saveTestRadarSession }),
  },
});
