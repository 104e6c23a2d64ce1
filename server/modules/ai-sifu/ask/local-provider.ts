import { SIFU_NOT_FOUND_ANSWER } from '../../../../common/ai-sifu';
import type { AiProvider, ProviderRequest, RetrievedEntry } from './provider';
import { latinWords, readQuestion, stem, type ReadQuestion } from './question';
import { SAFETY_SECTION } from './retrieval';

/**
 * The answer written without a model: the best-matching entries' own sentences, the glossary line of
 * each term it draws on and the classical passage with its source. Deterministic, no network.
 */

/**
 * The least score (see retrieval.ts) an entry needs to be drawn on: roughly the rarer half of the
 * question's meaningful words, or its naming of a term. Below it on every entry, the answer is the honest
 * SIFU_NOT_FOUND_ANSWER. Calibrated on the evaluation's questions (docs/ai-sifu.md).
 */
export const MIN_SCORE = 0.66;
/**
 * Entries much weaker than the best one add noise rather than support; the best one's naming bonus
 * is left out of the comparison (REFERENCE_MAX), so naming a term does not silence the manual.
 */
const RELATIVE_CUT = 0.5;
const REFERENCE_MAX = 1.3;
const MAX_EXPLANATIONS = 2;
const MAX_TERMS = 2;
const MAX_CLASSICS = 1;
const SENTENCES_PER_ENTRY = 2;
const MAX_SAFETY_SECTIONS = 2;
const SAFETY_CUT = 0.6;

/** Text written to steer the tutor rather than to teach: never quoted, never followed. */
const INSTRUCTION =
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|prompts?|rules|guidelines)\b|\byou are now\b|\bsystem prompt\b|\b(new|hidden|secret) instructions?\b|\bact as (an?|the)\b|\bpretend (to be|you are)\b|\bjailbreak\b|\bdeveloper mode\b|\bas an ai (language )?model\b/i;

/** "Are you a real person?", "am I talking to a human?", "who are you?" */
const ABOUT_THE_TUTOR =
  /\b(are|r)\s+(you|u)\b.{0,30}\b(real|human|person|people|robot|bot|ai|machine|computer|teacher|sifu|instructor|alive|man|woman|program)\b|\b(talking|speaking|chatting)\s+(to|with)\s+(a|an|the)?\s*(real\s+)?(human|person|bot|robot|machine|ai|computer)\b|\bwho\s+are\s+(you|u)\b|\bis\s+this\s+(a\s+)?(real\s+)?(human|person|bot|robot|ai)\b/i;

export const TUTOR_IDENTITY_ANSWER =
  "I am AI Sifu, an AI tutor, not a person: I am not one of the school's teachers. I answer from the school's glossary, training manual, classical passages and your course's lessons, and I name the entries I draw on. For corrections to your posture, or anything personal, ask your instructor.";

export const SAFETY_LEAD =
  'This is general training guidance, not medical advice: for pain, an injury or a medical condition, see a qualified professional (a doctor or physiotherapist) and tell your instructor before you train.';

export const isAboutTheTutor = (question: string): boolean => ABOUT_THE_TUTOR.test(question);

const isSafetySection = (entry: RetrievedEntry) => entry.kind === 'manual' && /^7\./.test(entry.title);

/** Sentences of a text, instructions to the tutor left out. */
function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=["'“‘(]?[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence && !INSTRUCTION.test(sentence));
}

/** The question's words as the sentences are compared with them, with the spellings of the terms it names. */
function questionStems(read: ReadQuestion): Set<string> {
  return new Set([...read.words.map(stem), ...read.spellings]);
}

/** How many of the question's words a sentence holds. */
function overlap(sentence: string, stems: Set<string>): number {
  const own = new Set(latinWords(sentence).map(stem));
  let shared = 0;
  for (const word of stems) if (own.has(word)) shared++;
  return shared;
}

