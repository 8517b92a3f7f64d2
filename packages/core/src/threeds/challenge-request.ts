import { encodeBase64Utf8 } from '../plumbing/base64.js';
import type { ChallengeRequest } from './challenge-message.js';

// The browser's half of the challenge messages, apart from the zod schemas (the sandbox's ACS decodes with
// those), so the 3DS modal's bundle carries none of them.

/** EMV 3DS challenge window sizes: 01 250×400, 02 390×400, 03 500×600, 04 600×400, 05 full screen. */
export const challengeWindowSizes = {
  '01': { width: 250, height: 400 },
  '02': { width: 390, height: 400 },
  '03': { width: 500, height: 600 },
  '04': { width: 600, height: 400 },
  '05': { width: '100%', height: '100%' },
} as const;
/** An EMV 3DS challenge window size code. */
export type ChallengeWindowSize = keyof typeof challengeWindowSizes;

/** Encodes a CReq as base64url JSON without padding, as EMV 3DS requires. */
export function encodeChallengeRequest(creq: ChallengeRequest): string {
  return encodeBase64Utf8(JSON.stringify(creq), true);
}
