import { z } from 'zod';

export const QUIZ_OPTIONS_MESSAGE = 'A question needs at least 2 options';
export const QUIZ_EMPTY_MESSAGE = 'A quiz needs at least one question';
export const QUIZ_CORRECT_ANSWER_MESSAGE = 'Each question needs a correct answer';
export const QUIZ_PASS_MARK_MESSAGE = 'The pass mark must be a whole number from 1 to 100';
export const PASS_MARK_NOT_A_QUIZ_MESSAGE = 'Only a quiz can have a pass mark';

/**
 * A quiz's pass mark: a whole percentage from 1 to 100, or null for none, in which case any
 * attempt completes the lesson, whatever its score.
 */
export const QuizPassMark = z
  .number({ error: QUIZ_PASS_MARK_MESSAGE })
  .int(QUIZ_PASS_MARK_MESSAGE)
  .min(1, QUIZ_PASS_MARK_MESSAGE)
  .max(100, QUIZ_PASS_MARK_MESSAGE)
  .nullable();
export type QuizPassMark = z.infer<typeof QuizPassMark>;

/** Whether a score passes: every score does when there is no pass mark. */
export const quizPassed = (score: number, passMark: number | null): boolean =>
  passMark === null || score >= passMark;

/**
 * One quiz question as stored (a JSON list in a quiz lesson's content_text). `question` is
 * accepted as another name for `text`; the stored form always uses `text`.
 */
export const QuizQuestion = z
  .object({
    id: z
      .union([z.string(), z.number()], { error: 'Each question needs an id' })
      .transform(String)
      .pipe(z.string().trim().min(1, 'Each question needs an id').max(100)),
    text: z.string().optional(),
    question: z.string().optional(),
    options: z
      .array(z.string({ error: 'Options must be text' }).trim().min(1, 'Options cannot be blank').max(1000), {
        error: QUIZ_OPTIONS_MESSAGE,
      })
      .min(2, QUIZ_OPTIONS_MESSAGE)
      .max(20, 'A question can have at most 20 options'),
    correctAnswer: z
      .number({ error: QUIZ_CORRECT_ANSWER_MESSAGE })
      .int('The correct answer must be the index of an option'),
    explanation: z.string().max(5000).optional(),
  })
  .superRefine((q, ctx) => {
    if (!(q.text ?? q.question ?? '').trim())
      ctx.addIssue({ code: 'custom', message: 'Each question needs text', path: ['text'] });
    if (q.correctAnswer < 0 || q.correctAnswer >= q.options.length)
      ctx.addIssue({
        code: 'custom',
        message: 'The correct answer must be one of the options',
        path: ['correctAnswer'],
      });
  })
  .transform(({ id, text, question, options, correctAnswer, explanation }) => ({
    id,
    text: (text ?? question ?? '').trim(),
    options,
    correctAnswer,
    ...(explanation?.trim() ? { explanation: explanation.trim() } : {}),
  }));
export type QuizQuestion = z.output<typeof QuizQuestion>;

/**
 * A quiz as stored: a list of questions with distinct ids. Reading tolerates an empty list, which
 * older rows may hold; saving goes through QuizInput.
 */
export const QuizQuestions = z
  .array(QuizQuestion, { error: 'Quiz questions must be a JSON list' })
  .max(200, 'A quiz can have at most 200 questions')
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, index) => {
      if (seen.has(q.id))
        ctx.addIssue({ code: 'custom', message: 'Question ids must be unique', path: [index, 'id'] });
      seen.add(q.id);
    });
  });
export type QuizQuestions = z.output<typeof QuizQuestions>;

/** The questions an editor may save: a quiz without any could never be completed. */
export const QuizInput = QuizQuestions.min(1, QUIZ_EMPTY_MESSAGE);

/** What a new quiz lesson holds until its editor replaces it, so that no quiz is ever empty. */
export const STARTER_QUIZ: QuizQuestions = [
  { id: 'q1', text: 'New question', options: ['Option 1', 'Option 2'], correctAnswer: 0 },
];

/** A question as a student sees it before submitting: no correct answer, no explanation. */
export const StudentQuizQuestion = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.string()),
});
export type StudentQuizQuestion = z.infer<typeof StudentQuizQuestion>;

export type QuizParseResult =
  { ok: true; questions: QuizQuestions } | { ok: false; message: string; path: (string | number)[] };

/** The first problem of a failed quiz check, its message naming the question it is about. */
export function quizProblem(error: z.ZodError): { message: string; path: (string | number)[] } {
  const issue = error.issues[0]!;
  const path = issue.path.filter((key) => typeof key !== 'symbol');
  const index = path[0];
  return {
    message: typeof index === 'number' ? `Question ${index + 1}: ${issue.message}` : issue.message,
    path,
  };
}

function parseWith(schema: typeof QuizQuestions, contentText: string): QuizParseResult {
  let raw: unknown = [];
  if (contentText.trim()) {
    try {
      raw = JSON.parse(contentText);
    } catch {
      return { ok: false, message: 'Quiz questions must be a JSON list', path: [] };
    }
  }
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, questions: result.data } : { ok: false, ...quizProblem(result.error) };
}

/** Reads a quiz lesson's stored content_text; blank text is an empty quiz. */
export const parseQuizContent = (contentText: string): QuizParseResult =>
  parseWith(QuizQuestions, contentText);

/** Checks a quiz lesson's content_text before it is saved: at least one well-formed question. */
export const parseQuizInput = (contentText: string): QuizParseResult => parseWith(QuizInput, contentText);

export const toStudentQuiz = (questions: QuizQuestions): StudentQuizQuestion[] =>
  questions.map(({ id, text, options }) => ({ id, text, options }));
