import { afterEach, describe, expect, inject, it } from 'vitest';
import { commands } from 'vitest/browser';

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

/** Waits long enough for the relay to have acted on a message (a form POST into a new frame). */
const settleRelay = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

/** Runs `script` in a frame of another origin (opaque) beside the relay, and resolves once it has run. */
async function foreignFrame(script: string): Promise<void> {
  const frame = document.createElement('iframe');
  frames.push(frame);
  frame.setAttribute('sandbox', 'allow-scripts');
  const done = new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.data !== 'foreign-done') return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
  frame.srcdoc = `<script>${script}; parent.postMessage('foreign-done', '*');</script>`;
  document.body.append(frame);
  await done;
}

describe("the sandbox's challenge relay page", () => {
  it('runs the challenge its parent asks for: one ACS frame', async () => {
    const relay = await relayFrame();
    const { creq, acsURL } = await pendingCreq();
    relay.contentWindow!.postMessage({ type: 'startChallenge', acsURL, creq }, '*');
    await settleRelay();
    expect(relay.contentWindow!.length).toBe(1);
  });

  it('ignores startChallenge from any other frame on the page (an ad frame), even for a real challenge', async () => {
    const relay = await relayFrame();
    const { creq, acsURL } = await pendingCreq();
    await foreignFrame(`parent.frames[0].postMessage(${JSON.stringify({ type: 'startChallenge', acsURL, creq })}, '*')`);
    await settleRelay();
    expect(relay.contentWindow!.length).toBe(0);
    // Its own parent still can.
    relay.contentWindow!.postMessage({ type: 'startChallenge', acsURL, creq }, '*');
    await settleRelay();
    expect(relay.contentWindow!.length).toBe(1);
  });

  it("refuses an acsURL that is not the sandbox's ACS, and a second startChallenge", async () => {
    const relay = await relayFrame();
    const { creq, acsURL } = await pendingCreq();
    for (const foreign of ['https://phish.example/bank-login', `${sandboxUrl}/pages/method.html`, 'javascript:alert(1)', `${acsURL}/../../sandbox/clock/advance`]) {
      relay.contentWindow!.postMessage({ type: 'startChallenge', acsURL: foreign, creq }, '*');
    }
    await settleRelay();
    expect(relay.contentWindow!.length).toBe(0);
    relay.contentWindow!.postMessage({ type: 'startChallenge', acsURL, creq }, '*');
    relay.contentWindow!.postMessage({ type: 'startChallenge', acsURL, creq }, '*');
    await settleRelay();
    expect(relay.contentWindow!.length).toBe(1);
  });
});
