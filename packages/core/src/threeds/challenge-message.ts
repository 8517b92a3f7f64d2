import * as z from 'zod/mini';
import { decodeBase64Utf8 } from '../plumbing/base64.js';

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

/** Decodes a base64url CReq; returns `undefined` when it is malformed. */
export function decodeChallengeRequest(encoded: string): ChallengeRequest | undefined {
  try {
    const result = z.safeParse(challengeRequest, JSON.parse(decodeBase64Utf8(encoded)));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

