import {
  COURSE_NOT_FOUND,
  LESSON_DEFAULTS,
  LESSON_NOT_FOUND,
  MODULE_DEFAULTS,
  MODULE_NOT_FOUND,
  parseQuizInput,
  PASS_MARK_NOT_A_QUIZ_MESSAGE,
  STARTER_QUIZ,
  type Lesson,
  type LessonInput,
  type LessonType,
  type Module,
  type ModuleInput,
} from '../../../common/courses';
import { badRequest, notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createMediaLinks } from '../../platform/media-links';
import { createContentRepo } from './content.repo';
import { createCoursesRepo, type LessonRow } from './courses.repo';
import { toLesson, toModules, withVideoLink, withVideoLinks } from './courses.present';

const courseNotFound = () => notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
const moduleNotFound = () => notFound(MODULE_NOT_FOUND, 'MODULE_NOT_FOUND');
const lessonNotFound = () => notFound(LESSON_NOT_FOUND, 'LESSON_NOT_FOUND');

/** `ids` with `id` moved to the 1-based `position` (clamped to the list). */
function moveTo(ids: string[], id: string, position: number): string[] {
  const rest = ids.filter((x) => x !== id);
  const index = Math.min(Math.max(position - 1, 0), rest.length);
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/** A reorder must name every current item exactly once. */
function assertSameSet(current: string[], given: string[], message: string): void {
  const wanted = new Set(given);
  if (
    wanted.size !== given.length ||
    given.length !== current.length ||
    current.some((id) => !wanted.has(id))
  )
    throw badRequest(message, 'INVALID_ORDER');
}

/**
 * Quiz lessons keep their questions as a JSON list in content_text: it is validated and stored
 * in its normal form; other lesson types store the text as given.
 */
function contentFor(type: LessonType, contentText: string): string {
  if (type !== 'quiz') return contentText;
  const parsed = parseQuizInput(contentText);
  if (!parsed.ok)
    throw badRequest(parsed.message, 'INVALID_QUIZ', [
      { path: ['content_text', ...parsed.path].join('.'), message: parsed.message },
    ]);
  return JSON.stringify(parsed.questions);
}

/**
 * The pass mark a lesson of `type` stores: quizzes keep theirs (or the one sent), other lessons have
 * none, and asking one for a pass mark is an error rather than something silently dropped.
 */
function passMarkFor(
  type: LessonType,
  sent: number | null | undefined,
  current: number | null,
): number | null {
  if (type === 'quiz') return sent === undefined ? current : sent;
  if (sent !== undefined && sent !== null)
    throw badRequest(PASS_MARK_NOT_A_QUIZ_MESSAGE, 'NOT_A_QUIZ', [
      { path: 'pass_mark', message: PASS_MARK_NOT_A_QUIZ_MESSAGE },
    ]);
  return null;
}

/** A lesson created without content starts blank, or, as a quiz, with a question to edit. */
const defaultContent = (type: LessonType) => (type === 'quiz' ? JSON.stringify(STARTER_QUIZ) : '');

export function createContentService(platform: Platform) {
  const repo = createContentRepo(platform.db);
  const coursesRepo = createCoursesRepo(platform.db);
  // Admins get lesson videos as signed links, as the course page gives them, and what they send
  // back (a link they were given, or an upload's address) is stored as the file's /media path.
  const links = createMediaLinks(platform.storage, platform.clock);

  /** Locks the course so concurrent edits of its order queue up; 404 when it is gone. */
  async function lockCourse(courseId: string): Promise<void> {
    if (!(await coursesRepo.lock(courseId))) throw courseNotFound();
  }

  async function moduleWithLessons(moduleId: string): Promise<Module> {
    const row = await repo.findModule(moduleId);
    if (!row) throw moduleNotFound();
    const lessons = await coursesRepo.lessonsOf([moduleId]);
    return (await withVideoLinks(toModules([row], lessons, 'full'), links))[0]!;
  }

  async function modulesOf(courseId: string): Promise<Module[]> {
    const content = await coursesRepo.content(courseId);
    return withVideoLinks(toModules(content.modules, content.lessons, 'full'), links);
  }

  const lessonOut = (row: LessonRow): Promise<Lesson> => withVideoLink(toLesson(row, 'full'), links);

  return {
    async createModule(courseId: string, input: ModuleInput): Promise<Module> {
      const id = await platform.tx(async () => {
        await lockCourse(courseId);
        const ids = await repo.moduleIds(courseId);
        const row = await repo.insertModule({
          course_id: courseId,
          title: input.title ?? MODULE_DEFAULTS.title,
          description: input.description ?? MODULE_DEFAULTS.description,
          order_sequence: ids.length + 1,
        });
        if (input.order_sequence !== undefined && input.order_sequence <= ids.length)
          await repo.renumberModules(moveTo([...ids, row.id], row.id, input.order_sequence));
        await repo.touchCourse(courseId, platform.clock.now());
        return row.id;
      });
      return moduleWithLessons(id);
    },

    async updateModule(moduleId: string, input: ModuleInput): Promise<Module> {
      await platform.tx(async () => {
        const existing = await repo.findModule(moduleId);
        if (!existing) throw moduleNotFound();
        await lockCourse(existing.course_id);
        const { order_sequence, ...fields } = input;
        await repo.updateModule(moduleId, { ...fields, updated_at: platform.clock.now() });
        if (order_sequence !== undefined)
          await repo.renumberModules(
            moveTo(await repo.moduleIds(existing.course_id), moduleId, order_sequence),
          );
        await repo.touchCourse(existing.course_id, platform.clock.now());
      });
      return moduleWithLessons(moduleId);
    },

    /** Deletes the module and its lessons; the remaining modules are numbered 1..n again. */
    async deleteModule(moduleId: string): Promise<void> {
      await platform.tx(async () => {
        const existing = await repo.findModule(moduleId);
        if (!existing) throw moduleNotFound();
        await lockCourse(existing.course_id);
        await repo.deleteModule(moduleId);
        await repo.renumberModules(await repo.moduleIds(existing.course_id));
        await repo.touchCourse(existing.course_id, platform.clock.now());
      });
    },

    async reorderModules(courseId: string, moduleIds: string[]): Promise<Module[]> {
      await platform.tx(async () => {
        await lockCourse(courseId);
        assertSameSet(
          await repo.moduleIds(courseId),
          moduleIds,
          "module_ids must list each of the course's modules exactly once",
        );
        await repo.renumberModules(moduleIds);
        await repo.touchCourse(courseId, platform.clock.now());
      });
      return modulesOf(courseId);
    },

    async createLesson(moduleId: string, input: LessonInput): Promise<Lesson> {
      return platform.tx(async () => {
        const mod = await repo.findModule(moduleId);
        if (!mod) throw moduleNotFound();
        await lockCourse(mod.course_id);
        const type = input.lesson_type ?? 'video';
        const ids = await repo.lessonIds(moduleId);
        const row = await repo.insertLesson({
          module_id: moduleId,
          title: input.title ?? LESSON_DEFAULTS.title,
          lesson_type: type,
          content_url: links.toStored(input.content_url ?? null),
          content_text: contentFor(type, input.content_text ?? defaultContent(type)),
          duration_minutes: input.duration_minutes ?? LESSON_DEFAULTS.duration_minutes,
          is_required: input.is_required ?? LESSON_DEFAULTS.is_required,
          pass_mark: passMarkFor(type, input.pass_mark, null),
          order_sequence: ids.length + 1,
        });
        await repo.touchCourse(mod.course_id, platform.clock.now());
        if (input.order_sequence === undefined || input.order_sequence > ids.length) return lessonOut(row);
        await repo.renumberLessons(moveTo([...ids, row.id], row.id, input.order_sequence));
        return lessonOut((await repo.findLesson(row.id))!.lesson);
      });
    },

    /** Partial update; a quiz's questions are validated whenever its type or content is sent. */
    async updateLesson(lessonId: string, input: LessonInput): Promise<Lesson> {
      return platform.tx(async () => {
        const found = await repo.findLesson(lessonId);
        if (!found) throw lessonNotFound();
        await lockCourse(found.course_id);
        const { order_sequence, content_text, pass_mark, content_url, ...fields } = input;
        const type = input.lesson_type ?? found.lesson.lesson_type;
        const values: Partial<LessonRow> = {
          ...fields,
          ...(content_url !== undefined ? { content_url: links.toStored(content_url) } : {}),
          pass_mark: passMarkFor(type, pass_mark, found.lesson.pass_mark),
          updated_at: platform.clock.now(),
        };
        if (content_text !== undefined || input.lesson_type !== undefined)
          values.content_text = contentFor(type, content_text ?? found.lesson.content_text);
        await repo.updateLesson(lessonId, values);
        if (order_sequence !== undefined)
          await repo.renumberLessons(
            moveTo(await repo.lessonIds(found.lesson.module_id), lessonId, order_sequence),
          );
        await repo.touchCourse(found.course_id, platform.clock.now());
        return lessonOut((await repo.findLesson(lessonId))!.lesson);
      });
    },

    async deleteLesson(lessonId: string): Promise<void> {
      await platform.tx(async () => {
        const found = await repo.findLesson(lessonId);
        if (!found) throw lessonNotFound();
        await lockCourse(found.course_id);
        await repo.deleteLesson(lessonId);
        await repo.renumberLessons(await repo.lessonIds(found.lesson.module_id));
        await repo.touchCourse(found.course_id, platform.clock.now());
      });
    },

    async reorderLessons(moduleId: string, lessonIds: string[]): Promise<Lesson[]> {
      return platform.tx(async () => {
        const mod = await repo.findModule(moduleId);
        if (!mod) throw moduleNotFound();
        await lockCourse(mod.course_id);
        assertSameSet(
          await repo.lessonIds(moduleId),
          lessonIds,
          "lesson_ids must list each of the module's lessons exactly once",
        );
        await repo.renumberLessons(lessonIds);
        await repo.touchCourse(mod.course_id, platform.clock.now());
        return Promise.all((await coursesRepo.lessonsOf([moduleId])).map(lessonOut));
      });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
