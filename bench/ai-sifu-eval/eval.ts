import { inArray } from 'drizzle-orm';
import { SIFU_NOT_FOUND_ANSWER } from '../../common/ai-sifu';
import type { Db } from '../../server/db/client';
import { courses, knowledgeEntries, lessons } from '../../server/db/schema';
import { EVAL_QUESTIONS, type EvalQuestion } from './questions';
import { createLocalProvider, TUTOR_IDENTITY_ANSWER } from '../../server/modules/ai-sifu/ask/local-provider';
import { createRetrieval } from '../../server/modules/ai-sifu/ask/retrieval';
import { isSafetyQuestion } from '../../server/modules/ai-sifu/ask/safety';

/** The share of on-topic questions whose answer must cite an expected entry. */
export const HIT_RATE_TARGET = 0.9;

export interface EvalResult {
  question: EvalQuestion;
  /** What the answer cites: seed keys, `lesson: <title>` for lessons, `missing: <id>` for ids that exist nowhere. */
  cited: string[];
  /** On-topic: it cites an expected entry. Off-topic and about the tutor: the honest answer, without citations. */
  passed: boolean;
  text: string;
  ms: number;
}

export interface EvalReport {
  results: EvalResult[];
  onTopic: number;
  /** On-topic questions whose answer cites an expected entry, as a share of them. */
  hitRate: number;
  /** Citations of knowledge entries that were expected, as a share of all knowledge citations (on-topic questions). */
  precision: number;
  /** Expected entries cited, as a share of all expected entries (each question lists alternatives, so this stays low). */
  recall: number;
  /** Citations of entries or lessons that do not exist. */
  missing: number;
  /** Off-topic and about-the-tutor questions answered honestly, of all of them. */
  honest: number;
  honestOf: number;
  failures: string[];
}

/**
 * Asks every question through the retrieval and the local provider as the ask endpoint does (the
 * question's course, the safety flag, the provider's citations kept only when retrieved) and
 * measures the answers against the targets: HIT_RATE_TARGET of on-topic questions cite an
 * expected entry, no citation of anything that does not exist, honest answers off the subject.
 */
export async function runSifuEval(
  db: Db,
  questions: readonly EvalQuestion[] = EVAL_QUESTIONS,
): Promise<EvalReport> {
  const retrieval = createRetrieval({ db });
  const provider = createLocalProvider();
  const courseRows = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(inArray(courses.title, [...new Set(questions.map((q) => q.course))]));
  const courseId = new Map(courseRows.map((row) => [row.title, row.id]));

  const answers = [];
  for (const question of questions) {
    const id = courseId.get(question.course);
    if (!id) throw new Error(`The evaluation's course "${question.course}" is not in the database`);
    const started = performance.now();
    const entries = await retrieval.retrieve(question.question, id);
    const answer = await provider.answer({
      question: question.question,
      entries,
      safety: isSafetyQuestion(question.question),
    });
    const retrieved = new Set(entries.map((entry) => entry.id));
    answers.push({
      question,
      text: answer.text,
      // As the endpoint does: an id the provider names that retrieval did not return is dropped.
      ids: answer.cited.filter((cited) => retrieved.has(cited)),
      ms: performance.now() - started,
    });
  }

  const allIds = [...new Set(answers.flatMap((answer) => answer.ids))];
  const known = new Map<string, string>();
  if (allIds.length) {
    const entryRows = await db
      .select({ id: knowledgeEntries.id, key: knowledgeEntries.key })
      .from(knowledgeEntries)
      .where(inArray(knowledgeEntries.id, allIds));
    for (const row of entryRows) known.set(row.id, row.key ?? `entry: ${row.id}`);
    const lessonRows = await db
      .select({ id: lessons.id, title: lessons.title })
      .from(lessons)
      .where(inArray(lessons.id, allIds));
    for (const row of lessonRows) known.set(row.id, `lesson: ${row.title}`);
  }

  let citedEntries = 0;
  let citedExpected = 0;
  let expectedTotal = 0;
  let expectedCited = 0;
  const results = answers.map(({ question, text, ids, ms }): EvalResult => {
    const cited = ids.map((id) => known.get(id) ?? `missing: ${id}`);
    if (question.offTopic || question.aboutTutor) {
      const honestText = question.offTopic ? SIFU_NOT_FOUND_ANSWER : TUTOR_IDENTITY_ANSWER;
      return { question, cited, passed: cited.length === 0 && text === honestText, text, ms };
    }
    const expected = new Set(question.expect ?? []);
    const entries = cited.filter((key) => !key.startsWith('lesson: '));
    const hits = entries.filter((key) => expected.has(key));
    citedEntries += entries.length;
    citedExpected += hits.length;
    expectedTotal += expected.size;
    expectedCited += new Set(hits).size;
    return { question, cited, passed: hits.length > 0, text, ms };
  });

  const onTopic = results.filter((r) => !r.question.offTopic && !r.question.aboutTutor);
  const honestOnes = results.filter((r) => r.question.offTopic || r.question.aboutTutor);
  const hitRate = onTopic.length ? onTopic.filter((r) => r.passed).length / onTopic.length : 1;
  const missing = results.reduce(
    (n, r) => n + r.cited.filter((key) => key.startsWith('missing: ')).length,
    0,
  );
  const honest = honestOnes.filter((r) => r.passed).length;
  const failures: string[] = [];
  if (hitRate < HIT_RATE_TARGET) {
    failures.push(
      `${pct(hitRate)} of on-topic questions cite an expected entry (target ${pct(HIT_RATE_TARGET)})`,
    );
  }
  if (missing > 0) failures.push(`${missing} citations of entries that do not exist (target 0)`);
  if (honest < honestOnes.length) {
    failures.push(
      `${honestOnes.length - honest} off-topic or about-the-tutor questions not answered honestly`,
    );
  }
  return {
    results,
    onTopic: onTopic.length,
    hitRate,
    precision: citedEntries ? citedExpected / citedEntries : 1,
    recall: expectedTotal ? expectedCited / expectedTotal : 1,
    missing,
    honest,
    honestOf: honestOnes.length,
    failures,
  };
}

export const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** The report as the command prints it: one line per question, then the figures and the verdict. */
export function formatReport(report: EvalReport): string {
  const lines = report.results.map((r) => {
    const mark = r.passed ? 'ok  ' : 'FAIL';
    const wanted = r.question.offTopic
      ? 'honest answer'
      : r.question.aboutTutor
        ? 'about the tutor'
        : (r.question.expect ?? []).join(', ');
    return `${mark} ${r.question.question}\n       cited: ${r.cited.join(', ') || '—'}\n       wanted: ${wanted}`;
  });
  const times = report.results.map((r) => r.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  lines.push(
    '',
    `Questions: ${report.results.length} (${report.onTopic} on topic, ${report.honestOf} off topic or about the tutor)`,
    `Answers citing an expected entry: ${pct(report.hitRate)} (target ≥ ${pct(HIT_RATE_TARGET)})`,
    `Citation precision: ${pct(report.precision)}; recall: ${pct(report.recall)}`,
    `Citations of entries that do not exist: ${report.missing} (target 0)`,
    `Honest answers off topic and about the tutor: ${report.honest} of ${report.honestOf}`,
    `Median time per question (retrieval and answer): ${median.toFixed(1)} ms`,
    report.failures.length ? `FAILED: ${report.failures.join('; ')}` : 'All targets met.',
  );
  return lines.join('\n');
}
