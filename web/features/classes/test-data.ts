import type { Class, ClassEnrollmentsResponse } from '../../../common/classes';

export const CLASS_ID = '6a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
export const ENROLLMENT_ID = '7b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e';
export const MEMBER_ID = '8c3d4e5f-6a7b-4c8d-8e9f-0a1b2c3d4e5f';

export const klass: Class = {
  id: CLASS_ID,
  class_name: 'Evening Taijiquan',
  description: 'Yang style, slow form.',
  instructor_name: 'Sifu Lin Wei',
  location: 'Main hall',
  class_type: 'beginner',
  skill_focus: 'Form',
  class_duration: 60,
  max_capacity: 12,
  current_enrollment: 1,
  waitlist_count: 0,
  is_full: false,
  price: 0,
  age_restrictions: 'All ages',
  requires_membership: false,
  waitlist_enabled: true,
  is_published: false,
  video_embed_url: null,
  sessions: [{ day_of_week: 'monday', start_time: '18:00', end_time: '19:00' }],
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

export const enrollments: ClassEnrollmentsResponse = {
  enrollments: [
    {
      id: ENROLLMENT_ID,
      class_id: CLASS_ID,
      user_id: MEMBER_ID,
      user_name: 'Mei Chen',
      user_email: 'mei@example.org',
      phone: null,
      notes: null,
      status: 'enrolled',
      enrolled_at: '2026-03-01T10:00:00.000Z',
      dropped_at: null,
    },
    {
      id: '9d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
      class_id: CLASS_ID,
      user_id: null,
      user_name: 'Tom Reyes',
      user_email: 'tom@example.org',
      phone: null,
      notes: null,
      status: 'dropped',
      enrolled_at: '2026-02-01T10:00:00.000Z',
      dropped_at: '2026-02-20T10:00:00.000Z',
    },
  ],
  interest: [],
  waitlist: [
    {
      id: 'ad5e6f7a-8b9c-4e0f-8a1b-2c3d4e5f6a7b',
      class_id: CLASS_ID,
      kind: 'waitlist',
      name: 'Ana Ruiz',
      email: 'ana@example.org',
      phone: null,
      user_id: null,
      status: 'offered',
      position: 1,
      offer_expires_at: '2026-03-03T10:00:00.000Z',
      created_at: '2026-03-01T10:00:00.000Z',
    },
  ],
};
