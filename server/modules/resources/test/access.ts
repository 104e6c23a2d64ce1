import { ResourceListResponse, ResourceResponse } from '../../../../common/resources';
import { resources } from '../../../db/schema';
import { multipart } from '../../uploads/multipart-body';
import { rowsWhere, type MatrixEntry, type World } from '../../../test/access-matrix';
import type { TestApp } from '../../../test/app';
import { createResource, resourceBody } from './factories';
import { isoMediaOfSize, ONE_PIXEL_PNG, wavOfSize } from '../../../test/media-samples';

/*
 * Matrix entries for learning resources: every signed-in member reads the same published
 * resources (no one owns them, so B reads what A reads); administrators write and upload.
 */

interface ResourceWorld extends World {
  resourceId: string;
}
const rw = (w: World) => w as ResourceWorld;

/** A resource of this case alone, for rows that read, change or delete it. */
const freshResource = async (t: TestApp) =>
  ({ resourceId: (await createResource(t, { author: 'Matrix Author' })).id }) as Partial<World>;

const resourceById = (w: World) => ({ params: { id: rw(w).resourceId } });
const resourceRow = (t: TestApp, w: World) => rowsWhere(t, resources, resources.id, rw(w).resourceId);

/** Nobody owns the resources: every member reads them, as A does. */
const anyMember = { studentB: 'allowed' } as const;

const adminResourceWrite = (route: string, call: MatrixEntry['call']): MatrixEntry => ({
  route,
  fresh: freshResource,
  call,
  unchanged: resourceRow,
});

/** The resource form's uploads: a small real file in each route's own field. */
const adminUpload = (
  route: string,
  field: string,
  filename: string,
  type: string,
  data: Buffer,
): MatrixEntry => ({
  route,
  call: () => ({ raw: multipart([{ name: field, filename, type, data }]) }),
});

export const RESOURCE_ENTRIES: MatrixEntry[] = [
  {
    route: 'GET /api/resources',
    call: () => ({ query: { type: 'blog' } }),
    expect: anyMember,
    check: (res) => {
      if (res.statusCode === 200) ResourceListResponse.parse(res.json());
    },
  },
  {
    route: 'GET /api/resources/:id',
    fresh: freshResource,
    call: resourceById,
    expect: anyMember,
    check: (res) => {
      if (res.statusCode === 200) ResourceResponse.parse(res.json());
    },
  },
  { route: 'GET /api/resources/type/:type', call: () => ({ params: { type: 'video' } }), expect: anyMember },
  {
    route: 'GET /api/resources/author/:author',
    call: () => ({ params: { author: 'Matrix Author' } }),
    expect: anyMember,
  },
  { route: 'GET /api/resources/search', call: () => ({ query: { q: 'stance' } }), expect: anyMember },
  {
    route: 'GET /api/resources/course/:courseId',
    call: (w) => ({ params: { courseId: w.course.id } }),
    expect: anyMember,
  },
  { route: 'GET /api/resources/authors', expect: anyMember },
  { route: 'GET /api/admin/resources', call: () => ({ query: { status: 'draft' } }) },
  { route: 'GET /api/admin/resources/stats' },
  {
    route: 'POST /api/admin/resources',
    status: 201,
    call: () => ({ body: resourceBody({ title: 'Matrix resource' }) }),
  },
  adminResourceWrite('PUT /api/admin/resources/:id', (w) => ({
    ...resourceById(w),
    body: resourceBody({ title: 'Retitled' }),
  })),
  adminResourceWrite('DELETE /api/admin/resources/:id', resourceById),
  adminUpload('POST /api/admin/resources/upload-audio', 'audio', 'talk.wav', 'audio/wav', wavOfSize(2000)),
  adminUpload(
    'POST /api/admin/resources/upload-video',
    'video',
    'form.mp4',
    'video/mp4',
    isoMediaOfSize(2000),
  ),
  adminUpload('POST /api/admin/resources/upload-image', 'image', 'cover.png', 'image/png', ONE_PIXEL_PNG),
];
