import {
  COURSE_DEFAULTS,
  COURSE_NOT_FOUND,
  DEFAULT_FEATURE_IDS,
  FEATURE_CATALOGUE,
  featureName,
  type CourseDetail,
  type CourseInput,
  type CourseListResponse,
  type CourseStudent,
  type CourseSummary,
  type Feature,
  type Module,
} from '../../../common/courses';
import type { AuthContext } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { Platform } from '../../platform';
import { createReadCache } from '../../platform/read-cache';
import { createCoursesRepo, type CourseRow, type CourseSummaryRow } from './courses.repo';
import { toModules, toSummary, type ContentAccess } from './courses.present';

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

/**
 * What the courses domain needs from uploads (passed in by server/modules/index.ts): to drop an
 * uploaded course image, with its sized variants, once no course shows it.
 */
export interface CourseImageFiles {
  discardCourseImage(url: string): Promise<void>;
}

/** Course pages kept at once, per course and kind of reader (visitor, student, admin). */
const CONTENTS_KEPT = 100;

export function createCoursesService(platform: Platform, deps: { images?: CourseImageFiles } = {}) {
  const repo = createCoursesRepo(platform.db);

  /** A course stopped showing this image: it goes, unless it is still shown or not an upload. */
  async function discardImage(url: string | null | undefined) {
    if (url && deps.images) await deps.images.discardCourseImage(url);
  }

  const cards = createReadCache<{ rows: CourseSummaryRow[]; total: number }>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
  });

  // A course's modules and lessons as each kind of reader sees them, the same for every student,
  // kept and forgotten with the cards. Only the caller's summary (their enrolment) is read each time.
  const contents = createReadCache<Module[]>({
    clock: platform.clock,
    ttlMs: platform.config.CATALOGUE_CACHE_SECONDS * 1000,
    maxEntries: CONTENTS_KEPT,
  });

  async function detail(auth: AuthContext | null, id: string): Promise<CourseDetail> {
    const row = await repo.summary(auth?.user.id ?? null, id);
    if (!row || (!row.course.is_published && !isAdmin(auth))) throw courseNotFound();
    // An archived course is left to those enrolled in it (and to admins).
    if (row.course.archived_at && !isAdmin(auth) && !row.enrollment_start) throw courseNotFound();
    const access: ContentAccess = isAdmin(auth) ? 'full' : row.enrollment_start ? 'student' : 'outline';
    const modules = await contents.get(`${id}:${access}`, async () => {
      const content = await repo.content(id);
      return toModules(content.modules, content.lessons, access);
    });
    return { ...toSummary(row), modules, has_content_access: access !== 'outline' };
  }

  return {
    /** Whether a course with this id exists, published or not; for the domains built on courses. */
    exists: async (courseId: string): Promise<boolean> => Boolean(await repo.find(courseId)),

    /** The course row, published or not (title, price, currency); for the domains built on courses. */
    find: (courseId: string) => repo.find(courseId),

    detail,

    /**
     * Everyone sees published courses; students and visitors also see unpublished ones as
     * cards flagged is_published false (the web shows Under Construction) — never their content.
     * A published course without lessons is listed to admins only: students could buy nothing.
     */
    async list(
      auth: AuthContext | null,
      query: { is_series?: boolean; category?: string; limit: number; offset: number },
    ): Promise<CourseListResponse> {
      const filter = {
        publishedOnly: false,
        withLessonsOnly: !isAdmin(auth),
        is_series: query.is_series,
        category: query.category?.toLowerCase(),
      };
      const page = { limit: query.limit, offset: query.offset };
      // The cards are the same for every caller of a kind; only the caller's enrolments are theirs.
      const { rows, total } = await cards.get(JSON.stringify([filter, page]), () =>
        repo.list(null, filter, page),
      );
      if (!auth || rows.length === 0) return { courses: rows.map(toSummary), total };
      const mine = new Map((await repo.enrolmentsOf(auth.user.id)).map((row) => [row.course_id, row]));
      return {
        courses: rows.map((row) => toSummary({ ...row, ...mine.get(row.course.id) })),
        total,
      };
    },

    /** Something the cards or a course page show may have changed: the next reads read them again. */
    forgetCards: () => {
      cards.clear();
      contents.clear();
    },

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
      const id = await platform.db.transaction(async (tx) => {
        const txRepo = createCoursesRepo(tx);
        const course = await txRepo.insert({
          ...columnsOf({ ...COURSE_DEFAULTS, ...input }),
          title: input.title ?? COURSE_DEFAULTS.title,
          created_by: auth.user.id,
          created_at: now,
          updated_at: now,
        });
        await txRepo.replaceFeatures(course.id, input.features ?? DEFAULT_FEATURE_IDS);
        return course.id;
      });
      return detail(auth, id);
    },

    /** Partial update: only the fields present change; `features`, when present, replaces the set. */
    async update(auth: AuthContext, id: string, input: CourseInput): Promise<CourseDetail> {
      const replacedImage = await platform.db.transaction(async (tx) => {
        const txRepo = createCoursesRepo(tx);
        const before = input.thumbnail_url === undefined ? undefined : await txRepo.find(id);
        const updated = await txRepo.update(id, { ...columnsOf(input), updated_at: platform.clock.now() });
        if (!updated) throw courseNotFound();
        if (input.features) await txRepo.replaceFeatures(id, input.features);
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
