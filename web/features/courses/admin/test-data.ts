import type { CourseDetail, CourseSummary, Lesson, Module } from '../../../../common/courses';

export const COURSE_ID = '2f7c9a52-1d3e-4a8b-9c0d-5e6f7a8b9c01';
export const MODULE_ID = '3a8d0b63-2e4f-4b9c-8d1e-6f7a8b9c0d12';
export const LESSON_ID = '4b9e1c74-3f50-4cad-9e2f-7a8b9c0d1e23';
export const STUDENT_ID = '5caf2d85-4061-4dbe-8f30-8b9c0d1e2f34';

export function makeCourse(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id: COURSE_ID,
    title: 'Santi Shi Basics',
    description: 'Xingyi standing.',
    thumbnail_url: null,
    instructor_name: 'Sifu Lin',
    instructor_avatar: null,
    skill_level: 'beginner',
    category: 'General',
    language: 'English',
    estimated_hours: 3,
    regular_price: 0,
    currency: 'USD',
    prerequisites: 'Good shoes',
    learning_objectives: '',
    is_published: true,
    is_archived: false,
    is_series: false,
    features: [{ id: 5, name: 'Lifetime Access' }],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    enrolled_students: 2,
    average_progress: 50,
    module_count: 1,
    lesson_count: 1,
    total_duration_minutes: 95,
    average_rating: 4.5,
    total_reviews: 2,
    enrollment: null,
    ...overrides,
  };
}

export function makeLesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: LESSON_ID,
    module_id: MODULE_ID,
    title: 'Posture',
    lesson_type: 'video',
    content_url: null,
    content_text: '',
    duration_minutes: 10,
    order_sequence: 1,
    is_required: true,
    pass_mark: null,
    ...overrides,
  };
}

export function makeModule(overrides: Partial<Module> = {}): Module {
  return {
    id: MODULE_ID,
    course_id: COURSE_ID,
    title: 'First Steps',
    description: 'Add a description',
    order_sequence: 1,
    lessons: [makeLesson()],
    ...overrides,
  };
}

export function makeCourseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return { ...makeCourse(), modules: [makeModule()], has_content_access: true, ...overrides };
}
