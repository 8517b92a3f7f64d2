import * as z from 'zod/mini';
import { decodeBase64Utf8, encodeBase64Utf8 } from './base64.js';

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

/** The EMV 3DS Challenge Request (CReq) posted into the ACS iframe. */
export const challengeRequest = z.looseObject({
  threeDSServerTransID: z.string(),
  acsTransID: z.string(),
  messageType: z.literal('CReq'),
  messageVersion: z.string(),
  challengeWindowSize: z.enum(['01', '02', '03', '04', '05']),
});
/** The EMV 3DS Challenge Request. */
export type ChallengeRequest = z.infer<typeof challengeRequest>;

/** Encodes a CReq as base64url JSON without padding, as EMV 3DS requires. */
export function encodeChallengeRequest(creq: ChallengeRequest): string {
  return encodeBase64Utf8(JSON.stringify(creq), true);
}

/** Decodes a base64url CReq; returns `undefined` when it is malformed. */
export function decodeChallengeRequest(encoded: string): ChallengeRequest | undefined {
  try {
    const result = z.safeParse(challengeRequest, JSON.parse(decodeBase64Utf8(encoded)));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The message the ACS notification page posts to the page that opened the challenge (`window.parent`).
 * `transStatus` is the EMV value: `Y` authenticated, `N` not authenticated, `R` rejected, `U` unavailable.
 */
export const challengeCompletionMessage = z.object({
  type: z.literal('tessera:3ds-challenge-complete'),
  acsTransID: z.string(),
  threeDSServerTransID: z.string(),
  transStatus: z.enum(['Y', 'N', 'R', 'U', 'A']),
});
/** The message posted when the challenge ends. */
export type ChallengeCompletionMessage = z.infer<typeof challengeCompletionMessage>;
