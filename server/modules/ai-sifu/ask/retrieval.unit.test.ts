import { describe, expect, it } from 'vitest';
import { searchPlan } from './retrieval';

/* What retrieval looks for in a question; how it scores what it finds is retrieval.test.ts's, on a database. */

describe("what AI Sifu's retrieval looks for", () => {
  it('is nothing in a question of stopwords, so it finds nothing, unless the question is about safety', () => {
    expect(searchPlan('what is the')).toMatchObject({ simple: [], pairs: [], safety: false });
    expect(searchPlan('Is it')).toMatchObject({ simple: [], pairs: [], safety: false });
    expect(searchPlan('I feel dizzy')).toMatchObject({ simple: ['feel', 'dizzy'], safety: true });
    expect(searchPlan('my knee hurts in zhan zhuang').safety).toBe(true);
  });

  it('is a named term by its words, each spelling the glossary knows and its characters, tone marks aside', () => {
    const plan = searchPlan('How should I breathe in zhàn zhuāng?');
    expect(plan.read.words).toEqual(['breathe', 'zhan', 'zhuang']);
    expect(plan.simple).toEqual(
      expect.arrayContaining(['breathe', 'zhan', 'zhuang', 'zhanzhuang', '站桩', '站', '桩']),
    );
    expect(plan.pairs).toEqual(['站桩', '站樁']);
    expect(plan.safety).toBe(false);
  });

  it("is a known misspelling's term, by the glossary's spellings and characters", () => {
    const { simple } = searchPlan('baguazang footwork');
    expect(simple).toEqual(
      expect.arrayContaining(['baguazang', 'footwork', 'baguazhang', 'pakua', '八卦', '卦掌']),
    );
  });

  it('is a Chinese sentence one and two characters at a time, the pairs holding its Chinese', () => {
    const { simple, pairs } = searchPlan('站桩的要领');
    expect(simple).toEqual(expect.arrayContaining(['站', '站桩', '桩的', '的', '要领']));
    expect(pairs).toEqual(['站桩', '桩的', '的要', '要领', '站樁']);
  });
});
