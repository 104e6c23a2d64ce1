import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GlossaryTerm } from '../../../common/ai-sifu';
import { makeUser, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { GlossaryText, glossaryMatcher, markTerms } from './glossary-text';

const student = makeUser();
const terms: GlossaryTerm[] = [
  {
    id: '7f2e0c3a-4d91-4e3c-9a5f-8b0c9d1e2f30',
    title: 'Zhan zhuang',
    hanzi: '站樁',
    pinyin: 'zhàn zhuāng',
    summary: 'Standing like a post.',
  },
  {
    id: '803f1d4b-5ea2-4f4d-8b60-9c1d0e2f3a41',
    title: 'Dantian',
    hanzi: '丹田',
    pinyin: 'dāntián',
    summary: 'The body’s centre, below the navel.',
  },
];

describe('markTerms', () => {
  it('marks the first mention of each term, by title, toneless pinyin or characters, whole words only', () => {
    const parts = markTerms(
      'In ZHAN ZHUANG (站樁) rest the mind in the dantian; zhan zhuang again. Dantianless is no word.',
      glossaryMatcher(terms),
    );
    expect(parts.map((part) => (typeof part === 'string' ? part : `[${part.text}]`)).join('')).toBe(
      'In [ZHAN ZHUANG] (站樁) rest the mind in the [dantian]; zhan zhuang again. Dantianless is no word.',
    );
  });

  it('leaves a text as it is without a glossary', () => {
    expect(markTerms('Stand still.', glossaryMatcher([]))).toEqual(['Stand still.']);
  });
});

describe('GlossaryText', () => {
  it('marks a term as a focusable control described by its characters, pinyin and meaning', async () => {
    stubFetch({
      [`POST /api/verify/user/${student.id}`]: () => ({ body: { valid: true, user: student } }),
      'GET /api/ai-sifu/glossary': () => ({ body: { terms } }),
    });
    signInAs(student);
    const { user } = renderRoutes(
      [{ path: '/', element: <div>{<GlossaryText text="Begin with zhan zhuang every day." />}</div> }],
      '/',
    );
    const term = await screen.findByRole('button', { name: 'zhan zhuang' });
    const tip = document.getElementById(term.getAttribute('aria-describedby')!);
    expect(tip?.getAttribute('role')).toBe('tooltip');
    expect(tip?.textContent).toBe('Zhan zhuang 站樁 zhàn zhuāngStanding like a post.');
    await user.tab();
    expect(document.activeElement).toBe(term);
  });
});
