import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

export const REVIEW_TEXT_MAX = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEWS_DEFAULT_LIMIT = 20;
export const REVIEWS_MAX_LIMIT = 100;
export const ADMIN_REVIEWS_DEFAULT_LIMIT = 50;

export const RATING_MESSAGE = 'Please select a rating';
export const REVIEW_TEXT_MESSAGE = `Review must be at most ${REVIEW_TEXT_MAX} characters`;
export const NOT_ENROLLED_MESSAGE = 'Only enrolled students can review this course';
export const NO_LESSONS_MESSAGE = 'This course has no lessons to review yet';
export const DUPLICATE_REVIEW_MESSAGE = 'You have already reviewed this course';
export const ALREADY_HELPFUL_MESSAGE = 'You have already marked this review as helpful';
export const OWN_REVIEW_HELPFUL_MESSAGE = "You can't mark your own review as helpful";
export const NOT_REVIEW_OWNER_MESSAGE = 'You can only change your own reviews';
export const PUBLISH_ADMIN_ONLY_MESSAGE = 'Only admins can publish or unpublish reviews';

/** A star rating: a whole number from 1 to 5; a missing or out-of-range value asks for a rating. */
export const Rating = z
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(RATING_MIN, RATING_MESSAGE)
  .max(RATING_MAX, RATING_MESSAGE);

/** Optional review text; null and blank are stored as the empty string. */
export const ReviewText = z
  .string({ error: 'Review must be text' })
  .trim()
  .max(REVIEW_TEXT_MAX, REVIEW_TEXT_MESSAGE)
  .nullable()
  .transform((text) => text ?? '');

/** What a review form asks for, as the server checks it: a rating and the optional text. */
export const ReviewFields = z.object({ rating: Rating, review_text: ReviewText });

/**
 * POST /reviews. is_published is a moderation flag: a new review is published, and only admins
 * (who cannot enrol, so cannot review) may set it to false, so students send true or leave it out.
 */
export const CreateReviewInput = z.object({
  course_id: z.uuid({ error: 'Invalid course id' }),
  rating: Rating,
  review_text: ReviewText.optional(),
  is_published: z.boolean({ error: 'is_published must be true or false' }).optional(),
});
export type CreateReviewInput = z.input<typeof CreateReviewInput>;

/**
 * PUT /reviews/{id}: a partial update. The owner (or an admin) edits rating and text; only admins
 * change is_published — a student may send it only with its current value.
 */
export const UpdateReviewInput = z.object({
  rating: Rating.optional(),
  review_text: ReviewText.optional(),
  is_published: z.boolean({ error: 'is_published must be true or false' }).optional(),
});
export type UpdateReviewInput = z.input<typeof UpdateReviewInput>;

/** is_verified: the author's enrolment came from a payment (shown as Verified Purchase). */
export const Review = z.object({
  id: z.uuid(),
  course_id: z.uuid(),
  course_title: z.string(),
  user_id: z.uuid(),
  user_name: z.string(),
  user_avatar: z.string().nullable(),
  rating: z.number().int(),
  review_text: z.string(),
  is_published: z.boolean(),
  is_verified: z.boolean(),
  helpful_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof Review>;

/** A review in a course's public list; voted_helpful is false for signed-out callers. */
export const CourseReview = Review.extend({ voted_helpful: z.boolean() });
export type CourseReview = z.infer<typeof CourseReview>;

export const CourseReviewsResponse = z.object({ reviews: z.array(CourseReview), total: z.number().int() });
export type CourseReviewsResponse = z.infer<typeof CourseReviewsResponse>;

export const ReviewsResponse = z.object({ reviews: z.array(Review), total: z.number().int() });
export type ReviewsResponse = z.infer<typeof ReviewsResponse>;

export const ReviewResponse = z.object({ review: Review });
export type ReviewResponse = z.infer<typeof ReviewResponse>;

export const HelpfulResponse = z.object({ helpful_count: z.number().int(), voted_helpful: z.literal(true) });
export type HelpfulResponse = z.infer<typeof HelpfulResponse>;

export const StarCounts = z.object({
  one_star: z.number().int(),
  two_star: z.number().int(),
  three_star: z.number().int(),
  four_star: z.number().int(),
  five_star: z.number().int(),
});
export type StarCounts = z.infer<typeof StarCounts>;

/** Over a course's published reviews; average_rating has 1 decimal and is 0 when there are none. */
export const RatingSummary = StarCounts.extend({
  average_rating: z.number(),
  total_reviews: z.number().int(),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

/** Over every review, published or not; average_rating has 1 decimal, 0 when there are none. */
export const AdminReviewStats = z.object({
  total_reviews: z.number().int(),
  published: z.number().int(),
  unpublished: z.number().int(),
  average_rating: z.number(),
  verified: z.number().int(),
  by_rating: StarCounts,
});
export type AdminReviewStats = z.infer<typeof AdminReviewStats>;

export const ReviewsQuery = z.object({
  limit: pageLimit(REVIEWS_DEFAULT_LIMIT, REVIEWS_MAX_LIMIT),
  offset: pageOffset,
});
export type ReviewsQuery = z.input<typeof ReviewsQuery>;

export const AdminReviewsQuery = z.object({
  course_id: z.uuid({ error: 'Invalid course id' }).optional(),
  is_published: z.stringbool({ error: 'is_published must be true or false' }).optional(),
  limit: pageLimit(ADMIN_REVIEWS_DEFAULT_LIMIT, REVIEWS_MAX_LIMIT),
  offset: pageOffset,
});
export type AdminReviewsQuery = z.input<typeof AdminReviewsQuery>;

export const UserCourseReviewParams = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  courseId: z.uuid({ error: 'Invalid course id' }),
});
export type UserCourseReviewParams = z.infer<typeof UserCourseReviewParams>;
