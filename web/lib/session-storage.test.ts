import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/render';
import { STORAGE_KEYS, clearStoredSession, readStoredSession, writeSession } from './session-storage';

describe('session storage', () => {
  const user = makeUser();

  it('uses the spec keys authToken, userId and userData', () => {
    writeSession('tok', user);
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(localStorage.getItem('userId')).toBe(user.id);
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(user);
  });

  it('returns the cached session when all three keys are present and the user parses', () => {
    writeSession('tok', user);
    expect(readStoredSession()).toEqual({ token: 'tok', userId: user.id, user });
  });

  it.each([STORAGE_KEYS.token, STORAGE_KEYS.userId, STORAGE_KEYS.user])(
    'ignores the cache when %s is missing',
    (key) => {
      writeSession('tok', user);
      localStorage.removeItem(key);
      expect(readStoredSession()).toBeNull();
    },
  );

  it('ignores cached data that does not parse', () => {
    writeSession('tok', user);
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(readStoredSession()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ hello: 'world' }));
    expect(readStoredSession()).toBeNull();
  });

  it('ignores a cached user that belongs to another user id', () => {
    writeSession('tok', user);
    localStorage.setItem(STORAGE_KEYS.userId, 'someone-else');
    expect(readStoredSession()).toBeNull();
  });

  it('clears all three keys', () => {
    writeSession('tok', user);
    clearStoredSession();
    expect(localStorage.length).toBe(0);
  });
});
