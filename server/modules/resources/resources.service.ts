import {
  RESOURCE_COURSE_NOT_FOUND,
  RESOURCE_NOT_FOUND,
  type ParsedResourceInput,
  type Resource,
  type ResourceListResponse,
  type ResourceStatsResponse,
  type ResourceType,
} from '../../../common/resources';
import type { Platform } from '../../platform';
import type { AuthContext } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import type { MediaRegistry } from '../uploads/uploads.service';
import {
  createResourcesRepo,
  type AdminResourceFilter,
  type ResourceFields,
  type ResourceFilter,
  type ResourceRow,
} from './resources.repo';

interface Page {
  limit: number;
  offset: number;
}

const resourceNotFound = () => notFound(RESOURCE_NOT_FOUND, 'RESOURCE_NOT_FOUND');

const toResource = (row: ResourceRow): Resource => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const toList = ({ rows, total }: { rows: ResourceRow[]; total: number }): ResourceListResponse => ({
  resources: rows.map(toResource),
  total,
});

const fieldsOf = (input: ParsedResourceInput): ResourceFields => ({
  type: input.type,
  title: input.title,
  description: input.description,
  author: input.author,
  content: input.content,
  video_url: input.video_url,
  audio_url: input.audio_url,
  thumbnail: input.thumbnail,
  duration: input.duration,
  is_published: input.is_published,
  related_courses: input.related_courses,
});

/** The fields of a resource that may name an uploaded file. */
const FILE_FIELDS = ['thumbnail', 'video_url', 'audio_url'] as const;

/**
 * Learning resources of the members' area: blog texts, videos and audio recordings. Members read
 * the published ones (an administrator also reads a draft by its id); administrators write.
 */
export function createResourcesService(platform: Platform, deps: { files?: MediaRegistry } = {}) {
  const repo = createResourcesRepo(platform.db);
  // Uploaded thumbnails, videos and audio are the resources' files (`deps.files` is uploads); a
  // lesson's video a resource shows stays the lesson's.
  const files = deps.files?.register({
    folders: ['resource-videos', 'resource-audio', 'resource-thumbnails'],
    uses: (publicId) => repo.fileUses(publicId),
  });
  const now = () => platform.clock.now();

  /** Related courses must exist when saved; one deleted later simply stops being listed. */
  async function checkCourses(ids: string[]) {
    const existing = await repo.existingCourseIds(ids);
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0)
      throw badRequest(RESOURCE_COURSE_NOT_FOUND, 'RESOURCE_COURSE_NOT_FOUND', { courses: missing });
  }

  /** The files a resource showed before a change (or its deletion), dropped when it shows them no longer. */
  async function discardFiles(before: ResourceRow, after: ResourceRow | null) {
    const kept = new Set(after ? FILE_FIELDS.map((field) => after[field]) : []);
    const dropped = new Set(FILE_FIELDS.map((field) => before[field]).filter((url) => url && !kept.has(url)));
    for (const url of dropped) await files?.release(url!);
  }

  return {
    /** Published resources, newest first, narrowed by type, author or related course. */
    list: async (filter: ResourceFilter, page: Page): Promise<ResourceListResponse> =>
      toList(await repo.listPublished(filter, page)),

    /** Published resources matching the words, best match first, then newest. */
    search: async (q: string, type: ResourceType | undefined, page: Page): Promise<ResourceListResponse> =>
      toList(await repo.search(q, type, page)),

    authors: () => repo.authors(),

    /** One resource, counted as a view; a draft is found only by an administrator. */
    async read(auth: AuthContext, id: string): Promise<Resource> {
      const row = await repo.read(id, auth.user.is_admin);
      if (!row) throw resourceNotFound();
      return toResource(row);
    },

    adminList: async (
      filter: Omit<AdminResourceFilter, 'status'> & { status?: 'all' | 'published' | 'draft' },
      page: Page,
    ): Promise<ResourceListResponse> =>
      toList(
        await repo.listAll({ ...filter, status: filter.status === 'all' ? undefined : filter.status }, page),
      ),

    async stats(): Promise<ResourceStatsResponse> {
      const { total, published, blog, video, audio, total_views } = await repo.stats();
      return { total, published, drafts: total - published, by_type: { blog, video, audio }, total_views };
    },

    async create(input: ParsedResourceInput): Promise<Resource> {
      await checkCourses(input.related_courses);
      return toResource(await repo.insert(fieldsOf(input), now()));
    },

    /** Replaces the whole resource; its views stay. A replaced uploaded file goes. */
    async update(id: string, input: ParsedResourceInput): Promise<Resource> {
      const before = await repo.find(id);
      if (!before) throw resourceNotFound();
      await checkCourses(input.related_courses);
      const row = await repo.update(id, fieldsOf(input), now());
      if (!row) throw resourceNotFound();
      await discardFiles(before, row);
      return toResource(row);
    },

    /** Deletes a resource and its uploaded files, unless another resource shows them. */
    async remove(id: string): Promise<void> {
      const row = await repo.remove(id);
      if (!row) throw resourceNotFound();
      await discardFiles(row, null);
    },
  };
}
export type ResourcesService = ReturnType<typeof createResourcesService>;
