import { describe, expect, it } from 'vitest';
import { CJK, GLOSSARY } from '../../../common/glossary';
import { KNOWLEDGE_SEED, type KnowledgeKind } from './knowledge';

const ofKind = (kind: KnowledgeKind) => KNOWLEDGE_SEED.filter((entry) => entry.kind === kind);
const terms = ofKind('term');
const manual = ofKind('manual');
const classics = ofKind('classic');

const ONLY_CJK = new RegExp(`^(?:${CJK.source})+$`);
const TONE_MARK = /[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ]/;
/** A spelling as one lower-case word, tone marks kept: 'Zhàn Zhuāng' and 'zhàn zhuāng' are the same. */
const spelling = (form: string) =>
  form
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s'’-]/g, '');

describe('the AI Sifu seed knowledge base', () => {
  it('holds the glossary, the manual and the classics the tutor cites', () => {
    expect(terms.length).toBeGreaterThanOrEqual(45);
    expect(manual.length).toBeGreaterThanOrEqual(28);
    expect(classics.length).toBeGreaterThanOrEqual(22);
  });

  it('keys every entry uniquely, in kebab-case under its kind, and titles each kind uniquely', () => {
    const keys = KNOWLEDGE_SEED.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of KNOWLEDGE_SEED) expect(entry.key).toMatch(new RegExp(`^${entry.kind}(-[a-z0-9]+)+$`));
    for (const entries of [terms, manual, classics]) {
      const titles = entries.map((entry) => entry.title);
      expect(new Set(titles).size, entries[0]!.kind).toBe(titles.length);
    }
  });

  it('writes every body as plain text the tutor can quote whole', () => {
    for (const entry of KNOWLEDGE_SEED) {
      expect(entry.body.trim(), entry.key).not.toBe('');
      expect(entry.body.length, entry.key).toBeLessThanOrEqual(2000);
    }
  });

  it('gives every term its characters and tone-marked pinyin, and relates it only to other terms', () => {
    const termKeys = new Set(terms.map((term) => term.key));
    for (const term of terms) {
      expect(term.hanzi, term.key).toMatch(ONLY_CJK);
      expect(term.pinyin, term.key).toMatch(TONE_MARK);
      for (const related of term.related ?? []) {
        expect(termKeys.has(related) && related !== term.key, `${term.key} → ${related}`).toBe(true);
      }
    }
  });

  it('spells a term as the glossary does wherever the glossary lists its characters', () => {
    const checked: string[] = [];
    for (const term of terms) {
      const forms = GLOSSARY.find((entry) => entry.includes(term.hanzi!));
      if (!forms) continue;
      checked.push(term.key);
      expect(forms.map(spelling), term.key).toContain(spelling(term.pinyin!));
      // The first form is the one the school writes.
      expect(term.title.startsWith(`${forms[0]} `), term.key).toBe(true);
    }
    expect(checked).toEqual(expect.arrayContaining(['term-zhan-zhuang', 'term-dantian', 'term-taijiquan']));
  });

  it('numbers the manual by chapter and section, once each, in chapters 1 to 8', () => {
    const numbers = manual.map((section) => {
      const [, chapter, number] = /^(\d+)\.(\d+) \S/.exec(section.title) ?? [];
      expect(section.key, section.title).toBe(`manual-${chapter}-${number}`);
      return `${chapter}.${number}`;
    });
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(new Set(numbers.map((n) => n.split('.')[0]))).toEqual(
      new Set(['1', '2', '3', '4', '5', '6', '7', '8']),
    );
  });

  it('names the source of every classic', () => {
    for (const classic of classics) expect(classic.source?.trim(), classic.key).toBeTruthy();
  });
});
