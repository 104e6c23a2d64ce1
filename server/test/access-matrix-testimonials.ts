import { rowsWhere, type MatrixEntry, type World } from './access-matrix';
import { schoolSettings, testimonials } from '../db/schema';
import type { TestApp } from './app';
import { createTestimonial, TESTIMONIAL_TEXT } from './factories-testimonials';

/* Matrix entries for testimonials and the school's settings: public reads and submissions, admin writes. */

/** Each row that changes a testimonial works on its own, so no case depends on another. */
const freshTestimonial = async (t: TestApp) => ({
  testimonialId: (await createTestimonial(t, { status: 'pending' })).id,
});
const testimonialRow = (t: TestApp, w: World) => rowsWhere(t, testimonials, testimonials.id, w.testimonialId);
const byId = (w: World) => ({ params: { id: w.testimonialId } });

const fields = {
  student_name: 'Rosa Delgado',
  instructor_context: 'Baguazhang with Sifu Zhao Ming',
  testimonial_text: TESTIMONIAL_TEXT,
};

const adminWrite = (route: string, call: MatrixEntry['call'] = byId): MatrixEntry => ({
  route,
  fresh: freshTestimonial,
  call,
  unchanged: testimonialRow,
});

export const TESTIMONIAL_ENTRIES: MatrixEntry[] = [
  { route: 'GET /api/testimonials' },
  { route: 'GET /api/testimonials/featured' },
  { route: 'POST /api/testimonials', status: 202, call: () => ({ body: fields }) },
  { route: 'GET /api/admin/testimonials', call: () => ({ query: { status: 'pending' } }) },
  { route: 'GET /api/admin/testimonials/stats' },
  {
    route: 'POST /api/admin/testimonials',
    status: 201,
    call: () => ({ body: fields }),
  },
  { route: 'GET /api/admin/testimonials/:id', fresh: freshTestimonial, call: byId },
  adminWrite('PUT /api/admin/testimonials/:id', (w) => ({
    ...byId(w),
    body: { ...fields, student_name: 'Changed' },
  })),
  adminWrite('PUT /api/admin/testimonials/:id/approve'),
  adminWrite('PUT /api/admin/testimonials/:id/reject'),
  adminWrite('PUT /api/admin/testimonials/:id/featured'),
  adminWrite('DELETE /api/admin/testimonials/:id'),
  { route: 'GET /api/school' },
  {
    route: 'PUT /api/admin/school',
    call: () => ({
      body: {
        name: 'Redwood Internal Arts Foundation',
        tagline: 'Xingyiquan, Taijiquan and Baguazhang in Sonoma County',
        description: 'A nonprofit school of the Chinese internal martial arts.',
        address: {
          street: '1120 Sebastopol Road',
          city: 'Santa Rosa',
          region: 'CA',
          postal_code: '95407',
          country: 'United States',
        },
        area_label: 'Sonoma County',
        email: 'hello@redwoodinternalarts.org',
        phone: '(707) 555-0142',
        // The demo school's hours, so the booking rows that follow still find it open.
        hours: [
          {
            label: 'Monday-Friday',
            days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
            closed: false,
            opens: '12:00',
            closes: '20:00',
          },
          { label: 'Saturday and Sunday', days: ['Saturday', 'Sunday'], closed: true },
        ],
        social_links: [],
      },
    }),
    unchanged: (t) => t.database.db.select().from(schoolSettings),
  },
];
