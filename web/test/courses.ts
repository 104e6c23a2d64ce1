import { CourseDetail, CourseSummary } from '../../common/courses';

/** Course fixtures for the screens' tests, built through the shared schemas. */
export function makeCourse(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return CourseSummary.parse({
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Foundations of Zhan Zhuang',
    description: 'Stand like a post.',
    thumbnail_url: null,
    instructor_name: 'Sifu Lin Wei',
    instructor_avatar: null,
    skill_level: 'beginner',
    category: 'Qigong',
    language: 'English',
    estimated_hours: 4,
    regular_price: 0,
    currency: 'USD',
    prerequisites: 'None\nLoose clothing',
    learning_objectives: 'Stand\nBreathe',
    is_published: true,
    is_archived: false,
    is_series: false,
    features: [],
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-02-01T00:00:00.000Z',
    enrolled_students: 12,
    average_progress: 40,
    module_count: 1,
    lesson_count: 2,
    total_duration_minutes: 95,
    average_rating: 4.5,
    total_reviews: 2,
    enrollment: null,
    ...overrides,
  });
}

export function makeCourseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  const base = makeCourse();
  const moduleId = '22222222-2222-4222-8222-222222222222';
  return CourseDetail.parse({
    ...base,
    has_content_access: true,
    modules: [
      {
        id: moduleId,
        course_id: base.id,
        title: 'Why We Stand',
        description: '',
        order_sequence: 1,
        lessons: [
          {
            id: '33333333-3333-4333-8333-333333333331',
            module_id: moduleId,
            title: 'Welcome',
            lesson_type: 'video',
            content_url: 'https://www.youtube.com/watch?v=kwZhanZh101',
            content_text: 'An introduction.',
            duration_minutes: 8,
            order_sequence: 1,
            is_required: true,
            pass_mark: null,
          },
          {
            id: '33333333-3333-4333-8333-333333333332',
            module_id: moduleId,
            title: 'Foundations Check',
            lesson_type: 'quiz',
            content_url: null,
            content_text: JSON.stringify([
              { id: 'q1', text: 'What is zhan zhuang?', options: ['Standing like a post', 'Walking'] },
              { id: 'q2', text: 'Feet?', options: ['Together', 'Shoulder-width'] },
            ]),
            duration_minutes: 10,
            order_sequence: 2,
            is_required: true,
            pass_mark: null,
          },
        ],
      },
    ],
    ...overrides,
  });
}
