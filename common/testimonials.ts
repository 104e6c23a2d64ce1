import { z } from 'zod';
import { pageLimit, pageOffset } from './api';

/**
 * Testimonials: students' words about their training, submitted on the public site, moderated by
 * the administrators and shown in the carousel. The same schema checks the public form, the admin
 * dashboard's add and edit views, and the requests behind them.
 */

export const TESTIMONIAL_TEXT_MIN = 100;
export const TESTIMONIAL_TEXT_MAX = 2000;
export const TESTIMONIAL_NAME_MAX = 100;
export const TESTIMONIAL_CONTEXT_MAX = 200;
export const TESTIMONIAL_LOCATION_MAX = 100;
export const TESTIMONIAL_EMAIL_MAX = 254;
export const TESTIMONIAL_URL_MAX = 2000;

/** The public list's page: 6 by default, 8 on the classes page. */
export const TESTIMONIALS_DEFAULT_LIMIT = 6;
export const TESTIMONIALS_MAX_LIMIT = 50;
export const FEATURED_TESTIMONIALS_DEFAULT_LIMIT = 5;
export const ADMIN_TESTIMONIALS_DEFAULT_LIMIT = 20;
export const ADMIN_TESTIMONIALS_MAX_LIMIT = 100;

/** Submissions one client address may make per window; the honeypot's catches count too. */
export const TESTIMONIAL_SUBMIT_LIMIT = { max: 5, windowMinutes: 60 } as const;

export const STUDENT_NAME_REQUIRED_MESSAGE = 'Student name is required';
export const CONTEXT_REQUIRED_MESSAGE = 'Training context is required';
export const TEXT_REQUIRED_MESSAGE = 'Testimonial text is required';
export const TEXT_TOO_SHORT_MESSAGE = `Testimonial must be at least ${TESTIMONIAL_TEXT_MIN} characters`;
export const TEXT_TOO_LONG_MESSAGE = `Testimonial must be at most ${TESTIMONIAL_TEXT_MAX} characters`;
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
export const PHOTO_URL_MESSAGE = 'Photo URL must be a valid http or https URL';
export const VIDEO_URL_MESSAGE = 'Video URL must be a valid http or https URL';
export const REJECTED_NOT_FEATURED_MESSAGE = 'A rejected testimonial cannot be featured';
export const TESTIMONIAL_NOT_FOUND_MESSAGE = 'Testimonial not found';
export const TESTIMONIAL_THANKS_MESSAGE =
  'Thank you! Your testimonial will appear on the site once it has been reviewed.';

/** The testimonial screens' toasts and states. */
export const TESTIMONIAL_MESSAGES = {
  loadFailed: 'Failed to load testimonials',
  carouselFailed: 'Unable to load testimonials at this time.',
  deleteFailed: 'Failed to delete testimonial',
  updateFailed: 'Failed to update testimonial',
  approveFailed: 'Failed to approve testimonial',
  addFailed: 'Failed to add testimonial',
  editFailed: 'Failed to edit testimonial',
  created: 'Testimonial created successfully',
  updated: 'Testimonial updated successfully',
  deleted: 'Testimonial deleted successfully',
  approved: 'Testimonial approved successfully',
  rejected: 'Testimonial rejected',
  featured: 'Testimonial featured status updated',
  empty: 'No Testimonials Yet',
} as const;

/**
 * pending — submitted, waiting for an administrator (the default);
 * approved — shown on the public site (is_approved);
 * rejected — kept for the record but never shown, and never featured. Any status may follow any
 * other through the approve and reject calls; featuring is a separate flag.
 */
export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const TestimonialStatus = z.enum(TESTIMONIAL_STATUSES);
export type TestimonialStatus = z.infer<typeof TestimonialStatus>;

export const TESTIMONIAL_STATUS_LABELS: Record<TestimonialStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

const requiredText = (message: string, label: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

/** Blank or missing is "not given", stored as null. */
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .nullable(),
  );

/** An absolute http(s) URL: javascript:, data: and relative paths are refused. */
const optionalWebUrl = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .trim()
      .max(TESTIMONIAL_URL_MAX, message)
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: message }))
      .nullable(),
  );

/** What a testimonial says and who says it: the fields of every form that writes one. */
export const TestimonialFields = z.object({
  student_name: requiredText(STUDENT_NAME_REQUIRED_MESSAGE, 'Student name', TESTIMONIAL_NAME_MAX),
  /** Shown as 'Training Context', e.g. "Taijiquan with Sifu Lin Wei, two years". */
  instructor_context: requiredText(CONTEXT_REQUIRED_MESSAGE, 'Training context', TESTIMONIAL_CONTEXT_MAX),
  testimonial_text: z
    .string({ error: TEXT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: TEXT_REQUIRED_MESSAGE, abort: true })
    .min(TESTIMONIAL_TEXT_MIN, TEXT_TOO_SHORT_MESSAGE)
    .max(TESTIMONIAL_TEXT_MAX, TEXT_TOO_LONG_MESSAGE),
  student_email: z.preprocess(
    blankToNull,
    z
      .string({ error: EMAIL_INVALID_MESSAGE })
      .trim()
      .max(TESTIMONIAL_EMAIL_MAX, EMAIL_INVALID_MESSAGE)
      .pipe(z.email(EMAIL_INVALID_MESSAGE))
      .nullable(),
  ),
  student_location: optionalText('Location', TESTIMONIAL_LOCATION_MAX),
  photo_url: optionalWebUrl(PHOTO_URL_MESSAGE),
  video_url: optionalWebUrl(VIDEO_URL_MESSAGE),
});
export type TestimonialFields = z.output<typeof TestimonialFields>;

