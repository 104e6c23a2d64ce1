import {
  AiAnswer,
  AiConversation,
  AiUsage,
  PublicKnowledgeEntry,
  StudentNote,
  type LessonRef,
  type SourceRef,
} from '../../../common/ai-sifu';
import { CourseDetail } from '../../../common/courses';

/*
 * AI Sifu's answers, conversations and usage as the API sends them: each is built through the
 * shared schema, so a test cannot describe a shape the server never sends.
 */

export const COURSE_ID = '5d0c8a1e-2b7f-4c1a-9e3d-6f8a7b9c0d1e';
export const OTHER_COURSE_ID = '6e1d9b2f-3c80-4d2b-8f4e-7a9b8c0d1e2f';
export const COURSE_TITLE = 'Foundations of Zhan Zhuang';

export const zhanZhuang: SourceRef = {
  id: '7f2e0c3a-4d91-4e3c-9a5f-8b0c9d1e2f30',
  kind: 'term',
  title: 'Zhan zhuang',
  hanzi: '站樁',
  pinyin: 'zhàn zhuāng',
  source: null,
};
export const manualSection: SourceRef = {
  id: '803f1d4b-5ea2-4f4d-8b60-9c1d0e2f3a41',
  kind: 'manual',
  title: 'Standing: the first months',
  hanzi: null,
  pinyin: null,
  source: 'Training manual, chapter 2',
};
export const classic: SourceRef = {
  id: '91402e5c-6fb3-4a5e-9c71-ad2e1f3a4b52',
  kind: 'classic',
  title: 'Stand like a balance',
  hanzi: '立如平準',
  pinyin: 'lì rú píng zhǔn',
  source: 'Taijiquan Treatise',
};
export const lesson: LessonRef = {
  id: 'a2513f6d-70c4-4b6f-8d82-be3f2a4b5c63',
  title: 'Your first stance',
  course_id: COURSE_ID,
  module_id: 'b3624a7e-81d5-4c70-9e93-cf4a3b5c6d74',
};

export function makeAnswer(overrides: Partial<AiAnswer> = {}): AiAnswer {
  return AiAnswer.parse({
    response: 'Zhan zhuang is standing practice: stand still and let the body settle.',
    terms_used: [zhanZhuang],
    manual_sections: [manualSection],
    classical_references: [classic],
    lessons_used: [lesson],
    cost_cents: 0,
    response_time_ms: 120,
    cached: false,
    conversation_id: 'c4735b8f-92e6-4d81-8fa4-d05b4c6d7e85',
    ...overrides,
  });
}

export function makeUsage(overrides: Partial<AiUsage> = {}): AiUsage {
  return AiUsage.parse({
    is_admin: false,
    subscription: { active: false, used: 0, limit: 0, remaining: 0 },
    courses: [
      { course_id: COURSE_ID, course_title: COURSE_TITLE, used: 3, limit: 30, remaining: 27 },
      {
        course_id: OTHER_COURSE_ID,
        course_title: 'Xingyiquan Five Elements',
        used: 0,
        limit: 30,
        remaining: 30,
      },
    ],
    ...overrides,
  });
}

export function makeNote(overrides: Partial<StudentNote> = {}): StudentNote {
  return StudentNote.parse({
    id: 'd5846c90-a3f7-4e92-9ab5-e16c5d7e8f96',
    ai_conversation_id: 'c4735b8f-92e6-4d81-8fa4-d05b4c6d7e85',
    course_id: COURSE_ID,
    note_text: 'Sink the weight; relax the shoulders.',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

let conversationCount = 0;

export function makeConversation(overrides: Partial<AiConversation> = {}): AiConversation {
  conversationCount += 1;
  const suffix = String(conversationCount).padStart(12, '0');
  return AiConversation.parse({
    id: `e6957da1-b408-4fa3-8bc6-${suffix}`,
    question_text: 'What is zhan zhuang?',
    response_text: 'Zhan zhuang is standing practice.',
    created_at: '2026-11-20T09:30:00.000Z',
    course_context: COURSE_ID,
    course_title: COURSE_TITLE,
    cached_response: false,
    response_time_ms: 120,
    terms_used: [zhanZhuang],
    manual_sections: [],
    classical_references: [],
    lessons_used: [],
    note: null,
    ...overrides,
  });
}

export const zhanZhuangEntry: PublicKnowledgeEntry = PublicKnowledgeEntry.parse({
  id: zhanZhuang.id,
  kind: 'term',
  title: 'Zhan zhuang',
  body: 'Standing like a post.\n\nThe root of internal training.',
  hanzi: '站樁',
  pinyin: 'zhàn zhuāng',
  source: 'School glossary',
});

/** A Server-Sent Events body the test writes event by event, as the ask call streams one. */
export function sseStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
  };
}

/** A course page's course, with the caller's enrolment (or none), as GET /courses/{id} sends it. */
export function makeSifuCourse(id: string, title: string, enrolled: boolean): CourseDetail {
  return CourseDetail.parse({
    id,
    title,
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
    prerequisites: '',
    learning_objectives: '',
    is_published: true,
    is_archived: false,
    is_series: false,
    features: [],
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-02-01T00:00:00.000Z',
    enrolled_students: 12,
    average_progress: 40,
    module_count: 0,
    lesson_count: 0,
    total_duration_minutes: 0,
    average_rating: 0,
    total_reviews: 0,
    enrollment: enrolled ? { progress: 0, start_date: '2026-11-01', completed_date: null } : null,
    has_content_access: enrolled,
    modules: [],
  });
}
