import { News } from '../../common/news';
import { Quote } from '../../common/quotes';

/** News and quote fixtures for the home page, article and admin tests, built through the shared schemas. */
export function makeNews(overrides: Partial<News> = {}): News {
  return News.parse({
    id: '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a51',
    title: 'Winter seminar with Sifu Lin',
    description: 'Three days of standing, circle walking and push hands.',
    body: 'The seminar runs Friday to Sunday.\n\nBring loose clothing and water.',
    tags: ['seminar', 'baguazhang'],
    status: 'published',
    thumbnail_url: null,
    is_important: false,
    author_name: 'Sifu Lin Wei',
    view_count: 3,
    notified_at: null,
    created_at: '2026-11-20T18:00:00.000Z',
    updated_at: '2026-11-20T18:00:00.000Z',
    ...overrides,
  });
}

/** `count` items, newest first, with ids and titles of their own. */
export function makeNewsList(count: number, from = 1): News[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return makeNews({
      id: `7a1c2e3f-4b5d-4e6f-8a9b-${String(n).padStart(12, '0')}`,
      title: `News item ${n}`,
    });
  });
}

export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return Quote.parse({
    id: '9b8c7d6e-5f4a-4b3c-9d2e-1f0a9b8c7d61',
    text: 'A journey of a thousand miles begins with a single step.',
    chinese: '千里之行，始於足下',
    author: 'Laozi',
    source: 'Tao Te Ching',
    category: 'transformation',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}
