import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { courseFeatures, courses, enrollments, lessons, modules } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/** A quiz question as stored in a quiz lesson's content_text (see QuizQuestion in common/courses.ts). */
export interface FactoryQuizQuestion {
  id: string;
  text: string;
  options: string[];
  correctAnswer: number;
  explanation?: string;
}

export const DEFAULT_QUIZ: FactoryQuizQuestion[] = [
  {
    id: 'q1',
    text: 'Which art is built on the five elements?',
    options: ['Xingyiquan', 'Baguazhang', 'Taijiquan'],
    correctAnswer: 0,
    explanation: 'Xingyiquan trains the five element fists.',
  },
  {
    id: 'q2',
    text: 'Which art circle-walks?',
    options: ['Xingyiquan', 'Baguazhang'],
    correctAnswer: 1,
    explanation: 'Baguazhang trains by walking the circle.',
  },
];

export interface CourseFactoryInput {
  title?: string;
  description?: string;
  category?: string;
  instructor_name?: string;
  /** Number of modules (default 0). */
  modules?: number;
  /** Lessons in each module (default 0); all video lessons of 10 minutes unless `quiz` applies. */
  lessonsPerModule?: number;
  /** Price in dollars (default 0, i.e. free). */
  price?: number;
  is_published?: boolean;
  is_series?: boolean;
  /**
   * Adds a quiz lesson at the end of the first module (created if `modules` is 0):
   * `true` uses DEFAULT_QUIZ, or pass the questions.
   */
  quiz?: boolean | FactoryQuizQuestion[];
  /** Catalogue feature ids (default [5, 4, 3], as the API does). */
  features?: number[];
}

export interface CreatedCourse {
  id: string;
  /** Module ids in order. */
  moduleIds: string[];
  /** Lesson ids per module, in order (the quiz lesson, if any, is last in moduleIds[0]). */
  lessonIds: string[][];
  /** Every lesson id, module by module, in order. */
  allLessonIds: string[];
  /** The quiz lesson's id, or null. */
  quizLessonId: string | null;
  /** The quiz questions stored (with answers), or null. */
  quiz: FactoryQuizQuestion[] | null;
}

/** Inserts a course with its modules and lessons straight into the database. */
export async function createCourse(t: TestApp, input: CourseFactoryInput = {}): Promise<CreatedCourse> {
  const db = t.database.db;
  const suffix = randomUUID().slice(0, 8);
  const [course] = await db
    .insert(courses)
    .values({
      title: input.title ?? `Course ${suffix}`,
      description: input.description ?? `A course about internal arts (${suffix})`,
      category: input.category ?? 'General',
      instructor_name: input.instructor_name ?? 'Sifu Li',
      price_cents: Math.round((input.price ?? 0) * 100),
      is_published: input.is_published ?? true,
      is_series: input.is_series ?? false,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const features = input.features ?? [5, 4, 3];
  if (features.length > 0) {
    await db
      .insert(courseFeatures)
      .values(features.map((feature_id) => ({ course_id: courseId, feature_id })));
  }

  const quiz = input.quiz === true ? DEFAULT_QUIZ : Array.isArray(input.quiz) ? input.quiz : null;
  const moduleCount = Math.max(input.modules ?? 0, quiz ? 1 : 0);
  const perModule = input.lessonsPerModule ?? 0;
  const moduleIds: string[] = [];
  const lessonIds: string[][] = [];
  for (let m = 0; m < moduleCount; m++) {
    const [mod] = await db
      .insert(modules)
      .values({ course_id: courseId, title: `Module ${m + 1}`, description: '', order_sequence: m + 1 })
      .returning({ id: modules.id });
    moduleIds.push(mod!.id);
    const ids: string[] = [];
    const count = m < (input.modules ?? 0) ? perModule : 0;
    for (let l = 0; l < count; l++) {
      const [lesson] = await db
        .insert(lessons)
        .values({
          module_id: mod!.id,
          title: `Lesson ${m + 1}.${l + 1}`,
          lesson_type: 'video',
          content_url: `https://www.youtube.com/watch?v=lesson${m + 1}${l + 1}`,
          content_text: `Notes for lesson ${m + 1}.${l + 1}`,
          duration_minutes: 10,
          order_sequence: l + 1,
        })
        .returning({ id: lessons.id });
      ids.push(lesson!.id);
    }
    lessonIds.push(ids);
  }

  let quizLessonId: string | null = null;
  if (quiz) {
    const [lesson] = await db
      .insert(lessons)
      .values({
        module_id: moduleIds[0]!,
        title: 'Quiz',
        lesson_type: 'quiz',
        content_text: JSON.stringify(quiz),
        duration_minutes: 5,
        order_sequence: lessonIds[0]!.length + 1,
      })
      .returning({ id: lessons.id });
    quizLessonId = lesson!.id;
    lessonIds[0]!.push(quizLessonId);
  }

  return { id: courseId, moduleIds, lessonIds, allLessonIds: lessonIds.flat(), quizLessonId, quiz };
}

/** Enrols a user in a course directly (no API), as a free enrolment by default. */
export async function enrollUser(
  t: TestApp,
  userId: string,
  courseId: string,
  input: { progress?: number; source?: 'free' | 'admin' | 'payment'; completed_date?: Date | null } = {},
) {
  const [row] = await t.database.db
    .insert(enrollments)
    .values({
      user_id: userId,
      course_id: courseId,
      progress: input.progress ?? 0,
      source: input.source ?? 'free',
      completed_date: input.completed_date ?? null,
      start_date: t.clock.now(),
    })
    .returning();
  return row!;
}

/** The stored enrolment rows of a user in a course (none, or one). */
export const enrollmentRows = (t: TestApp, userId: string, courseId: string) =>
  t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.user_id, userId), eq(enrollments.course_id, courseId)));
