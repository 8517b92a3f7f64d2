// The two steps a browser does in a 3DS challenge, played against the sandbox: what @basis-theory/web-threeds sends
// to Basis Theory (here the sandbox's emulation) to open a 3DS session, and the customer's click on the issuer's
// page. web-threeds needs a DOM, so a server-side runtime plays them with fetch. Kept alone so that a change in how
// the sandbox emulates Basis Theory changes this file only.

import { SANDBOX_VAULT_KEY, vaultKeyHeader } from '@tessera/core/internal';

/**
 * Opens a Basis Theory 3DS session for a card token, as web-threeds' `createSession({ tokenId })` does, and returns
 * the body for `POST /threeds/create-session`.
 * @param {string} sandboxUrl
 * @param {{ tokenId: string, paymentInstrumentId: string, storeId: string }} input
 */
export async function createBasisTheorySession(sandboxUrl, { tokenId, paymentInstrumentId, storeId }) {
  const answer = await fetch(`${sandboxUrl}/3ds/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [vaultKeyHeader]: SANDBOX_VAULT_KEY },
    body: JSON.stringify({ token_id: tokenId, device: 'browser', device_info: { browser_language: 'en-US' }, web_challenge_mode: 'iframe' }),
  });
  /** @type {{ id?: unknown }} */
  const session = await answer.json();
  if (!answer.ok || typeof session.id !== 'string') throw new Error(`POST /3ds/sessions answered ${answer.status}`);
  return { provider: 'basis_theory', storeId, paymentInstrumentId, sessionData: { sessionId: session.id, metadata: {} } };
}

/**
 * Approves a pending payment's 3DS challenge in the sandbox ACS, as the page's `#approve` button does.
 * @param {import('@tessera/core').ThreeDSChallenge} challenge what `getThreeDSChallenge(payment)` returned
 * @returns {Promise<void>}
 */
export async function approveChallenge(challenge) {
  const acsOrigin = new URL(challenge.acsChallengeUrl).origin;
  const answer = await fetch(`${acsOrigin}/acs/complete`, {
    method: 'POST',
    body: new URLSearchParams({ acsTransID: challenge.acsTransactionId, threeDSServerTransID: 'srv_smoke', outcome: 'approve' }),
  });
  const page = await answer.text();
  if (!answer.ok || !page.includes('"type":"challenge"')) throw new Error(`ACS approve answered ${answer.status}`);
}
