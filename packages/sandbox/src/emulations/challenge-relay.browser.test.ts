import { afterEach, describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';
import { runInForeignFrame } from '@tessera/test-support/foreign-frame';

// The sandbox's challenge relay page (`/pages/challenge.html`, what web-threeds loads from its sdkBaseUrl): it must
// take `startChallenge` only from the window that made it, from that window's origin, once, and only for the
// sandbox's own ACS. A frame's child frames can be counted across origins (`contentWindow.length`): that is how
// these tests see whether the relay opened its ACS frame.
const sandboxUrl = inject('sandboxUrl');

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

/** The relay page in an iframe of this page (this page made it, as web-threeds' page does), loaded. */
async function relayFrame(): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = `${sandboxUrl}/pages/challenge.html`;
  document.body.append(frame);
  await loaded;
  return frame;
}

/** A CReq as web-threeds encodes it (base64url JSON) for a pending challenge of the sandbox. */
async function pendingCreq(): Promise<{ creq: string; acsURL: string }> {
  const challenge = await commands.pendingChallenge(sandboxUrl, inject('sandboxGatewayStoreId'));
  const creq = btoa(JSON.stringify({ messageType: 'CReq', messageVersion: challenge.threeDSVersion, threeDSServerTransID: challenge.sessionId, acsTransID: challenge.acsTransactionId, challengeWindowSize: '03' }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return { creq, acsURL: challenge.acsChallengeUrl };
}

/** Posts `startChallenge` to the relay from this page, the window that made it. */
function startChallenge(relay: HTMLIFrameElement, acsURL: string, creq: string): void {
  relay.contentWindow!.postMessage({ type: 'startChallenge', acsURL, creq }, '*');
}

/** How many ACS frames the relay has opened, once it has had long enough to act on a message (a form POST into a new frame). */
async function openedFrames(relay: HTMLIFrameElement): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return relay.contentWindow!.length;
}

describe("the sandbox's challenge relay page", () => {
  it('runs the challenge its parent asks for: one ACS frame', async () => {
    const relay = await relayFrame();
    const { creq, acsURL } = await pendingCreq();
    startChallenge(relay, acsURL, creq);
    expect(await openedFrames(relay)).toBe(1);
  });

  it('ignores startChallenge from any other frame on the page (an ad frame), even for a real challenge', async () => {
    const relay = await relayFrame();
    const { creq, acsURL } = await pendingCreq();
    frames.push(await runInForeignFrame(`parent.frames[0].postMessage(${JSON.stringify({ type: 'startChallenge', acsURL, creq })}, '*')`));
    expect(await openedFrames(relay)).toBe(0);
    // Its own parent still can.
    startChallenge(relay, acsURL, creq);
    expect(await openedFrames(relay)).toBe(1);
  });

  it("refuses an acsURL that is not the sandbox's ACS, and a second startChallenge", async () => {
    const relay = await relayFrame();
    const { creq, acsURL } = await pendingCreq();
    for (const foreign of ['https://phish.example/bank-login', `${sandboxUrl}/pages/method.html`, 'javascript:alert(1)', `${acsURL}/../../sandbox/clock/advance`]) {
      startChallenge(relay, foreign, creq);
    }
    expect(await openedFrames(relay)).toBe(0);
    startChallenge(relay, acsURL, creq);
    startChallenge(relay, acsURL, creq);
    expect(await openedFrames(relay)).toBe(1);
  });
});
