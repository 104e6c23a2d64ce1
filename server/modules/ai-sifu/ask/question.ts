import { cjkRuns, CJK, GLOSSARY, glossaryEntries } from '../../../../common/glossary';

/**
 * A student's question read for retrieval and for composing the answer: its words without tone
 * marks, the ones that carry meaning (function words and question words left out), its Chinese
 * characters, and the glossary's spellings of the terms it names (misspellings corrected there).
 */

/** Function words and the words of asking: they say nothing about what is asked. */
const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing done down during each few for from further had has ' +
    'have having he her here hers herself him himself his how i if in into is it its itself just me more ' +
    'most my myself no nor not now of off on once only or other our ours ourselves out over own same she ' +
    'should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yourself yourselves s t d ll m re ve im dont doesnt isnt cant ' +
    // Asking, and addressing the tutor.
    'mean means meaning meant explain explained tell please sifu hi hello thanks thank know want wants ' +
    'anyone something thing things way ways really also get got need much many like whats hows ok okay ' +
    'kind sort one ones use used using difference different say says said called call'
  ).split(' '),
);

/** Lower case, accents and tone marks gone: "Zhàn Zhuāng" → "zhan zhuang". */
export const plain = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** A text's Latin words, in order (apostrophes dropped: "what's" → "whats"). */
export const latinWords = (text: string): string[] =>
  plain(text)
    .replace(/['’ʼ‘`]/g, '')
    .match(/[a-z0-9]+/g) ?? [];

/**
 * A rough English stem, enough to tell that "breathe", "breathing", "breath" and "breathes" share a
 * word, and that "knees" is "knee": the composer compares sentences with it.
 */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  let base = word;
  for (const suffix of ['ingly', 'edly', 'ing', 'ies', 'ied', 'ed', 'es', 'ly', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      base =
        suffix === 'ies' || suffix === 'ied'
          ? `${word.slice(0, -suffix.length)}y`
          : word.slice(0, -suffix.length);
      break;
    }
  }
  // A silent e goes too, so "breathe" meets "breathing" and "move" meets "moving".
  return base.length >= 4 && base.endsWith('e') ? base.slice(0, -1) : base;
}

export const isStopword = (word: string): boolean => STOPWORDS.has(word);

export interface ReadQuestion {
  /** The question's Latin words in order, lower case, without tone marks, joined by single spaces. */
  text: string;
  /** Its words that carry meaning, each once, in order (at most 20). */
  words: string[];
  /** Runs of Chinese characters in the question, and the Chinese forms of the glossary terms it names. */
  cjk: string[];
  /** Each meaningful word with the glossary's other spellings of it, as one word each ("dantien" → "dantian", "tantien"). */
  variants: string[][];
  /** The Latin spellings, as one lower-case word each, of the glossary terms it names ("baguazang" → "baguazhang", "pakua", …). */
  spellings: string[];
  /** Its meaningful words that are part of a term it names ("zhan", "zhuang" of "how do I breathe in zhan zhuang"). */
  nameWords: string[];
}

const MAX_WORDS = 20;
const MAX_SPELLINGS = 20;

const asOneWord = (form: string) => latinWords(form).join('');

/** Reads a question once for retrieval and composition. */
export function readQuestion(question: string): ReadQuestion {
  const all = latinWords(question.replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, ' '));
  const words = [...new Set(all.filter((word) => !isStopword(word) && (word.length > 1 || /\d/.test(word))))];
  const forms = glossaryEntries(question).flatMap((entry) => [...GLOSSARY[entry]!]);
  const kept = words.slice(0, MAX_WORDS);
  const named = new Set(forms.filter((form) => !CJK.test(form)).flatMap(latinWords));
  return {
    text: all.join(' '),
    words: kept,
    variants: kept.map((word) => [
      ...new Set([
        word,
        ...glossaryEntries(word)
          .flatMap((entry) => GLOSSARY[entry]!.filter((form) => !CJK.test(form)).map(asOneWord))
          .filter((form) => form.length > 2),
      ]),
    ]),
    cjk: [...new Set([...cjkRuns(question), ...forms.filter((form) => CJK.test(form))])],
    spellings: [
      ...new Set(
        forms
          .filter((form) => !CJK.test(form))
          .map(asOneWord)
          .filter((form) => form.length > 2),
      ),
    ].slice(0, MAX_SPELLINGS),
    nameWords: kept.filter((word) => named.has(word)),
  };
}

/** The Chinese characters of the runs, one and two at a time: what the stored `search` holds of an entry's hanzi. */
export function cjkGrams(runs: readonly string[]): string[] {
  const grams = new Set<string>();
  for (const run of runs) {
    const chars = [...run];
    chars.forEach((char, i) => {
      grams.add(char);
      if (i + 1 < chars.length) grams.add(char + chars[i + 1]!);
    });
  }
  return [...grams];
}
