import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ResourceCourse, ResourceType } from '../../../common/resources';
import type { Db } from '../../db/client';
import { courses, resources } from '../../db/schema';

const { search: _search, ...tableColumns } = getTableColumns(resources);

export type ResourceFields = Pick<
  typeof resources.$inferInsert,
  | 'type'
  | 'title'
  | 'description'
  | 'author'
  | 'content'
  | 'video_url'
  | 'audio_url'
  | 'thumbnail'
  | 'duration'
  | 'is_published'
  | 'related_courses'
>;

export type ResourceRow = Omit<typeof resources.$inferSelect, 'search'> & { courses: ResourceCourse[] };

interface Page {
  limit: number;
  offset: number;
}

/** What a members' list holds besides being published. */
export interface ResourceFilter {
  type?: ResourceType;
  author?: string;
  courseId?: string;
}

export interface AdminResourceFilter {
  type?: ResourceType;
  status?: 'published' | 'draft';
  q?: string;
}

const published = eq(resources.is_published, true);
const newestFirst = [desc(resources.created_at), desc(resources.id)];
const query = (q: string) => sql`websearch_to_tsquery('english', ${q})`;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The related courses that still exist, in the order the resource lists them, as one subquery of
 * the statement that reads the resources (no query per row). Students see only published courses.
 */
const coursesOf = (allCourses: boolean) =>
  sql<ResourceCourse[]>`coalesce((
    select json_agg(json_build_object('id', c.id, 'title', c.title) order by rc.n)
    from unnest(${resources.related_courses}) with ordinality as rc(id, n)
    join ${courses} c on c.id = rc.id
    ${allCourses ? sql`` : sql`where c.is_published`}
  ), '[]'::json)`.as('courses');

const columnsFor = (allCourses: boolean) => ({ ...tableColumns, courses: coursesOf(allCourses) });

export function createResourcesRepo(db: Db) {
  async function page(where: SQL | undefined, order: SQL[], p: Page, allCourses: boolean) {
    const [rows, [total]] = await Promise.all([
      db
        .select(columnsFor(allCourses))
        .from(resources)
        .where(where)
        .orderBy(...order)
        .limit(p.limit)
        .offset(p.offset),
      db.select({ n: count() }).from(resources).where(where),
    ]);
    return { rows: rows as ResourceRow[], total: total?.n ?? 0 };
  }

  const filtered = (filter: ResourceFilter) =>
    and(
      published,
      filter.type ? eq(resources.type, filter.type) : undefined,
      filter.author ? eq(resources.author, filter.author) : undefined,
      filter.courseId ? sql`${resources.related_courses} @> array[${filter.courseId}]::uuid[]` : undefined,
    );

  return {
    /** Published resources, newest first, narrowed by type, author or related course. */
    listPublished: (filter: ResourceFilter, p: Page) => page(filtered(filter), newestFirst, p, false),

    /** Published resources matching the search (web search syntax), best match first, then newest. */
    search: (q: string, type: ResourceType | undefined, p: Page) =>
      page(
        and(filtered({ type }), sql`${resources.search} @@ ${query(q)}`),
        [desc(sql`ts_rank(${resources.search}, ${query(q)})`), ...newestFirst],
        p,
        false,
      ),

    /** Every resource of a type and status, whose title, author or text has `q`, newest first. */
    listAll(filter: AdminResourceFilter, p: Page) {
      const q = filter.q?.trim();
      return page(
        and(
          filter.type ? eq(resources.type, filter.type) : undefined,
          filter.status ? eq(resources.is_published, filter.status === 'published') : undefined,
          q
            ? or(
                sql`${resources.search} @@ ${query(q)}`,
                ilike(resources.title, likePattern(q)),
                ilike(resources.author, likePattern(q)),
              )
            : undefined,
        ),
        newestFirst,
        p,
        true,
      );
    },

    /**
     * Counts a reading and answers the resource in one statement; a draft is read (and counted)
     * only when `drafts` is true, for an administrator, who also sees unpublished related courses.
     */
    async read(id: string, drafts: boolean): Promise<ResourceRow | undefined> {
      const [row] = await db
        .update(resources)
        .set({ view_count: sql`${resources.view_count} + 1` })
        .where(and(eq(resources.id, id), drafts ? undefined : published))
        .returning(columnsFor(drafts));
      return row;
    },

    /**
     * The resources that show a file (as their thumbnail, video or audio), as uploads asks (a
     * select of `place`).
     */
    fileUses(publicId: string): SQL {
      const url = `%/${publicId}`;
      return sql`select 'resource "' || ${resources.title} || '"' as place from ${resources}
        where ${resources.thumbnail} like ${url} or ${resources.video_url} like ${url} or ${resources.audio_url} like ${url}`;
    },

    async find(id: string): Promise<ResourceRow | undefined> {
      const [row] = await db.select(columnsFor(true)).from(resources).where(eq(resources.id, id)).limit(1);
      return row;
    },

    async insert(fields: ResourceFields, at: Date): Promise<ResourceRow> {
      const [row] = await db
        .insert(resources)
        .values({ ...fields, created_at: at, updated_at: at })
        .returning(columnsFor(true));
      return row as ResourceRow;
    },

    async update(id: string, fields: ResourceFields, at: Date): Promise<ResourceRow | undefined> {
      const [row] = await db
        .update(resources)
        .set({ ...fields, updated_at: at })
        .where(eq(resources.id, id))
        .returning(columnsFor(true));
      return row;
    },

    async remove(id: string): Promise<ResourceRow | undefined> {
      const [row] = await db.delete(resources).where(eq(resources.id, id)).returning(columnsFor(true));
      return row;
    },

    /** Each author of published resources with how many they wrote, the most first, then by name. */
    authors: (): Promise<{ author: string; count: number }[]> =>
      db
        .select({ author: resources.author, count: sql<number>`count(*)`.mapWith(Number) })
        .from(resources)
        .where(published)
        .groupBy(resources.author)
        .orderBy(desc(sql`count(*)`), sql`${resources.author} collate "C"`),

    async stats() {
      const [row] = await db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          published: sql<number>`count(*) filter (where ${resources.is_published})`.mapWith(Number),
          blog: sql<number>`count(*) filter (where ${resources.type} = 'blog')`.mapWith(Number),
          video: sql<number>`count(*) filter (where ${resources.type} = 'video')`.mapWith(Number),
          audio: sql<number>`count(*) filter (where ${resources.type} = 'audio')`.mapWith(Number),
          total_views: sql<number>`coalesce(sum(${resources.view_count}), 0)`.mapWith(Number),
        })
        .from(resources);
      return row!;
    },

    /** Which of `ids` name a course that exists (published or not). */
    async existingCourseIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
      return new Set(rows.map((row) => row.id));
    },
  };
}
export type ResourcesRepo = ReturnType<typeof createResourcesRepo>;
