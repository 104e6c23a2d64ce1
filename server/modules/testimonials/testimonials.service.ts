import {
  TESTIMONIAL_NOT_FOUND_MESSAGE,
  TESTIMONIAL_SUBMIT_LIMIT,
  TESTIMONIAL_THANKS_MESSAGE,
  REJECTED_NOT_FEATURED_MESSAGE,
  type ParsedAdminTestimonialInput,
  type ParsedTestimonialInput,
  type PublicTestimonial,
  type Testimonial,
  type TestimonialFields,
  type TestimonialFilter,
  type TestimonialStats,
  type TestimonialSubmitted,
  type TestimonialsResponse,
} from '../../../common/testimonials';
import { publicUrl } from '../../config';
import { conflict, notFound } from '../../platform/errors';
import { caughtByHoneypot } from '../../platform/honeypot';
import type { Platform } from '../../platform';
import { createReadCache } from '../../platform/read-cache';
import type { UsersService } from '../users/users.service';
import { createTestimonialsRepo, type TestimonialRow } from './testimonials.repo';

/** Where the instances tell each other that what the public lists show may have changed. */
export const TESTIMONIALS_CHANNEL = 'testimonials_changed';

/** Line breaks would let a one-line field forge the lines of the e-mail below it. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

const toTestimonial = (row: TestimonialRow): Testimonial => ({
  ...row,
  is_approved: row.status === 'approved',
  submitted_at: row.submitted_at.toISOString(),
  approved_at: row.approved_at?.toISOString() ?? null,
});

const toPublic = (row: Omit<TestimonialRow, 'student_email'>): PublicTestimonial => ({
  ...row,
  is_approved: true,
  submitted_at: row.submitted_at.toISOString(),
  approved_at: row.approved_at?.toISOString() ?? null,
});

const testimonialNotFound = () => notFound(TESTIMONIAL_NOT_FOUND_MESSAGE, 'TESTIMONIAL_NOT_FOUND');

/** The plain-text e-mail each administrator receives about a new submission. */
export function submissionMail(fields: TestimonialFields, site: string): { subject: string; text: string } {
  const lines = [
    'A new testimonial was submitted on the website and is waiting for approval.',
    '',
    `Name: ${oneLine(fields.student_name)}`,
    `E-mail: ${fields.student_email ? oneLine(fields.student_email) : 'not given'}`,
    `Location: ${fields.student_location ? oneLine(fields.student_location) : 'not given'}`,
    `Training context: ${oneLine(fields.instructor_context)}`,
  ];
  if (fields.photo_url) lines.push(`Photo: ${fields.photo_url}`);
  if (fields.video_url) lines.push(`Video: ${fields.video_url}`);
  lines.push(
    '',
    fields.testimonial_text,
    '',
    `Approve or reject it in the admin dashboard: ${site}/app/admin`,
  );
  return {
    subject: `[Testimonial] New testimonial from ${oneLine(fields.student_name)}`,
    text: lines.join('\n'),
  };
}

export function createTestimonialsService(
  platform: Platform,
  deps: { users: Pick<UsersService, 'activeAdmins'> },
) {
  const repo = createTestimonialsRepo(platform.db);
  const now = () => platform.clock.now();
  const site = publicUrl(platform.config);
  const publicLists = createReadCache<PublicTestimonial[]>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
  });

  /** A write changed what the lists may show: this instance forgets them now, the others when told. */
  async function changed(): Promise<void> {
    publicLists.clear();
    await platform.events
      .publish(TESTIMONIALS_CHANNEL, null)
      .catch((error: unknown) => platform.log.warn({ err: error }, 'could not tell the other instances'));
  }

  async function load(id: string): Promise<Testimonial> {
    const row = await repo.find(id);
    if (!row) throw testimonialNotFound();
    return toTestimonial(row);
  }

  return {
    /** Approved testimonials for the public site, newest first (featured ones only when asked). */
    listPublic(options: { limit: number; featured?: boolean }): Promise<PublicTestimonial[]> {
      const featured = options.featured ?? false;
      return publicLists.get(`${featured}:${options.limit}`, async () =>
        (await repo.listPublic({ limit: options.limit, featured })).map(toPublic),
      );
    },

    /**
     * A visitor's testimonial, kept pending and e-mailed to every active administrator. The
     * client address may submit TESTIMONIAL_SUBMIT_LIMIT times a window, wherever the form is
     * (the API, a server-rendered page); a filled honeypot is answered the same and dropped.
     */
    async submit(input: ParsedTestimonialInput, clientAddress: string): Promise<TestimonialSubmitted> {
      const { website, ...fields } = input;
      await platform.throttle.hitOrThrow(`testimonial:${clientAddress}`, {
        limit: TESTIMONIAL_SUBMIT_LIMIT.max,
        windowMs: TESTIMONIAL_SUBMIT_LIMIT.windowMinutes * 60_000,
      });
      const answer = { success: true as const, message: TESTIMONIAL_THANKS_MESSAGE };
      if (caughtByHoneypot(platform.log, 'testimonial', website)) return answer;
      await platform.tx(async () => {
        await repo.insert(fields, { status: 'pending', is_featured: false, at: now() });
        const admins = await deps.users.activeAdmins();
        const mail = submissionMail(fields, site);
        if (admins.length > 0)
          await platform.mailer.sendAll(admins.map((admin) => ({ to: admin.email, ...mail })));
        else platform.log.warn('new testimonial: no active administrator to tell');
      });
      await changed();
      return answer;
    },

    /** An administrator's own addition: approved at once, featured when asked. */
    async create(input: ParsedAdminTestimonialInput): Promise<Testimonial> {
      const { is_featured, ...fields } = input;
      const id = await repo.insert(fields, {
        status: 'approved',
        is_featured: is_featured ?? false,
        at: now(),
      });
      await changed();
      return load(id);
    },

    find: load,

    async adminList(
      status: TestimonialFilter,
      page: { limit: number; offset: number },
    ): Promise<TestimonialsResponse> {
      const { rows, total } = await repo.listAll(status, page);
      return { testimonials: rows.map(toTestimonial), total };
    },

    stats: (): Promise<TestimonialStats> => repo.stats(),

    async update(id: string, fields: TestimonialFields): Promise<Testimonial> {
      if (!(await repo.update(id, fields, now()))) throw testimonialNotFound();
      await changed();
      return load(id);
    },

    async approve(id: string): Promise<Testimonial> {
      if (!(await repo.approve(id, now()))) throw testimonialNotFound();
      await changed();
      return load(id);
    },

    async reject(id: string): Promise<Testimonial> {
      if (!(await repo.reject(id, now()))) throw testimonialNotFound();
      await changed();
      return load(id);
    },

    async toggleFeatured(id: string): Promise<Testimonial> {
      const flipped = await repo.toggleFeatured(id, now());
      if (flipped === undefined) {
        await load(id);
        throw conflict(REJECTED_NOT_FEATURED_MESSAGE, 'TESTIMONIAL_REJECTED');
      }
      await changed();
      return { ...(await load(id)), is_featured: flipped };
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw testimonialNotFound();
      await changed();
    },

    /** Another instance changed testimonials: the lists here are read again. */
    forgetPublic: () => publicLists.clear(),
  };
}
export type TestimonialsService = ReturnType<typeof createTestimonialsService>;
