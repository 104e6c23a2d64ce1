import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TestimonialFields, TestimonialFilter, TestimonialStatus } from '../../../common/testimonials';
import type { Db } from '../../db/client';
import { testimonials } from '../../db/schema';

const columns = {
  id: testimonials.id,
  student_name: testimonials.student_name,
  student_email: testimonials.student_email,
  student_location: testimonials.student_location,
  instructor_context: testimonials.instructor_context,
  testimonial_text: testimonials.testimonial_text,
  photo_url: testimonials.photo_url,
  video_url: testimonials.video_url,
  status: testimonials.status,
  is_featured: testimonials.is_featured,
  submitted_at: testimonials.submitted_at,
  approved_at: testimonials.approved_at,
};

const { student_email: _email, ...publicColumns } = columns;

const newestFirst = [desc(testimonials.submitted_at), desc(testimonials.id)];
const approved = eq(testimonials.status, 'approved');
const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

interface Page {
  limit: number;
  offset: number;
}

export function createTestimonialsRepo(db: Db) {
  return {
    /** Approved testimonials, newest first; only featured ones when asked. The e-mail is not read. */
    listPublic(options: { limit: number; featured: boolean }) {
      return db
        .select(publicColumns)
        .from(testimonials)
        .where(options.featured ? and(approved, eq(testimonials.is_featured, true)) : approved)
        .orderBy(...newestFirst)
        .limit(options.limit);
    },

    async listAll(status: TestimonialFilter, page: Page) {
      const where = status === 'all' ? undefined : eq(testimonials.status, status);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(testimonials)
          .where(where)
          .orderBy(...newestFirst)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(testimonials).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: string) {
      const [row] = await db.select(columns).from(testimonials).where(eq(testimonials.id, id)).limit(1);
      return row;
    },

    async insert(
      fields: TestimonialFields,
      state: { status: TestimonialStatus; is_featured: boolean; at: Date },
    ): Promise<string> {
      const [row] = await db
        .insert(testimonials)
        .values({
          ...fields,
          status: state.status,
          is_featured: state.is_featured,
          submitted_at: state.at,
          approved_at: state.status === 'approved' ? state.at : null,
          updated_at: state.at,
        })
        .returning({ id: testimonials.id });
      return row!.id;
    },

    async update(id: string, fields: TestimonialFields, at: Date): Promise<boolean> {
      const rows = await db
        .update(testimonials)
        .set({ ...fields, updated_at: at })
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      return rows.length > 0;
    },

    /** Approving again keeps the first approval's time. */
    async approve(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(testimonials)
        .set({
          status: 'approved',
          approved_at: sql`coalesce(${testimonials.approved_at}, ${at.toISOString()}::timestamptz)`,
          updated_at: at,
        })
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      return rows.length > 0;
    },

    /** Hidden from the site and no longer featured; the row stays. */
    async reject(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(testimonials)
        .set({ status: 'rejected', approved_at: null, is_featured: false, updated_at: at })
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      return rows.length > 0;
    },

    /**
     * Flips the flag in one statement: the row lock orders concurrent toggles, and each flips the
     * value the one before it committed, so n toggles leave it flipped n times. A rejected row is
     * not flipped (undefined then, as for no row).
     */
    async toggleFeatured(id: string, at: Date): Promise<boolean | undefined> {
      const [row] = await db
        .update(testimonials)
        .set({ is_featured: sql`not ${testimonials.is_featured}`, updated_at: at })
        .where(and(eq(testimonials.id, id), sql`${testimonials.status} <> 'rejected'`))
        .returning({ is_featured: testimonials.is_featured });
      return row?.is_featured;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(testimonials)
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      return rows.length > 0;
    },

    async stats() {
      const [row] = await db
        .select({
          total: count(),
          approved: counted(approved),
          pending: counted(eq(testimonials.status, 'pending')),
          rejected: counted(eq(testimonials.status, 'rejected')),
          featured: counted(eq(testimonials.is_featured, true)),
        })
        .from(testimonials);
      return row!;
    },
  };
}
export type TestimonialsRepo = ReturnType<typeof createTestimonialsRepo>;
export type TestimonialRow = NonNullable<Awaited<ReturnType<TestimonialsRepo['find']>>>;
