import { describe, expect, it } from 'vitest';
import { readQuestion, stem } from './question';

describe("reading a student's question", () => {
  it('stems the forms of a word alike, a silent e included', () => {
    expect(new Set(['breathe', 'breathing', 'breathes', 'breath'].map(stem))).toEqual(new Set(['breath']));
    expect(stem('moving')).toBe(stem('move'));
    expect(stem('knees')).toBe(stem('knee'));
    expect(stem('hands')).toBe('hand');
  });

  it('tells the words naming a term from what is asked of it', () => {
    const read = readQuestion('How should I breathe in zhàn zhuāng?');
    expect(read.words).toEqual(['breathe', 'zhan', 'zhuang']);
    expect(read.nameWords).toEqual(['zhan', 'zhuang']);
    expect(readQuestion('how do I relax my shoulders').nameWords).toEqual([]);
  });
});
