import * as z from 'zod/mini';
import { nonEmptyString, resourceId, withoutCardData, type RequestFields } from './common.js';

/** A 3DS session persisted by the service (section 2.6). */
export const threeDSSession = z.looseObject({
  id: z.string(),
  externalSessionId: z.string(),
  provider: z.string(),
  /** `created` is the only value the document shows. */
  status: z.string(),
  paymentInstrumentId: z.string(),
});
/** A 3DS session persisted by the service (section 2.6). */
export type ThreeDSSession = z.infer<typeof threeDSSession>;

/** Body of `POST /threeds/create-session` (section 4.4). */
export const createThreeDSSessionRequest = z.looseObject({
  provider: nonEmptyString,
  storeId: resourceId,
  paymentInstrumentId: resourceId,
  sessionData: z.looseObject({
    sessionId: nonEmptyString,
    metadata: z.record(z.string(), z.unknown()),
  }),
}).check(withoutCardData);
/** Body of `POST /threeds/create-session`. */
export type CreateThreeDSSessionRequest = RequestFields<z.infer<typeof createThreeDSSessionRequest>>;
