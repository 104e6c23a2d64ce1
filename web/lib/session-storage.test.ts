import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/render';
import {
  SIGNED_IN_AT_KEY,
  STORAGE_KEYS,
  clearStoredSession,
  readSignedInAt,
  readStoredSession,
  writeSession,
} from './session-storage';

describe('session storage', () => {
  const user = makeUser();

  it('uses the keys authToken, userId and userData', () => {
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

  it('notes when a new token is stored and keeps it while the same token is stored again', () => {
    writeSession('tok', user);
    const start = readSignedInAt();
    expect(start).toBe(localStorage.getItem(SIGNED_IN_AT_KEY));
    localStorage.setItem(SIGNED_IN_AT_KEY, '2026-01-01T08:00:00.000Z');
    writeSession('tok', user);
    expect(readSignedInAt()).toBe('2026-01-01T08:00:00.000Z');
    writeSession('another', user);
    expect(readSignedInAt()).not.toBe('2026-01-01T08:00:00.000Z');
  });

  it('counts a session stored without its start from the first time it is asked for', () => {
    expect(readSignedInAt()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const first = readSignedInAt();
    expect(first).not.toBeNull();
    expect(readSignedInAt()).toBe(first);
  });
});
