import { distance } from 'fastest-levenshtein';

/**
 * The school's vocabulary in its many spellings: each entry lists one idea's forms — tone-less
 * pinyin, tone-marked pinyin, the older Wade–Giles spellings still on book covers, and Chinese
 * characters (traditional and simplified). The global search widens a query to every form of each
 * entry it contains, and the header highlights those forms in the results (docs/decisions/0029).
 * The first form is the one the school writes.
 */
export const GLOSSARY: readonly (readonly string[])[] = [
  [
    'Xingyiquan',
    'Xingyi',
    'Xíngyìquán',
    'Xíngyì',
    'Hsing-I',
    'Hsing-I Chuan',
    "Hsing-I Ch'uan",
    'Hsing Yi',
    '形意拳',
    '形意',
  ],
  ['Baguazhang', 'Bagua', 'Bāguàzhǎng', 'Bāguà', 'Pa Kua', 'Pa Kua Chang', 'Pakua', '八卦掌', '八卦'],
  [
    'Taijiquan',
    'Taiji',
    'Tàijíquán',
    'Tàijí',
    'Tai Chi',
    "T'ai Chi",
    'Tai Chi Chuan',
    "T'ai Chi Ch'uan",
    '太極拳',
    '太极拳',
    '太極',
    '太极',
  ],
  ['Zhan Zhuang', 'Zhanzhuang', 'Zhàn Zhuāng', 'Chan Chuang', '站桩', '站樁'],
  ['Qigong', 'Qìgōng', 'Chi Kung', "Ch'i Kung", 'Chi Gung', '气功', '氣功'],
  ['Qi', 'Qì', 'Chi', "Ch'i", '气', '氣'],
  ['Dantian', 'Dāntián', 'Tan Tien', "Tan T'ien", '丹田'],
  ['Tuishou', 'Tuīshǒu', 'Tui Shou', 'Push Hands', '推手'],
  ['Santishi', 'Sāntǐshì', 'San Ti Shi', 'Santi', '三体式', '三體式'],
  ['Wuxingquan', 'Wǔxíngquán', 'Wu Xing Quan', 'Wu Hsing Chuan', 'Five Element Fists', '五行拳'],
  ['Zouquan', 'Zǒuquān', 'Zou Quan', 'Circle Walking', 'Walking the Circle', '走圈', '走圈子'],
];

/** Chinese characters (CJK ideographs), which no word-splitting of the 'english' search sees alone. */
export const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_RUNS = /[\u3400-\u9fff\uf900-\ufaff]+/g;

/** Lower case, tone marks and apostrophes gone, anything but letters and digits a space. */
export function glossaryWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’ʼ‘`]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A Latin form as one word: "T'ai Chi Ch'uan" and "taichichuan" are the same key. */
const key = (form: string) => glossaryWords(form).join('');
/** The longest form, in words: a query is scanned for runs of at most this many. */
const LONGEST = Math.max(...GLOSSARY.flat().map((form) => glossaryWords(form).length));

const byKey = new Map<string, number>();
GLOSSARY.forEach((forms, entry) => {
  for (const form of forms) if (!CJK.test(form)) byKey.set(key(form), entry);
});

/** A word this long may be one letter off a form (a typo), and from `LONG_TYPO` on, two. */
const TYPO_FROM = 6;
const LONG_TYPO = 9;

/** The entry whose form, written as one word, the word misspells: one or two letters off, else none. */
function misspelt(word: string): number | undefined {
  if (word.length < TYPO_FROM) return undefined;
  const allowed = word.length >= LONG_TYPO ? 2 : 1;
  let best: { entry: number; distance: number } | undefined;
  for (const [form, entry] of byKey) {
    if (form.length < TYPO_FROM || Math.abs(form.length - word.length) > allowed) continue;
    const off = distance(word, form);
    if (off <= allowed && (!best || off < best.distance)) best = { entry, distance: off };
  }
  return best?.entry;
}

/**
 * The glossary entries a query contains: Latin forms as whole words (the longest run first, so
 * "tai chi" is Taijiquan and not also Qi) or a word a letter or two off one ("baguazang"),
 * Chinese forms anywhere in the text.
 */
export function glossaryEntries(query: string): number[] {
  const found = new Set<number>();
  const words = glossaryWords(query.replace(CJK_RUNS, ' '));
  for (let i = 0; i < words.length;) {
    let taken = 1;
    for (let n = Math.min(LONGEST, words.length - i); n >= 1; n--) {
      const run = words.slice(i, i + n).join('');
      const entry = byKey.get(run) ?? (n === 1 ? misspelt(run) : undefined);
      if (entry === undefined) continue;
      found.add(entry);
      taken = n;
      break;
    }
    i += taken;
  }
  const text = query.normalize('NFKC');
  GLOSSARY.forEach((forms, entry) => {
    if (forms.some((form) => CJK.test(form) && text.includes(form))) found.add(entry);
  });
  return [...found].sort((a, b) => a - b);
}

/** Every form of every glossary entry the query contains: what the query is widened to. */
export function glossaryTerms(query: string): string[] {
  return glossaryEntries(query).flatMap((entry) => [...GLOSSARY[entry]!]);
}

/** The runs of Chinese characters in a text, each searched for as it is. */
export const cjkRuns = (text: string): string[] => text.normalize('NFKC').match(CJK_RUNS) ?? [];
