import { Resource } from '../../../common/resources';

const LONG_TEXT =
  'Zhan zhuang, standing like a post, is where internal training begins. ' +
  'Stand with the feet shoulder-width apart, knees soft, the crown lifted as if by a thread. ' +
  'Let the breath settle into the belly and the shoulders drop. Hold it for five minutes at first.\n\n' +
  'Over the weeks the legs grow strong and the mind quiet: this is the root of every form.';

/** A resource as the API sends one, built through the shared schema. */
export function makeResource(overrides: Partial<Resource> = {}): Resource {
  return Resource.parse({
    id: '5e0b6c1a-2d3f-4a5b-8c6d-000000000001',
    type: 'blog',
    title: 'Standing like a post',
    description: 'Why every class starts with zhan zhuang.',
    author: 'Sifu Lin Wei',
    content: LONG_TEXT,
    video_url: null,
    audio_url: null,
    thumbnail: null,
    duration: '',
    is_published: true,
    related_courses: [],
    courses: [],
    view_count: 4,
    created_at: '2026-11-20T18:00:00.000Z',
    updated_at: '2026-11-21T18:00:00.000Z',
    ...overrides,
  });
}

/** `count` resources with ids and titles of their own, cycling through the three types. */
export function makeResources(count: number, from = 1): Resource[] {
  const types = ['blog', 'video', 'audio'] as const;
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    const type = types[(n - 1) % 3]!;
    return makeResource({
      id: `5e0b6c1a-2d3f-4a5b-8c6d-${String(n).padStart(12, '0')}`,
      title: `Resource ${n}`,
      type,
      content: type === 'blog' ? LONG_TEXT : '',
      video_url: type === 'video' ? `/media/resource-videos/${n}.mp4` : null,
      audio_url: type === 'audio' ? `/media/resource-audio/${n}.mp3` : null,
    });
  });
}

export const FULL_TEXT_END = 'this is the root of every form.';
