// The one step that plays the customer on the issuer's 3DS page. Kept alone so that a change in how the sandbox
// settles a challenge changes this file only.
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
  if (!answer.ok || !page.includes('tessera:3ds-challenge-complete')) throw new Error(`ACS approve answered ${answer.status}`);
}
