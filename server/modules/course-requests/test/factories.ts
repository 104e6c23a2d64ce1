import { courseRequests } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Course requests written straight into the table. */

export async function createCourseRequest(t: TestApp, userId: string, subject = 'Chen style Taijiquan') {
  const [row] = await t.database.db
    .insert(courseRequests)
    .values({
      user_id: userId,
      subject,
      experience: 'Two years of Yang style',
      reason: 'No teacher nearby',
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning();
  return row!;
}
