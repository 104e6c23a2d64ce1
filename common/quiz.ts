import { z } from 'zod';

export const QUIZ_OPTIONS_MESSAGE = 'A question needs at least 2 options';

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
      .number({ error: 'Each question needs a correct answer' })
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

/** A quiz: a list of questions with distinct ids. An empty list is a quiz still being drafted. */
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

/** A question as a student sees it before submitting: no correct answer, no explanation. */
export const StudentQuizQuestion = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.string()),
});
export type StudentQuizQuestion = z.infer<typeof StudentQuizQuestion>;

export type QuizParseResult = { ok: true; questions: QuizQuestions } | { ok: false; message: string };

/** Reads a quiz lesson's content_text; blank text is an empty quiz. Messages name the question. */
export function parseQuizContent(contentText: string): QuizParseResult {
  if (!contentText.trim()) return { ok: true, questions: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(contentText);
  } catch {
    return { ok: false, message: 'Quiz questions must be a JSON list' };
  }
  const result = QuizQuestions.safeParse(raw);
  if (result.success) return { ok: true, questions: result.data };
  const issue = result.error.issues[0]!;
  const index = issue.path[0];
  return {
    ok: false,
    message: typeof index === 'number' ? `Question ${index + 1}: ${issue.message}` : issue.message,
  };
}

export const toStudentQuiz = (questions: QuizQuestions): StudentQuizQuestion[] =>
  questions.map(({ id, text, options }) => ({ id, text, options }));
