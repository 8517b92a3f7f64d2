import { afterEach } from 'vitest';
import { forgetPageEnvironment } from '../src/vault/page-environment.js';

// Every test starts as a fresh page would: with no environment claimed yet (a page keeps one for its life, and
// tests of one file share a page).
afterEach(forgetPageEnvironment);
