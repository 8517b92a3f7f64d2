export { runSandboxSetup, type SetupOptions, type SetupResult } from './setup.js';
