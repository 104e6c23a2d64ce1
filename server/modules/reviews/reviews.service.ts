import type {
  AdminReviewStats,
  CourseReviewsResponse,
  CreateReviewInput,
  HelpfulResponse,
  RatingSummary,
  Review,
  ReviewsResponse,
  UpdateReviewInput,
} from '../../../common/reviews';
import {
  ALREADY_HELPFUL_MESSAGE,
  DUPLICATE_REVIEW_MESSAGE,
  NO_LESSONS_MESSAGE,
  NOT_ENROLLED_MESSAGE,
  NOT_REVIEW_OWNER_MESSAGE,
  OWN_REVIEW_HELPFUL_MESSAGE,
  PUBLISH_ADMIN_ONLY_MESSAGE,
} from '../../../common/reviews';
import type { AuthContext } from '../../platform/auth';
import { assertSelfOrAdmin } from '../../platform/auth';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import type { CoursesService } from '../courses/courses.service';
import type { CourseAccess } from '../enrollments/course-access.service';
import { createReviewsRepo, type ReviewPatch, type ReviewRow } from './reviews.repo';

/** Input after its schema has parsed it (text trimmed, null text turned into ''). */
type ParsedCreate = Omit<CreateReviewInput, 'review_text'> & { review_text?: string };
type ParsedUpdate = Omit<UpdateReviewInput, 'review_text'> & { review_text?: string };

interface Page {
  limit: number;
  offset: number;
}

const toReview = <T extends ReviewRow>(row: T) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const reviewNotFound = () => notFound('Review not found', 'REVIEW_NOT_FOUND');
const courseNotFound = () => notFound('Course not found', 'COURSE_NOT_FOUND');

export function createReviewsService(
  platform: Platform,
  deps: { courses: Pick<CoursesService, 'exists'>; access: Pick<CourseAccess, 'openingEnrollment'> },
) {
  const { courses, access } = deps;
  const repo = createReviewsRepo(platform.db);

  async function assertCourse(courseId: string): Promise<void> {
    if (!(await courses.exists(courseId))) throw courseNotFound();
  }

  async function load(id: string): Promise<ReviewRow> {
    const row = await repo.find(id);
    if (!row) throw reviewNotFound();
    return row;
  }

  /** Owners and admins may change a review; everyone else is refused. */
  function assertCanChange(auth: AuthContext, review: ReviewRow): void {
    if (review.user_id !== auth.user.id && !auth.user.is_admin) {
      throw forbidden(NOT_REVIEW_OWNER_MESSAGE, 'NOT_OWNER');
    }
  }

  /** is_published is moderation: a student may only send the value it already has. */
  function assertPublishChange(auth: AuthContext, current: boolean, wanted: boolean | undefined): void {
    if (wanted !== undefined && wanted !== current && !auth.user.is_admin) {
      throw forbidden(PUBLISH_ADMIN_ONLY_MESSAGE, 'ADMIN_ONLY_FIELD');
    }
  }

  return {
    async forCourse(auth: AuthContext | null, courseId: string, page: Page): Promise<CourseReviewsResponse> {
      await assertCourse(courseId);
      const { rows, total } = await repo.listPublishedForCourse(courseId, auth?.user.id ?? null, page);
      return { reviews: rows.map(toReview), total };
    },

    async ratingSummary(courseId: string): Promise<RatingSummary> {
      await assertCourse(courseId);
      return repo.ratingSummary(courseId);
    },

    async forUser(auth: AuthContext, userId: string, page: Page): Promise<ReviewsResponse> {
      assertSelfOrAdmin(auth, userId);
      // An administrator may name anyone: an id nobody has is a 404, not an empty list.
      if (auth.user.id !== userId && !(await repo.userExists(userId))) {
        throw notFound('User not found', 'USER_NOT_FOUND');
      }
      const { rows, total } = await repo.listForUser(userId, page);
      return { reviews: rows.map(toReview), total };
    },

    async forUserAndCourse(auth: AuthContext, userId: string, courseId: string): Promise<Review> {
      assertSelfOrAdmin(auth, userId);
      const row = await repo.findByUserAndCourse(userId, courseId);
      if (!row) throw reviewNotFound();
      return toReview(row);
    },

    /**
     * Only enrolled students review, once per course, and only courses with lessons. Admins cannot
     * enrol, so in practice they cannot review. A paid enrolment makes the review a verified purchase.
     */
    async create(auth: AuthContext, input: ParsedCreate): Promise<Review> {
      await assertCourse(input.course_id);
      const enrollment = await access.openingEnrollment(auth.user.id, input.course_id);
      if (!enrollment) throw forbidden(NOT_ENROLLED_MESSAGE, 'NOT_ENROLLED');
      if (!(await repo.courseHasLessons(input.course_id))) throw badRequest(NO_LESSONS_MESSAGE, 'NO_LESSONS');
      assertPublishChange(auth, true, input.is_published);
      const now = platform.clock.now();
      const id = await repo.insert({
        course_id: input.course_id,
        user_id: auth.user.id,
        rating: input.rating,
        review_text: input.review_text ?? '',
        is_published: input.is_published ?? true,
        is_verified: enrollment.source === 'payment',
        created_at: now,
        updated_at: now,
      });
      if (!id) throw conflict(DUPLICATE_REVIEW_MESSAGE, 'REVIEW_EXISTS');
      return toReview(await load(id));
    },

    async update(auth: AuthContext, id: string, input: ParsedUpdate): Promise<Review> {
      const review = await load(id);
      assertCanChange(auth, review);
      assertPublishChange(auth, review.is_published, input.is_published);
      const patch: ReviewPatch = {};
      if (input.rating !== undefined) patch.rating = input.rating;
      if (input.review_text !== undefined) patch.review_text = input.review_text;
      if (input.is_published !== undefined) patch.is_published = input.is_published;
      if (Object.keys(patch).length > 0) await repo.update(id, patch, platform.clock.now());
      return toReview(await load(id));
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      assertCanChange(auth, await load(id));
      if (!(await repo.remove(id))) throw reviewNotFound();
    },

    /** One vote per user and published review, never on one's own; a second vote is a 409. */
    async markHelpful(auth: AuthContext, id: string): Promise<HelpfulResponse> {
      const review = await load(id);
      if (!review.is_published) throw reviewNotFound();
      if (review.user_id === auth.user.id) throw badRequest(OWN_REVIEW_HELPFUL_MESSAGE, 'OWN_REVIEW');
      const count = await platform.tx(() => repo.addHelpfulVote(id, auth.user.id, platform.clock.now()));
      if (count === undefined) throw conflict(ALREADY_HELPFUL_MESSAGE, 'ALREADY_VOTED');
      return { helpful_count: count, voted_helpful: true };
    },

    async adminList(
      filters: { course_id?: string; is_published?: boolean },
      page: Page,
    ): Promise<ReviewsResponse> {
      const { rows, total } = await repo.listAll(filters, page);
      return { reviews: rows.map(toReview), total };
    },

    async stats(): Promise<AdminReviewStats> {
      const row = await repo.stats();
      const { one_star, two_star, three_star, four_star, five_star } = row;
      return {
        total_reviews: row.total_reviews,
        published: row.published,
        unpublished: row.total_reviews - row.published,
        average_rating: row.average_rating,
        verified: row.verified,
        by_rating: { one_star, two_star, three_star, four_star, five_star },
      };
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
