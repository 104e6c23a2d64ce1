import { randomUUID } from 'node:crypto';
import type { TestimonialStatus } from '../../../../common/testimonials';
import { testimonials } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* Testimonials, written straight into the table in the state a test needs. */

export const TESTIMONIAL_TEXT =
  'Two years of Taijiquan with Sifu Lin Wei have changed how I stand and walk. My knees no longer ' +
  'ache on the stairs, and the Tuesday push-hands class is the calmest hour of my week.';

export interface TestimonialFactoryInput {
  status?: TestimonialStatus;
  is_featured?: boolean;
  student_name?: string;
  student_email?: string | null;
  submitted_at?: Date;
}

export async function createTestimonial(t: TestApp, input: TestimonialFactoryInput = {}) {
  const status = input.status ?? 'approved';
  const at = input.submitted_at ?? t.clock.now();
  const [row] = await t.database.db
    .insert(testimonials)
    .values({
      student_name: input.student_name ?? `Student ${randomUUID().slice(0, 8)}`,
      student_email: input.student_email === undefined ? 'student@example.org' : input.student_email,
      student_location: 'Santa Rosa, CA',
      instructor_context: 'Taijiquan with Sifu Lin Wei',
      testimonial_text: TESTIMONIAL_TEXT,
      status,
      is_featured: input.is_featured ?? false,
      submitted_at: at,
      approved_at: status === 'approved' ? at : null,
      updated_at: at,
    })
    .returning();
  return row!;
}
