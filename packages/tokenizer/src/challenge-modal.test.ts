import { describe, expect, it } from 'vitest';
import { readCompletion } from './challenge-modal.js';

const message = { type: 'tessera:3ds-challenge-complete', acsTransID: 'acs_1', threeDSServerTransID: 'tds_1', transStatus: 'Y' };

describe('readCompletion', () => {
  it('reads the completion message as an object or as a JSON string', () => {
    expect(readCompletion(message)).toEqual(message);
    expect(readCompletion(JSON.stringify({ ...message, transStatus: 'N' }))).toMatchObject({ transStatus: 'N' });
  });

  it('ignores unrelated messages', () => {
    for (const data of [undefined, null, 'hello', '{"type":"other"}', { type: 'webpackOk' }, 42]) expect(readCompletion(data)).toBeUndefined();
  });

  it('flags a malformed completion (the modal then settles with reason "error")', () => {
    expect(readCompletion({ ...message, transStatus: 'maybe' })).toBe('malformed');
    expect(readCompletion({ type: message.type })).toBe('malformed');
  });
});
