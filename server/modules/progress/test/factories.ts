import { lessonProgress } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Lesson progress written straight into the table. */

/** Marks a lesson complete for an enrolled user, as the progress routes do. */
export async function completeLesson(t: TestApp, userId: string, courseId: string, lessonId: string) {
  const [row] = await t.database.db
    .insert(lessonProgress)
    .values({ user_id: userId, course_id: courseId, lesson_id: lessonId, completed_at: t.clock.now() })
    .returning();
  return row!;
}