/**
 * POST /testimonials. `website` is a honeypot: the form hides it from people, so only a robot
 * fills it in; such a submission is answered like any other and then dropped.
 */
export const TestimonialInput = TestimonialFields.extend({
  website: z.string().max(TESTIMONIAL_URL_MAX).optional(),
});
export type TestimonialInput = z.input<typeof TestimonialInput>;
export type ParsedTestimonialInput = z.output<typeof TestimonialInput>;

/** POST /admin/testimonials: an administrator adds one, approved at once, featured if asked. */
export const AdminTestimonialInput = TestimonialFields.extend({
  is_featured: z.boolean({ error: 'is_featured must be true or false' }).optional(),
});
export type AdminTestimonialInput = z.input<typeof AdminTestimonialInput>;
export type ParsedAdminTestimonialInput = z.output<typeof AdminTestimonialInput>;

/** PUT /admin/testimonials/{id}: the fields, replaced as a whole (the edit view sends them all). */
export const UpdateTestimonialInput = TestimonialFields;
export type UpdateTestimonialInput = z.input<typeof UpdateTestimonialInput>;

/** A testimonial as administrators see it; student_email never leaves the admin calls. */
export const Testimonial = z.object({
  id: z.uuid(),
  student_name: z.string(),
  student_email: z.string().nullable(),
  student_location: z.string().nullable(),
  instructor_context: z.string(),
  testimonial_text: z.string(),
  photo_url: z.string().nullable(),
  video_url: z.string().nullable(),
  is_approved: z.boolean(),
  is_featured: z.boolean(),
  status: TestimonialStatus,
  submitted_at: z.string(),
  approved_at: z.string().nullable(),
});
export type Testimonial = z.infer<typeof Testimonial>;

/** A testimonial on the public site: approved, without the student's e-mail. */
export const PublicTestimonial = Testimonial.omit({ student_email: true });
export type PublicTestimonial = z.infer<typeof PublicTestimonial>;

export const PublicTestimonialsResponse = z.object({ testimonials: z.array(PublicTestimonial) });
export type PublicTestimonialsResponse = z.infer<typeof PublicTestimonialsResponse>;

export const TestimonialsResponse = z.object({
  testimonials: z.array(Testimonial),
  total: z.number().int(),
});
export type TestimonialsResponse = z.infer<typeof TestimonialsResponse>;

export const TestimonialResponse = z.object({ testimonial: Testimonial });
export type TestimonialResponse = z.infer<typeof TestimonialResponse>;

/** POST /testimonials answers the same whether the submission was kept or caught by the honeypot. */
export const TestimonialSubmitted = z.object({ success: z.literal(true), message: z.string() });
export type TestimonialSubmitted = z.infer<typeof TestimonialSubmitted>;

export const TestimonialStats = z.object({
  total: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
  featured: z.number().int(),
});
export type TestimonialStats = z.infer<typeof TestimonialStats>;

export const PublicTestimonialsQuery = z.object({
  limit: pageLimit(TESTIMONIALS_DEFAULT_LIMIT, TESTIMONIALS_MAX_LIMIT),
  featured: z.stringbool({ error: 'featured must be true or false' }).optional(),
});
export type PublicTestimonialsQuery = z.input<typeof PublicTestimonialsQuery>;

export const FeaturedTestimonialsQuery = z.object({
  limit: pageLimit(FEATURED_TESTIMONIALS_DEFAULT_LIMIT, TESTIMONIALS_MAX_LIMIT),
});
export type FeaturedTestimonialsQuery = z.input<typeof FeaturedTestimonialsQuery>;

export const TESTIMONIAL_FILTERS = ['all', ...TESTIMONIAL_STATUSES] as const;
export type TestimonialFilter = (typeof TESTIMONIAL_FILTERS)[number];
export const STATUS_FILTER_MESSAGE = `Status must be one of ${TESTIMONIAL_FILTERS.join(', ')}`;

export const AdminTestimonialsQuery = z.object({
  status: z.enum(TESTIMONIAL_FILTERS, { error: STATUS_FILTER_MESSAGE }).default('all'),
  limit: pageLimit(ADMIN_TESTIMONIALS_DEFAULT_LIMIT, ADMIN_TESTIMONIALS_MAX_LIMIT),
  offset: pageOffset,
});
export type AdminTestimonialsQuery = z.input<typeof AdminTestimonialsQuery>;

/** The carousel's initials when there is no photo: "Mei Chen" → "MC". */
export function testimonialInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join('');
}
