import * as z from 'zod/mini';
import { nonEmptyString, published, resourceId, withoutCardData, type RequestFields } from './common.js';
import { catalogEntries, op } from '../plumbing/operation.js';

/** A 3DS session persisted by the service (section 2.6). */
export const threeDSSession = z.looseObject({
  id: z.string(),
  externalSessionId: z.string(),
  provider: z.string(),
  /** `created` is the only value the document shows. */
  status: z.string(),
  paymentInstrumentId: z.string(),
  /** When it was made (the published answer; typed as published, never refused). */
  createdAt: published(z.string()),
});
/** A 3DS session persisted by the service (section 2.6). */
export type ThreeDSSession = z.infer<typeof threeDSSession>;

/**
 * The 3DS providers the published API names; another string passes through.
 * @internal
 */
export const threeDSProviders = ['basis_theory', 'threedsecure_io'] as const;

const sessionFields = z.looseObject({
  provider: z._default(nonEmptyString, 'basis_theory'),
  storeId: resourceId,
  paymentInstrumentId: resourceId,
  /**
   * The provider's session: Basis Theory's session object as web-threeds returns it (`id`, `cardBrand`, …; the
   * published example), and/or the document's `{ sessionId, metadata }`. Optional in the published API.
   */
  sessionData: z.optional(
    z.looseObject({
      id: z.optional(nonEmptyString),
      sessionId: z.optional(nonEmptyString),
      metadata: z.optional(z.record(z.string(), z.unknown())),
    }).check(
      z.refine((data) => data.id === undefined || data.sessionId === undefined || data.id === data.sessionId, {
        message: 'must be the same session as id when both are given',
        path: ['sessionId'],
        params: { code: 'mismatch' },
      }),
    ),
  ),
}).check(withoutCardData);

/**
 * Body of `POST /threeds/create-session` (section 4.4 and the published API): `provider` defaults to
 * `basis_theory`. The session's id goes on the wire under both names (`sessionData.id`, published, and
 * `sessionData.sessionId`, the document's), with `metadata` (`{}` when none was given).
 */
export const createThreeDSSessionRequest = z.pipe(
  sessionFields,
  z.transform((body) => {
    if (body.sessionData === undefined) return body;
    const id = body.sessionData.id ?? body.sessionData.sessionId;
    return { ...body, sessionData: { ...body.sessionData, ...(id !== undefined ? { id, sessionId: id } : {}), metadata: body.sessionData.metadata ?? {} } };
  }),
);
/** Body of `POST /threeds/create-session`, as the caller writes it. */
export type CreateThreeDSSessionRequest = RequestFields<z.input<typeof createThreeDSSessionRequest>>;

/**
 * The catalog entries of 3DS sessions, for core's `operations` (`catalog/operations.ts`) to compose: a
 * function, so that a bundle taking only this module's schemas leaves the entries out.
 * @internal
 */
export const threeDSSessionOperations = () => catalogEntries({
  createThreeDSSession: op('POST /threeds/create-session', {
    request: createThreeDSSessionRequest,
    response: threeDSSession,
    unwrap: ['threedsSession'],
    answer: 'required',
  }),
});
