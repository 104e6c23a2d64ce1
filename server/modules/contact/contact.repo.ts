import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, users } from '../../db/schema';

/** Read-only look-ups for a contact message: who receives it and which course it is about. */
export function createContactRepo(db: Db) {
  return {
    async activeAdmins(): Promise<Array<{ id: string; email: string }>> {
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.is_admin, true), eq(users.is_active, true)))
        .orderBy(asc(users.created_at), asc(users.id));
    },

    async courseTitle(courseId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ title: courses.title })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1);
      return row?.title;
    },
  };
}
export type ContactRepo = ReturnType<typeof createContactRepo>;
