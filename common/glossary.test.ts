import { describe, expect, it } from 'vitest';
import { GLOSSARY, glossaryEntries } from './glossary';

const entryOf = (form: string) => GLOSSARY.findIndex((forms) => forms.includes(form));

describe('glossaryEntries', () => {
  it('finds a form a letter or two off, as a typed word', () => {
    expect(glossaryEntries('baguazang')).toEqual([entryOf('Baguazhang')]);
    expect(glossaryEntries('xingyiqaun forms')).toEqual([entryOf('Xingyiquan')]);
    expect(glossaryEntries('zhanzuang')).toEqual([entryOf('Zhan Zhuang')]);
  });

  it('leaves short words and ordinary words alone', () => {
    // Five letters or fewer must match exactly: "taiji" is a form, "tails" is not one off it.
    expect(glossaryEntries('tails')).toEqual([]);
    for (const query of ['changes', 'walking', 'circles', 'shoulders', 'breathing', 'standing'])
      expect(glossaryEntries(query), query).toEqual([]);
  });

  it('still reads the longest run of words first', () => {
    expect(glossaryEntries('tai chi push hands')).toEqual(
      [entryOf('Taijiquan'), entryOf('Push Hands')].sort((a, b) => a - b),
    );
  });
});
