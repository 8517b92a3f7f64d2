import { SANDBOX_ACCOUNT_ID } from './instruments.js';
import type { ServedOperations } from './context.js';

/** The name of the sandbox's one account. */
export const SANDBOX_ACCOUNT_NAME = 'Tessera Sandbox';

/**
 * `POST /auth/test` → as published, `{ success: true, user: { id, orgId, permissions, account: { id, name },
 * isServiceAccount, isAccountOwner } }` for the sandbox's key (the route refuses any other key with a 401 first).
 */
export function testAuth(): Record<string, unknown> {
  return {
    success: true,
    user: {
      id: 'user_sandbox',
      orgId: 'org_sandbox',
      permissions: ['org:admin'],
      account: { id: SANDBOX_ACCOUNT_ID, name: SANDBOX_ACCOUNT_NAME },
      isServiceAccount: false,
      isAccountOwner: true,
    },
  };
}

/** The key check: the operations this module serves. */
export const authOperations = {
  testAuth,
} satisfies ServedOperations;
