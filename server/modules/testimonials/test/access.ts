import { rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import { schoolSettings, testimonials } from '../../../db/schema';
import type { TestApp } from '../../../test/app';
import { demoSchoolBody } from '../../school/test/factories';
import { createTestimonial, TESTIMONIAL_TEXT } from './factories';

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
    // The demo school, hours included, so the booking rows that follow still find it open.
    call: () => ({ body: demoSchoolBody() }),
    unchanged: (t) => t.database.db.select().from(schoolSettings),
  },
];
