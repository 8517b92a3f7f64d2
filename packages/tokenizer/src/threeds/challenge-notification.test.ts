import { describe, expect, it } from 'vitest';
import { readChallengeNotification } from './challenge-notification.js';

// web-threeds' challenge notification, as its challenge page relays it (read in web-threeds 1.3.5).
const notification = { type: 'challenge', id: '3ds_1', isCompleted: true, authenticationStatus: 'successful' };

describe('readChallengeNotification', () => {
  it('maps authenticationStatus to success: successful and attempted authenticate, anything else fails', () => {
    expect(readChallengeNotification(notification, '3ds_1')).toEqual({ success: true, authenticationStatus: 'successful', reason: undefined });
    expect(readChallengeNotification({ ...notification, authenticationStatus: 'attempted' }, '3ds_1')).toMatchObject({ success: true });
    expect(readChallengeNotification({ ...notification, authenticationStatus: 'failed' }, '3ds_1')).toEqual({ success: false, authenticationStatus: 'failed', reason: 'failed' });
    expect(readChallengeNotification({ ...notification, authenticationStatus: 7 }, '3ds_1')).toEqual({ success: false, authenticationStatus: undefined, reason: 'failed' });
  });

  it('ignores other messages, other sessions and unfinished notifications', () => {
    for (const data of [undefined, null, 'hello', 42, { type: 'method', id: '3ds_1', isCompleted: true }, { ...notification, id: '3ds_2' }, { ...notification, isCompleted: false }]) {
      expect(readChallengeNotification(data, '3ds_1')).toBeUndefined();
    }
  });
});
