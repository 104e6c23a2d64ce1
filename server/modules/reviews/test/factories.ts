import { reviews } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Reviews written straight into the table. */

/** A review of a course by a user (the user need not be enrolled: the row is written as is). */
export async function createReview(
  t: TestApp,
  userId: string,
  courseId: string,
  input: { rating?: number; review_text?: string; is_published?: boolean } = {},
) {
  const [row] = await t.database.db
    .insert(reviews)
    .values({
      user_id: userId,
      course_id: courseId,
      rating: input.rating ?? 4,
      review_text: input.review_text ?? 'Clear teaching, patient corrections',
      is_published: input.is_published ?? true,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning();
  return row!;
}
