import { and, count, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, lessons, modules, reviewHelpfulVotes, reviews, users } from '../../db/schema';

const reviewColumns = {
  id: reviews.id,
  course_id: reviews.course_id,
  course_title: courses.title,
  user_id: reviews.user_id,
  user_name: users.name,
  user_avatar: users.avatar,
  rating: reviews.rating,
  review_text: reviews.review_text,
  is_published: reviews.is_published,
  is_verified: reviews.is_verified,
  helpful_count: reviews.helpful_count,
  created_at: reviews.created_at,
  updated_at: reviews.updated_at,
};

const stars = (n: number) => sql<number>`count(*) filter (where ${reviews.rating} = ${n})`.mapWith(Number);
const starCounts = {
  one_star: stars(1),
  two_star: stars(2),
  three_star: stars(3),
  four_star: stars(4),
  five_star: stars(5),
};
const averageRating = sql<number>`coalesce(round(avg(${reviews.rating}), 1), 0)`.mapWith(Number);

interface Page {
  limit: number;
  offset: number;
}

export interface ReviewPatch {
  rating?: number;
  review_text?: string;
  is_published?: boolean;
}

export function createReviewsRepo(db: Db) {
  /** Reviews with author and course, newest first, and how many match. */
  async function list(where: SQL | undefined, page: Page, viewerId: string | null = null) {
    const votedHelpful = viewerId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(reviewHelpfulVotes)
            .where(
              and(eq(reviewHelpfulVotes.review_id, reviews.id), eq(reviewHelpfulVotes.user_id, viewerId)),
            ),
        )
      : sql<boolean>`false`;
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...reviewColumns, voted_helpful: sql<boolean>`${votedHelpful}` })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.user_id))
        .innerJoin(courses, eq(courses.id, reviews.course_id))
        .where(where)
        .orderBy(desc(reviews.created_at), desc(reviews.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(reviews).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async function findWhere(where: SQL | undefined) {
    const [row] = await db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.user_id))
      .innerJoin(courses, eq(courses.id, reviews.course_id))
      .where(where)
      .limit(1);
    return row;
  }

  return {
    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return Boolean(row);
    },

    /** A course can be reviewed once it has a module with at least one lesson. */
    async courseHasLessons(courseId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: lessons.id })
        .from(lessons)
        .innerJoin(modules, eq(modules.id, lessons.module_id))
        .where(eq(modules.course_id, courseId))
        .limit(1);
      return Boolean(row);
    },

    /** Inserts the review; undefined when the user has already reviewed the course (unique index). */
    async insert(values: typeof reviews.$inferInsert): Promise<string | undefined> {
      const [row] = await db
        .insert(reviews)
        .values(values)
        .onConflictDoNothing({ target: [reviews.user_id, reviews.course_id] })
        .returning({ id: reviews.id });
      return row?.id;
    },

    find: (id: string) => findWhere(eq(reviews.id, id)),

    findByUserAndCourse: (userId: string, courseId: string) =>
      findWhere(and(eq(reviews.user_id, userId), eq(reviews.course_id, courseId))),

    listPublishedForCourse: (courseId: string, viewerId: string | null, page: Page) =>
      list(and(eq(reviews.course_id, courseId), eq(reviews.is_published, true)), page, viewerId),

    listForUser: (userId: string, page: Page) => list(eq(reviews.user_id, userId), page),

    listAll: (filters: { course_id?: string; is_published?: boolean }, page: Page) =>
      list(
        and(
          filters.course_id ? eq(reviews.course_id, filters.course_id) : undefined,
          filters.is_published === undefined ? undefined : eq(reviews.is_published, filters.is_published),
        ),
        page,
      ),

    async ratingSummary(courseId: string) {
      const [row] = await db
        .select({ average_rating: averageRating, total_reviews: count(), ...starCounts })
        .from(reviews)
        .where(and(eq(reviews.course_id, courseId), eq(reviews.is_published, true)));
      return row!;
    },

    async stats() {
      const [row] = await db
        .select({
          total_reviews: count(),
          published: sql<number>`count(*) filter (where ${reviews.is_published})`.mapWith(Number),
          verified: sql<number>`count(*) filter (where ${reviews.is_verified})`.mapWith(Number),
          average_rating: averageRating,
          ...starCounts,
        })
        .from(reviews);
      return row!;
    },

    async update(id: string, patch: ReviewPatch, at: Date): Promise<void> {
      await db
        .update(reviews)
        .set({ ...patch, updated_at: at })
        .where(eq(reviews.id, id));
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
      return rows.length > 0;
    },

    /**
     * Records one helpful vote and counts it (the caller runs both in one transaction); the (review, user) primary
     * key makes a second vote, even a concurrent one, a no-op. Undefined when the user already voted.
     */
    async addHelpfulVote(reviewId: string, userId: string, at: Date): Promise<number | undefined> {
      const [vote] = await db
        .insert(reviewHelpfulVotes)
        .values({ review_id: reviewId, user_id: userId, created_at: at })
        .onConflictDoNothing()
        .returning({ review_id: reviewHelpfulVotes.review_id });
      if (!vote) return undefined;
      const [row] = await db
        .update(reviews)
        .set({ helpful_count: sql`${reviews.helpful_count} + 1` })
        .where(eq(reviews.id, reviewId))
        .returning({ helpful_count: reviews.helpful_count });
      return row?.helpful_count;
    },
  };
}
export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
export type ReviewRow = NonNullable<Awaited<ReturnType<ReviewsRepo['find']>>>;
