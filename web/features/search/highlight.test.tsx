import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted, highlightParts, highlightWords } from './highlight';

describe('highlightWords', () => {
  it('joins the typed words and the server terms, once each whatever the case, longest first', () => {
    expect(highlightWords('  zhan  Zhuang ', ['zhuang', 'standing meditation'])).toEqual([
      'meditation',
      'standing',
      'Zhuang',
      'zhan',
    ]);
    expect(highlightWords('   ')).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('cuts the text at the matches, case-insensitively', () => {
    expect(highlightParts('Wuji posture, wuji mind', ['WUJI'])).toEqual([
      { text: 'Wuji', match: true },
      { text: ' posture, ', match: false },
      { text: 'wuji', match: true },
      { text: ' mind', match: false },
    ]);
  });

  it('takes the words literally, not as patterns', () => {
    expect(highlightParts('C++ (basics) a.b', ['c++', '(basics)', '.'])).toEqual([
      { text: 'C++', match: true },
      { text: ' ', match: false },
      { text: '(basics)', match: true },
      { text: ' a', match: false },
      { text: '.', match: true },
      { text: 'b', match: false },
    ]);
    expect(highlightParts('a.b', ['['])).toEqual([{ text: 'a.b', match: false }]);
  });

  it('leaves the text whole without words', () => {
    expect(highlightParts('Wuji', [])).toEqual([{ text: 'Wuji', match: false }]);
    expect(highlightParts('', ['wuji'])).toEqual([]);
  });
});

describe('Highlighted', () => {
  it('marks the matches', () => {
    const { container } = render(<Highlighted text="Hun Yuan Zhuang" words={['zhuang', 'hun']} />);
    expect(container.innerHTML).toBe('<mark>Hun</mark> Yuan <mark>Zhuang</mark>');
  });
});
