import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  COURSE_DEFAULTS,
  COURSE_NOT_FOUND,
  DEFAULT_FEATURE_IDS,
  FEATURE_CATALOGUE,
  featureName,
  type CourseDetail,
  type CourseInput,
  CourseSummary,
  type CourseStudent,
  type Feature,
  Module,
} from '../../../common/courses';
import type { AuthContext } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import type { MediaRegistry } from '../uploads/uploads.service';
import { createMediaLinks } from '../../platform/media-links';
import { createReadCache, readerKey } from '../../platform/read-cache';
import { compileSerializer } from '../../platform/serializer';
import { joinedEnrollmentOpens } from '../enrollments/course-access.service';
import { createCoursesRepo, type CourseRow } from './courses.repo';
import { toEnrollment, toModules, toSummary, withVideoLinks, type ContentAccess } from './courses.present';

const isAdmin = (auth: AuthContext | null) => Boolean(auth?.user.is_admin);
const courseNotFound = () => notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');

/** The course columns a (partial) input sets; missing fields are left out. */
function columnsOf(input: CourseInput): Partial<CourseRow> {
  const { regular_price, features: _features, ...rest } = input;
  const columns: Partial<CourseRow> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (columns as Record<string, unknown>)[key] = value;
  }
  if (regular_price !== undefined) columns.price_cents = Math.round(regular_price * 100);
  return columns;
}

/** Course pages kept at once, per course and kind of reader (visitor, student, admin). */
const CONTENTS_KEPT = 100;
/** Course pages kept at once as their readers got them (a busy week's students on their courses). */
const ANSWERS_KEPT = 2000;

/**
 * A page of course cards as the catalogue keeps it: each card written once, as UTF-8 JSON, so a
 * request only joins bytes (joining 50 cards as strings and encoding them costs several times more).
 */
interface CardsPage {
  cards: { summary: CourseSummary; json: Buffer }[];
  total: number;
  /** The page as a visitor (or a student enrolled in none of its courses) gets it, and its tag. */
  body: Buffer;
  tag: string;
}

/** An answer as sent: the response as UTF-8 JSON and a tag (ETag) that changes with it. */
export interface WrittenAnswer {
  body: Buffer;
  tag: string;
}

/** A course's modules and lessons as a kind of reader sees them: as objects, and written once with their tag. */
interface KeptContent {
  modules: Module[];
  json: Buffer;
  tag: string;
}

const COMMA = Buffer.from(',');
function listBody(cards: Buffer[], total: number): Buffer {
  const parts: Buffer[] = [Buffer.from('{"courses":[')];
  cards.forEach((card, at) => parts.push(...(at > 0 ? [COMMA, card] : [card])));
  parts.push(Buffer.from(`],"total":${total}}`));
  return Buffer.concat(parts);
}
const tagOf = (text: string | Buffer) => `"${createHash('sha1').update(text).digest('base64')}"`;

