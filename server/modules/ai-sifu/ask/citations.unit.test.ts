import { describe, expect, it } from 'vitest';
import { SIFU_NOT_FOUND_ANSWER } from '../../../../common/ai-sifu';
import { createCitationFilter } from './citations';

const STANDING = '6f1c2a3e-0b4d-4e5f-8a9b-0c1d2e3f4a5b';
const KNEES = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const labels = new Map([
  ['S1', STANDING],
  ['S2', KNEES],
]);

/** What the filter shows of an answer written in these pieces, and what it cites. */
function run(pieces: string[]) {
  const filter = createCitationFilter(labels);
  const shown = [...pieces.map((piece) => filter.push(piece)), filter.end()];
  return { shown, text: filter.text(), cited: filter.cited() };
}

describe('citation markers', () => {
  it('are taken out of the text and name the entries cited, in order of first citation', () => {
    const result = run([
      `  Sink [S2] and rise [s1, S2].\nRelax [${STANDING.toUpperCase()}][S 2]; soften [S1]  `,
    ]);

    expect(result.text).toBe('Sink and rise.\nRelax; soften');
    expect(result.cited).toEqual([KNEES, STANDING]);
  });

  it('drop a citation of anything but the sources given and leave other brackets alone', () => {
    const result = run([
      'Peng [S3] is [sic] warding [S1; S12] energy [1] [',
      '00000000-0000-4000-8000-000000000000].',
    ]);

    expect(result.text).toBe('Peng is [sic] warding energy [1].');
    expect(result.cited).toEqual([STANDING]);
  });

  it('give the same text and citations however the answer is split into pieces', () => {
    const answer = 'Stand tall [S1]. Keep the knees [S2,S1] soft [S9] and [the] hips low [S2].\n\nBreathe.';
    const whole = run([answer]);
    expect(whole.text).toBe('Stand tall. Keep the knees soft and [the] hips low.\n\nBreathe.');
    for (let i = 0; i <= answer.length; i++) {
      for (let j = i; j <= answer.length; j++) {
        const split = run([answer.slice(0, i), answer.slice(i, j), answer.slice(j)]);
        expect(split.shown.join('')).toBe(whole.text);
        expect(split.text).toBe(whole.text);
        expect(split.cited).toEqual(whole.cited);
      }
    }
  });

  it('hold back only what may still become a marker', () => {
    const filter = createCitationFilter(labels);

    expect(filter.push('Stand ')).toBe('Stand');
    expect(filter.push('tall [S')).toBe(' tall');
    expect(filter.push('1]. Then [sit')).toBe('. Then [sit');
  });

  it('cite nothing in the answer that nothing was found', () => {
    expect(run([`${SIFU_NOT_FOUND_ANSWER} [S1]`])).toMatchObject({ text: SIFU_NOT_FOUND_ANSWER, cited: [] });
  });
});
