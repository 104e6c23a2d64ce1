import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';
import { resolveRange } from './storage';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-500', { suffix: 500 }],
    [' bytes=5-5 ', { start: 5, end: 5 }],
  ])('reads %s', (header, range) => {
    expect(parseRange(header)).toEqual(range);
  });

  it.each([
    undefined,
    '',
    'bytes=-',
    'bytes=9-1',
    'bytes=0-1,5-9',
    'items=0-9',
    'bytes=a-b',
    'bytes=99999999999999999999-',
  ])('ignores %s, so the whole file is sent', (header) => {
    expect(parseRange(header)).toBeNull();
  });
});

describe('resolveRange', () => {
  it('clamps to the file and refuses what starts past its end', () => {
    expect(resolveRange({ start: 0, end: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange({ suffix: 10 }, 1000)).toEqual({ start: 990, end: 999 });
    expect(resolveRange({ start: 1000 }, 1000)).toBe('unsatisfiable');
    expect(resolveRange({ suffix: 0 }, 1000)).toBe('unsatisfiable');
  });
});