export function createCoursesService(platform: Platform, deps: { images?: MediaRegistry } = {}) {
  const repo = createCoursesRepo(platform.db);

  // Course images are the courses' files (`deps.images` is uploads); a file a lesson or a course
  // shows cannot be removed by an administrator.
  const images = deps.images?.register({
    folders: ['course-thumbnails'],
    uses: (publicId) => repo.fileUses(publicId),
  });

  /** A course stopped showing this image: it goes, unless it is still shown or not an upload. */
  async function discardImage(url: string | null | undefined) {
    if (url) await images?.release(url);
  }

  // Cards are written by the serializer the route's schema compiles to (checked against zod's
  // outside production), once per card and page kept rather than once per request.
  const writeCard = compileSerializer(
    { schema: CourseSummary, method: 'GET', url: '/api/courses' },
    { verify: platform.config.NODE_ENV !== 'production' },
  );
  const cards = createReadCache<CardsPage>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
  });

  // A course's modules and lessons as each kind of reader sees them, the same for every student,
  // kept and forgotten with the cards. Only the caller's summary (their enrolment) is read each time.
  const writeModules = compileSerializer(
    { schema: z.array(Module), method: 'GET', url: '/api/courses/:id' },
    { verify: platform.config.NODE_ENV !== 'production' },
  );
  // Lesson videos are signed as the content is written: a link outlives the kept page by hours.
  const links = createMediaLinks(platform.storage, platform.clock);
  const contents = createReadCache<KeptContent>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
    maxEntries: CONTENTS_KEPT,
  });

  // Each reader's course page as sent, kept with the content and forgotten with it, or when the
  // reader writes (enrols, pays) on any instance.
  const answers = createReadCache<WrittenAnswer>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
    maxEntries: ANSWERS_KEPT,
  });

  /** The caller's summary of a course and its content as they may see it; throws when they may not. */
  async function read(auth: AuthContext | null, id: string) {
    const row = await repo.summary(auth?.user.id ?? null, id);
    if (!row || (!row.course.is_published && !isAdmin(auth))) throw courseNotFound();
    const opens = joinedEnrollmentOpens(row);
    // An archived course is left to those who may open it (and to admins).
    if (row.course.archived_at && !isAdmin(auth) && !opens) throw courseNotFound();
    const access: ContentAccess = isAdmin(auth) ? 'full' : opens ? 'student' : 'outline';
    const content = await contents.get(`${id}:${access}`, async () => {
      const read = await repo.content(id);
      const modules = await withVideoLinks(toModules(read.modules, read.lessons, access), links);
      const json = Buffer.from(writeModules(modules));
      return { modules, json, tag: tagOf(json) };
    });
    return { summary: toSummary(row), content, hasContentAccess: access !== 'outline' };
  }

  async function detail(auth: AuthContext | null, id: string): Promise<CourseDetail> {
    const { summary, content, hasContentAccess } = await read(auth, id);
    return { ...summary, modules: content.modules, has_content_access: hasContentAccess };
  }

  /**
   * A course page as sent (`CourseResponse`): the content is written once per kind of reader and
   * kept; only the caller's summary (their enrolment) is written per request and joined to it.
   */
  function detailAnswer(auth: AuthContext | null, id: string): Promise<WrittenAnswer> {
    return answers.get(readerKey(auth?.user.id ?? '', id), async () => {
      const { summary, content, hasContentAccess } = await read(auth, id);
      const written = writeCard(summary);
      const body = Buffer.concat([
        Buffer.from(`{"course":${written.slice(0, -1)},"modules":`),
        content.json,
        Buffer.from(`,"has_content_access":${hasContentAccess}}}`),
      ]);
      return { body, tag: tagOf(`${content.tag}\n${hasContentAccess}\n${written}`) };
    });
  }

  return {
    /** Whether a course with this id exists, published or not; for the domains built on courses. */
    exists: async (courseId: string): Promise<boolean> => Boolean(await repo.find(courseId)),

    /** The course row, published or not (title, price, currency); for the domains built on courses. */
    find: (courseId: string) => repo.find(courseId),

    detail,
    detailAnswer,

    /**
     * Everyone sees published courses; students and visitors also see unpublished ones as
     * cards flagged is_published false (the web shows Under Construction) — never their content.
     * A published course without lessons is listed to admins only: students could buy nothing.
     * The cards are the same for every caller of a kind and are kept written; only the cards of the
     * caller's own enrolments are written for them.
     */
    async list(
      auth: AuthContext | null,
      query: { is_series?: boolean; category?: string; limit: number; offset: number },
    ): Promise<WrittenAnswer> {
      const filter = {
        publishedOnly: false,
        withLessonsOnly: !isAdmin(auth),
        is_series: query.is_series,
        category: query.category?.toLowerCase(),
      };
      const page = { limit: query.limit, offset: query.offset };
      const kept = await cards.get(JSON.stringify([filter, page]), async () => {
        const { rows, total } = await repo.list(null, filter, page);
        const written = rows.map((row) => {
          const summary = toSummary(row);
          return { summary, json: Buffer.from(writeCard(summary)) };
        });
        const body = listBody(
          written.map((card) => card.json),
          total,
        );
        return { cards: written, total, body, tag: tagOf(body) };
      });
      if (!auth || kept.cards.length === 0) return kept;
      const mine = new Map((await repo.enrolmentsOf(auth.user.id)).map((row) => [row.course_id, row]));
      const theirs: string[] = [];
      const parts = kept.cards.map((card) => {
        const enrolment = mine.get(card.summary.id);
        if (!enrolment) return card.json;
        const json = writeCard({ ...card.summary, enrollment: toEnrollment(enrolment) });
        theirs.push(json);
        return Buffer.from(json);
      });
      if (theirs.length === 0) return kept;
      // The page's tag and the caller's own cards (whose places the page fixes) decide the body.
      return { body: listBody(parts, kept.total), tag: tagOf(`${kept.tag}\n${theirs.join('\n')}`) };
    },

    /** Something the cards or a course page show may have changed: the next reads read them again. */
    forgetCards: () => {
      cards.clear();
      contents.clear();
      answers.clear();
    },

    /** Forgets the course pages kept for one reader, or for everyone. */
    forgetAnswersOf: (userId?: string) => (userId ? answers.forget(readerKey(userId)) : answers.clear()),

    async search(auth: AuthContext | null, q: string, limit: number): Promise<CourseSummary[]> {
      const rows = await repo.search(auth?.user.id ?? null, q, !isAdmin(auth), limit);
      return rows.map(toSummary);
    },

    categories: (auth: AuthContext | null) => repo.categories(!isAdmin(auth)),

    /** A course's features; like the list, this answers for unpublished courses too. */
    async features(id: string): Promise<Feature[]> {
      if (!(await repo.find(id))) throw courseNotFound();
      return (await repo.featureIds(id)).map((fid) => ({ id: fid, name: featureName(fid) }));
    },

    catalogue: (): Feature[] => FEATURE_CATALOGUE.map((f) => ({ ...f })),

    async students(
      id: string,
      page: { limit: number; offset: number },
    ): Promise<{ students: CourseStudent[]; total: number }> {
      if (!(await repo.find(id))) throw courseNotFound();
      const { rows, total } = await repo.students(id, page);
      return {
        students: rows.map((r) => ({
          ...r,
          start_date: r.start_date.toISOString(),
          completed_date: r.completed_date?.toISOString() ?? null,
        })),
        total,
      };
    },

    async create(auth: AuthContext, input: CourseInput): Promise<CourseDetail> {
      const now = platform.clock.now();
      const id = await platform.tx(async () => {
        const course = await repo.insert({
          ...columnsOf({ ...COURSE_DEFAULTS, ...input }),
          title: input.title ?? COURSE_DEFAULTS.title,
          created_by: auth.user.id,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceFeatures(course.id, input.features ?? DEFAULT_FEATURE_IDS);
        return course.id;
      });
      return detail(auth, id);
    },

    /** Partial update: only the fields present change; `features`, when present, replaces the set. */
    async update(auth: AuthContext, id: string, input: CourseInput): Promise<CourseDetail> {
      const replacedImage = await platform.tx(async () => {
        const before = input.thumbnail_url === undefined ? undefined : await repo.find(id);
        const updated = await repo.update(id, { ...columnsOf(input), updated_at: platform.clock.now() });
        if (!updated) throw courseNotFound();
        if (input.features) await repo.replaceFeatures(id, input.features);
        return before && before.thumbnail_url !== updated.thumbnail_url ? before.thumbnail_url : null;
      });
      await discardImage(replacedImage);
      return detail(auth, id);
    },

    /**
     * Deletes a course, or archives one that people paid for: it leaves the catalogue, and those
     * enrolled keep it with their progress, since what was paid for is never destroyed.
     */
    async remove(id: string): Promise<void> {
      // An archived course keeps its image for those enrolled; a deleted one lets it go.
      const removed = await platform.tx(async (): Promise<{ image: string | null } | null> => {
        if (await repo.hasBuyers(id))
          return (await repo.archive(id, platform.clock.now())) ? { image: null } : null;
        const course = await repo.find(id);
        return course && (await repo.delete(id)) ? { image: course.thumbnail_url } : null;
      });
      if (!removed) throw courseNotFound();
      await discardImage(removed.image);
    },
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