/** The sentences of an entry that share most words with the question, in their own order. */
function bestSentences(entry: RetrievedEntry, stems: Set<string>, count: number): string[] {
  const all = sentences(entry.body);
  const ranked = all
    .map((sentence, index) => ({ sentence, index, shared: overlap(sentence, stems) }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, count)
    .filter((item, i) => i === 0 || item.shared > 0);
  return ranked.sort((a, b) => a.index - b.index).map((item) => item.sentence);
}

/**
 * The glossary line of a term: characters, pinyin, its name and meaning, and its first sentence
 * unless the answer already quotes the term.
 */
function glossaryLine(term: RetrievedEntry, quoted: boolean): string | null {
  const [first] = sentences(term.body);
  if (!first || INSTRUCTION.test(term.title)) return null;
  const chinese = [term.hanzi, term.pinyin].filter(Boolean).join(' ');
  return `${chinese ? `${chinese}: ` : ''}${term.title}${quoted ? '' : `. ${first}`}`;
}

/** The classical passage: the sentence of its reading closest to the question, and its source. */
function classicLine(classic: RetrievedEntry, stems: Set<string>): string | null {
  const [line] = bestSentences(classic, stems, 1);
  if (!line || INSTRUCTION.test(classic.title)) return null;
  const original = classic.hanzi && classic.hanzi.length <= 60 ? ` ${classic.hanzi}` : '';
  return `From the classics, "${classic.title}"${original}: ${line}${classic.source ? ` (${classic.source})` : ''}`;
}

/** The entries the answer draws on: relevant enough, and not far behind the best. */
function choose(entries: readonly RetrievedEntry[], safety: boolean) {
  const relevant = entries.filter((entry) => entry.score >= MIN_SCORE && !INSTRUCTION.test(entry.title));
  const reference = Math.min(relevant[0]?.score ?? 0, REFERENCE_MAX);
  const strong = relevant.filter((entry) => entry.score >= reference * RELATIVE_CUT);
  // The safety chapter comes with the question, so its sections are compared without that bonus.
  const sections = safety ? entries.filter(isSafetySection) : [];
  const bestSection = (sections[0]?.score ?? 0) - SAFETY_SECTION;
  const safetySections = sections
    .filter((entry, i) => i === 0 || entry.score - SAFETY_SECTION >= bestSection * SAFETY_CUT)
    .slice(0, MAX_SAFETY_SECTIONS);
  const rest = strong.filter((entry) => !safetySections.includes(entry));
  return {
    safetySections,
    explanations: rest
      .filter((entry) => entry.kind === 'manual' || entry.kind === 'lesson')
      .slice(0, MAX_EXPLANATIONS),
    terms: rest.filter((entry) => entry.kind === 'term').slice(0, MAX_TERMS),
    classics: rest.filter((entry) => entry.kind === 'classic').slice(0, MAX_CLASSICS),
    best: strong[0],
  };
}

/** Composes the answer and the ids it draws on. */
export function composeAnswer({
  question,
  entries,
  safety,
}: Pick<ProviderRequest, 'question' | 'entries' | 'safety'>): {
  text: string;
  cited: string[];
} {
  if (isAboutTheTutor(question)) return { text: TUTOR_IDENTITY_ANSWER, cited: [] };
  const read = readQuestion(question);
  const stems = questionStems(read);
  const { safetySections, explanations, terms, classics, best } = choose(entries, safety);
  const cited: string[] = [];
  const parts: string[] = [];
  const quote = (entry: RetrievedEntry, lines: readonly string[]) => {
    if (lines.length === 0) return;
    cited.push(entry.id);
    parts.push(lines.join(' '));
  };

  if (safety) {
    parts.push(SAFETY_LEAD);
    for (const section of safetySections) quote(section, bestSentences(section, stems, SENTENCES_PER_ENTRY));
  }
  // The short answer: the best entry first (a term explains itself), then the manual and lessons.
  const leading = best?.kind === 'term' ? [best] : [];
  for (const entry of [...leading, ...explanations])
    quote(entry, bestSentences(entry, stems, SENTENCES_PER_ENTRY));
  const glossaryTerms = [...leading, ...terms.filter((term) => term !== best)].slice(0, MAX_TERMS);
  const glossary = glossaryTerms.flatMap((term) => {
    const line = glossaryLine(term, cited.includes(term.id));
    return line ? [{ term, line }] : [];
  });
  if (glossary.length) {
    parts.push(glossary.map(({ line }) => `- ${line}`).join('\n'));
    for (const { term } of glossary) if (!cited.includes(term.id)) cited.push(term.id);
  }
  for (const classic of classics) {
    const line = classicLine(classic, stems);
    if (!line) continue;
    parts.push(line);
    cited.push(classic.id);
  }
  if (cited.length === 0) {
    return { text: safety ? `${SAFETY_LEAD} ${SIFU_NOT_FOUND_ANSWER}` : SIFU_NOT_FOUND_ANSWER, cited: [] };
  }
  return { text: parts.join('\n\n'), cited };
}

/** Answers from the best-matching entries' own sentences, with no model and no network. */
export function createLocalProvider(): AiProvider {
  return {
    name: 'local',
    async answer({ question, entries, safety, onDelta }: ProviderRequest) {
      const { text, cited } = composeAnswer({ question, entries, safety });
      onDelta?.(text);
      return { text, cited, input_tokens: 0, output_tokens: 0, cost_cents: 0 };
    },
  };
}
