import { BlogPost, BlogPostSummary } from '../../../../common/blog';

export const POST_ID = '7d1e2f30-4a5b-4c6d-8e7f-9a0b1c2d3e41';
export const OTHER_POST_ID = '8e2f3041-5b6c-4d7e-9f80-ab1c2d3e4f52';

/** A post as the API sends one: built through the shared schema, so it cannot drift from it. */
export function makePost(overrides: Partial<BlogPost> = {}): BlogPost {
  return BlogPost.parse({
    id: POST_ID,
    slug: 'standing-like-a-tree',
    title: 'Standing Like a Tree',
    excerpt: 'Why Zhan Zhuang comes before every form.',
    content: '<p>Stand, breathe, <strong>relax</strong>.</p>',
    author: 'Sifu Lin',
    banner_image: null,
    meta_description: 'Zhan Zhuang for beginners.',
    status: 'published',
    tags: ['zhan zhuang', 'basics', 'qigong'],
    media: [],
    media_urls: [],
    media_types: [],
    published_at: '2026-02-03T10:00:00.000Z',
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-03T10:00:00.000Z',
    ...overrides,
  });
}

export function makeSummary(overrides: Partial<BlogPost> = {}): BlogPostSummary {
  return BlogPostSummary.parse(makePost(overrides));
}

export const STATS = { total_posts: 12, published: 9, drafts: 3, categories: 7 };
export const TAGS = [
  { tag_name: 'basics', post_count: 4 },
  { tag_name: 'qigong', post_count: 2 },
];
