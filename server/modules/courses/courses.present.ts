import {
  featureName,
  parseQuizContent,
  toStudentQuiz,
  type CourseSummary,
  type Lesson,
  type Module,
} from '../../../common/courses';
import type { MediaLinks } from '../../platform/media-links';
import type { CourseSummaryRow, LessonRow, ModuleRow } from './courses.repo';

/**
 * How much of a lesson a caller sees: admins everything; enrolled students the content but
 * quizzes without answers (the server scores them); everyone else the outline only.
 */
export type ContentAccess = 'full' | 'student' | 'outline';

export function toSummary(row: CourseSummaryRow): CourseSummary {
  const { course } = row;
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    thumbnail_url: course.thumbnail_url,
    instructor_name: course.instructor_name,
    instructor_avatar: course.instructor_avatar,
    skill_level: course.skill_level,
    category: course.category,
    language: course.language,
    estimated_hours: course.estimated_hours,
    regular_price: course.price_cents / 100,
    currency: course.currency,
    prerequisites: course.prerequisites,
    learning_objectives: course.learning_objectives,
    is_published: course.is_published,
    is_archived: course.archived_at !== null,
    is_series: course.is_series,
    features: row.feature_ids.map((id) => ({ id, name: featureName(id) })),
    created_at: course.created_at.toISOString(),
    updated_at: course.updated_at.toISOString(),
    enrolled_students: row.enrolled_students,
    average_progress: row.average_progress,
    module_count: row.module_count,
    lesson_count: row.lesson_count,
    total_duration_minutes: row.total_duration_minutes,
    average_rating: row.average_rating,
    total_reviews: row.total_reviews,
    enrollment: toEnrollment(row),
  };
}

/** The caller's enrolment as a card shows it, or null when they are not enrolled. */
export function toEnrollment(
  row: Pick<CourseSummaryRow, 'enrollment_start' | 'enrollment_progress' | 'enrollment_completed'>,
): CourseSummary['enrollment'] {
  if (!row.enrollment_start) return null;
  return {
    progress: row.enrollment_progress ?? 0,
    start_date: row.enrollment_start.toISOString(),
    completed_date: row.enrollment_completed?.toISOString() ?? null,
  };
}

function studentContentText(lesson: LessonRow): string {
  if (lesson.lesson_type !== 'quiz') return lesson.content_text;
  const parsed = parseQuizContent(lesson.content_text);
  return JSON.stringify(parsed.ok ? toStudentQuiz(parsed.questions) : []);
}

export function toLesson(lesson: LessonRow, access: ContentAccess): Lesson {
  return {
    id: lesson.id,
    module_id: lesson.module_id,
    title: lesson.title,
    lesson_type: lesson.lesson_type,
    content_url: access === 'outline' ? null : lesson.content_url,
    content_text:
      access === 'full' ? lesson.content_text : access === 'student' ? studentContentText(lesson) : '',
    duration_minutes: lesson.duration_minutes,
    order_sequence: lesson.order_sequence,
    is_required: lesson.is_required,
    pass_mark: lesson.pass_mark,
  };
}

/** Modules in order, each with its lessons in order; `lessons` may hold other modules' lessons. */
export function toModules(moduleRows: ModuleRow[], lessons: LessonRow[], access: ContentAccess): Module[] {
  const byModule = new Map<string, Lesson[]>(moduleRows.map((m) => [m.id, []]));
  for (const lesson of lessons) byModule.get(lesson.module_id)?.push(toLesson(lesson, access));
  return moduleRows.map((m) => ({
    id: m.id,
    course_id: m.course_id,
    title: m.title,
    description: m.description,
    order_sequence: m.order_sequence,
    lessons: byModule.get(m.id) ?? [],
  }));
}

/**
 * The lesson as its reader gets it: a lesson video of ours becomes a signed link that expires
 * (media-links.ts). Only content a reader may see has a URL left to sign: `outline` has none.
 */
export async function withVideoLink(lesson: Lesson, links: MediaLinks): Promise<Lesson> {
  if (!lesson.content_url) return lesson;
  return { ...lesson, content_url: await links.forReader(lesson.content_url) };
}

/** `withVideoLink` for every lesson of the modules. */
export async function withVideoLinks(modules: Module[], links: MediaLinks): Promise<Module[]> {
  return Promise.all(
    modules.map(async (m) => ({
      ...m,
      lessons: await Promise.all(m.lessons.map((lesson) => withVideoLink(lesson, links))),
    })),
  );
}
