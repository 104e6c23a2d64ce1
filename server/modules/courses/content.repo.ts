import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, lessons, modules } from '../../db/schema';

type Conn = Db | Tx;

/** Rewrites order_sequence to 1..n in the given order, in one statement. */
async function renumber(db: Conn, table: typeof modules | typeof lessons, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${table} set order_sequence = v.ord from (values ${values}) as v(id, ord) where ${table.id} = v.id`,
  );
}

/** Modules and lessons; callers hold the course lock (see CoursesRepo.lock) while changing order. */
export function createContentRepo(db: Conn) {
  return {
    async findModule(id: string) {
      const [row] = await db.select().from(modules).where(eq(modules.id, id)).limit(1);
      return row;
    },

    /** The lesson with its module's course id. */
    async findLesson(id: string) {
      const [row] = await db
        .select({ lesson: lessons, course_id: modules.course_id })
        .from(lessons)
        .innerJoin(modules, eq(modules.id, lessons.module_id))
        .where(eq(lessons.id, id))
        .limit(1);
      return row;
    },

    async moduleIds(courseId: string): Promise<string[]> {
      const rows = await db
        .select({ id: modules.id })
        .from(modules)
        .where(eq(modules.course_id, courseId))
        .orderBy(asc(modules.order_sequence), asc(modules.created_at), asc(modules.id));
      return rows.map((r) => r.id);
    },

    async lessonIds(moduleId: string): Promise<string[]> {
      const rows = await db
        .select({ id: lessons.id })
        .from(lessons)
        .where(eq(lessons.module_id, moduleId))
        .orderBy(asc(lessons.order_sequence), asc(lessons.created_at), asc(lessons.id));
      return rows.map((r) => r.id);
    },

    async insertModule(values: typeof modules.$inferInsert) {
      const [row] = await db.insert(modules).values(values).returning();
      return row!;
    },

    async updateModule(id: string, values: Partial<typeof modules.$inferInsert>) {
      const [row] = await db.update(modules).set(values).where(eq(modules.id, id)).returning();
      return row;
    },

    async deleteModule(id: string): Promise<boolean> {
      const rows = await db.delete(modules).where(eq(modules.id, id)).returning({ id: modules.id });
      return rows.length > 0;
    },

    async insertLesson(values: typeof lessons.$inferInsert) {
      const [row] = await db.insert(lessons).values(values).returning();
      return row!;
    },

    async updateLesson(id: string, values: Partial<typeof lessons.$inferInsert>) {
      const [row] = await db.update(lessons).set(values).where(eq(lessons.id, id)).returning();
      return row;
    },

    async deleteLesson(id: string): Promise<boolean> {
      const rows = await db.delete(lessons).where(eq(lessons.id, id)).returning({ id: lessons.id });
      return rows.length > 0;
    },

    renumberModules: (ids: string[]) => renumber(db, modules, ids),
    renumberLessons: (ids: string[]) => renumber(db, lessons, ids),

    async touchCourse(courseId: string, at: Date): Promise<void> {
      await db.update(courses).set({ updated_at: at }).where(eq(courses.id, courseId));
    },
  };
}
export type ContentRepo = ReturnType<typeof createContentRepo>;
